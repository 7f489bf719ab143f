import CourierPrimitives
public import Foundation

/// Streams kept in memory: for tests, ephemeral servers and embedding. Nothing survives the process.
///
/// Offsets count payload bytes. Producer state and data change together under the stream's lock.
/// Expired streams are removed when next touched and by a periodic sweep. A fork keeps a reference to its
/// source and reads the source's appends below the fork offset; a source deleted while it has forks is
/// soft-deleted, and removed with the last of them.
@available(OS2022, *)
public final class MemoryStreamStorage: ImmediateStreamStorage {
    struct Contents {
        var state: StreamState
        /// The stream's own appends (a fork's start at its fork offset).
        var log: RecordLog
        var lastUse: Date
        /// Removed for good.
        var isDeleted = false
        /// Deleted while forks read from it: kept for them, gone for everyone else.
        var isSoftDeleted = false
        /// How many existing streams were forked from this one. Changed only with the catalog locked.
        var forkCount = 0
        /// The earliest offset readers may read: retention dropped what is before it.
        var retainedStart: UInt64 = 0
        /// When the appends still kept were made (for retention by age).
        var times = AppendTimes()

        init(state: StreamState, lastUse: Date) {
            self.state = state
            self.log = RecordLog(base: state.tail.position)
            self.lastUse = lastUse
        }

        /// Adds an append made at `time` and moves the tail past it.
        mutating func add(_ payload: [UInt8], at time: Date) {
            log.append(payload)
            state.tail = StreamOffset(position: log.end)
            times.record(end: log.end, at: time)
        }
    }

    /// A fork's source (kept alive by this reference for as long as the fork exists) and where it diverged.
    struct Origin: Sendable {
        let source: Stream
        let fork: ForkOrigin
    }

    final class Stream: Sendable {
        let path: StreamPath
        let incarnation: String
        let origin: Origin?
        let contents: Locked<Contents>

        init(path: StreamPath, incarnation: String, origin: Origin?, contents: Contents) {
            self.path = path
            self.incarnation = incarnation
            self.origin = origin
            self.contents = Locked(contents)
        }

        func info(_ contents: Contents) -> StreamInfo {
            var info = StreamInfo(
                path: path,
                configuration: contents.state.configuration,
                tail: contents.state.tail,
                isClosed: contents.state.isClosed,
                incarnation: incarnation,
                fork: origin?.fork
            )
            info.retainedStart = StreamOffset(position: contents.retainedStart)
            return info
        }
    }

    struct Catalog {
        /// Every stream by path, soft-deleted ones included (they keep their path).
        var streams: [StreamPath: Stream] = [:]
        var nextIncarnation: UInt64 = 0
        var isShutDown = false
    }

    /// The paths whose waiters are woken once the catalog is unlocked.
    struct Wakeups {
        var deleted: [StreamPath] = []
        var gone: [StreamPath] = []
    }

    let catalog = Locked(Catalog())
    /// Control documents (``StreamCatalog``), by folder and name.
    let documents = Locked<[String: [String: [UInt8]]]>([:])
    let notifier = StreamChangeNotifier()
    let now: @Sendable () -> Date
    private let sweeper: Locked<Task<Void, Never>?> = Locked(nil)

    /// Creates an empty store.
    /// - Parameters:
    ///   - sweepInterval: How often expired streams are removed even if nobody touches them.
    ///   - now: The clock for expiry (tests pass a manual one).
    public init(sweepInterval: Duration = .seconds(60), now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
        let task = Task { [weak self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: sweepInterval) } catch { return }
                self?.sweepExpired()
                self?.compactPass()
            }
        }
        sweeper.withLock { $0 = task }
    }

    deinit {
        sweeper.value?.cancel()
    }

    /// The number of streams, soft-deleted ones included.
    public var streamCount: Int { catalog.withLock { $0.streams.count } }

    /// Creates a stream or a fork, or confirms an identical one.
    public func create(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> CreateResult {
        let time = now()
        return try withCatalog { catalog, wakeups throws(StreamStorageError) -> CreateResult in
            guard !catalog.isShutDown else { throw StreamStorageError(.unavailable) }
            if let existing = catalog.streams[path] {
                switch Self.status(of: existing, at: time) {
                case .softDeleted:
                    throw StreamStorageError(.retainedForForks)
                case .expired:
                    if Self.expire(existing, in: &catalog, wakeups: &wakeups) {
                        throw StreamStorageError(.retainedForForks)
                    }
                case .live(let info):
                    let sourceConfiguration = existing.origin?.source.contents.withLock { $0.state.configuration }
                    guard StreamRules.matches(request, existing: info, existingSource: sourceConfiguration) else {
                        throw StreamStorageError(.configurationMismatch)
                    }
                    return .existing(info)
                }
            }
            if let issue = StreamRules.creationIssue(request, now: time) { throw issue }
            catalog.nextIncarnation += 1
            let incarnation = "m\(catalog.nextIncarnation)-\(StreamIncarnation.random())"
            let stream: Stream
            if let fork = request.fork {
                stream = try Self.makeFork(
                    path, request, fork, incarnation: incarnation, time: time, catalog: &catalog, wakeups: &wakeups)
            } else {
                stream = Stream(
                    path: path, incarnation: incarnation, origin: nil,
                    contents: Contents(state: StreamState(configuration: request.configuration), lastUse: time))
            }
            let info = stream.contents.withLock { contents -> StreamInfo in
                if !request.initialPayload.isEmpty { contents.add(request.initialPayload, at: time) }
                contents.state.isClosed = request.closed
                return stream.info(contents)
            }
            catalog.streams[path] = stream
            return .created(info)
        }
    }

    /// Appends to, or closes, a stream.
    public func append(_ path: StreamPath, _ request: AppendRequest) async throws(StreamStorageError) -> AppendResult {
        try appendNow(path, request)
    }

    /// Appends to, or closes, a stream, without suspending: the stream's lock is all it waits for.
    public func appendNow(_ path: StreamPath, _ request: AppendRequest) throws(StreamStorageError) -> AppendResult {
        let stream = try lookup(path, touch: true)
        // The object is one incarnation: once deleted it refuses the append under its lock below.
        if let mismatch = StreamIncarnation.check(expected: request.expectedIncarnation, current: stream.incarnation) {
            throw mismatch
        }
        let time = now()
        let (result, changed) = try stream.contents.withLock {
            contents throws(StreamStorageError) -> (AppendResult, Bool) in
            try StreamStorageError.requireLive(deleted: contents.isDeleted, softDeleted: contents.isSoftDeleted)
            let decision = StreamRules.decide(request, on: contents.state)
            let state = contents.state
            switch decision {
            case .reject(let error):
                throw error
            case .duplicate(let last):
                return (.duplicate(tail: state.tail, lastSequence: last, closed: state.isClosed), false)
            case .alreadyClosed:
                return (.closed(tail: state.tail), false)
            case .close:
                StreamRules.apply(decision, request, to: &contents.state, newTail: state.tail)
                return (.closed(tail: state.tail), true)
            case .append(let closes):
                contents.add(request.payload, at: time)
                let tail = StreamOffset(position: contents.log.end)
                StreamRules.apply(decision, request, to: &contents.state, newTail: tail)
                Self.applyRetention(to: &contents, of: stream, at: time, budget: RetentionRules.budgetOnAppend)
                return (.appended(tail: tail, closed: closes), true)
            }
        }
        if changed {
            let snapshot = stream.contents.withLock { ($0.state.tail, $0.state.isClosed) }
            notifier.publish(path, tail: snapshot.0, closed: snapshot.1)
        }
        return result
    }

    /// The stream's metadata (not a use for its time-to-live).
    public func info(_ path: StreamPath) async throws(StreamStorageError) -> StreamInfo {
        let stream = try lookup(path, touch: false)
        return try stream.contents.withLock { contents throws(StreamStorageError) in
            try StreamStorageError.requireLive(deleted: contents.isDeleted, softDeleted: contents.isSoftDeleted)
            return stream.info(contents)
        }
    }

    /// Reads from `start`, at least one whole append and about `maxBytes`; a fork's inherited appends
    /// come first.
    public func read(_ path: StreamPath, from start: ReadStart, maxBytes: Int) async throws(StreamStorageError)
        -> ReadResult
    {
        try readNow(path, from: start, maxBytes: maxBytes)
    }

    /// Reads as ``read(_:from:maxBytes:)`` does, without suspending: the store's locks are all it waits for.
    public func readNow(_ path: StreamPath, from start: ReadStart, maxBytes: Int) throws(StreamStorageError)
        -> ReadResult
    {
        let stream = try lookup(path, touch: true)
        return try Self.read(stream, from: start, maxBytes: maxBytes)
    }

    /// Deletes a stream, or soft-deletes it while it has forks.
    public func delete(_ path: StreamPath) async throws(StreamStorageError) {
        let time = now()
        try withCatalog { catalog, wakeups throws(StreamStorageError) in
            guard !catalog.isShutDown else { throw StreamStorageError(.unavailable) }
            guard let stream = catalog.streams[path] else { throw StreamStorageError(.notFound) }
            switch Self.status(of: stream, at: time) {
            case .softDeleted:
                throw StreamStorageError(.gone)
            case .expired:
                throw Self.expire(stream, in: &catalog, wakeups: &wakeups)
                    ? StreamStorageError(.gone) : StreamStorageError(.notFound)
            case .live:
                _ = Self.expire(stream, in: &catalog, wakeups: &wakeups)
            }
        }
    }

    /// Waits for data after `offset`, closure or deletion.
    public func waitForAppend(
        _ path: StreamPath,
        after offset: StreamOffset,
        timeout: Duration,
        cancellation: WaitCancellation?
    ) async -> WaitResult {
        let stream: Stream
        do {
            stream = try lookup(path, touch: true)
        } catch {
            return WaitResult(failedLookup: error)
        }
        return await notifier.wait(for: path, after: offset, timeout: timeout, cancellation: cancellation) {
            stream.contents.withLock { contents in
                contents.isDeleted
                    ? nil
                    : StreamChangeNotifier.Snapshot(
                        tail: contents.state.tail, isClosed: contents.state.isClosed, isGone: contents.isSoftDeleted)
            }
        }
    }

    /// Stops the store and wakes every waiter.
    public func shutdown() async {
        catalog.withLock { $0.isShutDown = true }
        sweeper.value?.cancel()
        notifier.shutdown()
    }

    /// Removes every expired stream now, or soft-deletes it while it has forks (the periodic sweep calls
    /// this).
    public func sweepExpired() {
        let time = now()
        withCatalog { catalog, wakeups in
            let expired = catalog.streams.values.filter { stream in
                if case .expired = Self.status(of: stream, at: time) { return true }
                return false
            }
            for stream in expired { _ = Self.expire(stream, in: &catalog, wakeups: &wakeups) }
        }
    }

    // MARK: - Internals

    /// Runs `body` with the catalog locked, then wakes the waiters it collected.
    func withCatalog<Value, Failure: Error>(
        _ body: (inout Catalog, inout Wakeups) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        var wakeups = Wakeups()
        let result = catalog.withLock { catalog in
            Result { () throws(Failure) in try body(&catalog, &wakeups) }
        }
        for path in wakeups.gone { notifier.publishGone(path) }
        for path in wakeups.deleted { notifier.publishDeleted(path) }
        return try result.get()
    }

    /// Finds a live stream, expiring it if its time has come.
    func lookup(_ path: StreamPath, touch: Bool) throws(StreamStorageError) -> Stream {
        let time = now()
        return try withCatalog { catalog, wakeups throws(StreamStorageError) -> Stream in
            guard !catalog.isShutDown else { throw StreamStorageError(.unavailable) }
            guard let stream = catalog.streams[path] else { throw StreamStorageError(.notFound) }
            switch Self.status(of: stream, at: time, touch: touch) {
            case .softDeleted: throw StreamStorageError(.gone)
            case .expired:
                throw Self.expire(stream, in: &catalog, wakeups: &wakeups)
                    ? StreamStorageError(.gone) : StreamStorageError(.notFound)
            case .live: return stream
            }
        }
    }
}
