import CourierPrimitives
import Foundation

/// Streams kept on disk: one append-only log per stream. The default store of `durable-streams serve`.
///
/// Layout of the data directory:
///
/// ```
/// LOCK                       held (flock) while a server uses the directory
/// streams/<id>/meta.json     path, content type, expiry, creation time; for a fork, its source's <id>,
///                            the fork offset and sub-offset
/// streams/<id>/log           the stream's records (see below)
/// streams/<id>/deleted       present when the stream is soft-deleted (kept for its forks)
/// tmp/, trash/               streams being created or deleted; emptied at start
/// ```
///
/// Each append is one record: a 32-byte header (lengths, flags, the producer stamp), the producer id and
/// `Stream-Seq`, the payload, and a CRC-32C of all of it. An offset is the record's position in the log, so a
/// catch-up read is a positioned read with no index to consult. Closing writes a record too, so closure,
/// producer state and data all share one mechanism and one checksum.
///
/// Durability follows ``SyncPolicy``: by default a record is synced before it is acknowledged (appends that
/// arrive together share one sync). Creation writes the stream under `tmp/` and renames it into `streams/`;
/// deletion renames it into `trash/`; both renames are synced. At start, every log is scanned and checked: a
/// record torn by a crash (incomplete, or failing its checksum) is cut off — it was never acknowledged —
/// and its bytes are kept beside the log in `torn-<position>.bin` for inspection.
///
/// A fork's log holds only its own records, from the fork offset on (the part of the source's append that a
/// sub-offset takes is its first record); reads below the fork offset go to the source's log. Reference
/// counts are not stored: at start they are counted from the forks' metadata, and a soft-deleted stream
/// left without forks (its last fork's deletion was interrupted by a crash) is removed then.
@available(OS2022, *)
public final class FileStreamStorage: StreamStorage {
    struct Catalog {
        var streams: [StreamPath: FileStream] = [:]
        var isShutDown = false
    }

    let root: String
    let options: Options
    let lockDescriptor: Int32
    let catalog: Locked<Catalog>
    let notifier: StreamChangeNotifier
    let lanes: [CommitLane]
    let pool: BlockingIOPool
    /// The bound on open logs.
    let descriptors: DescriptorCache
    let gate = AsyncGate()
    private let sweeper: Locked<Task<Void, Never>?> = Locked(nil)

    init(
        root: String,
        options: Options,
        lockDescriptor: Int32,
        streams: [StreamPath: FileStream],
        descriptors: DescriptorCache,
        notifier: StreamChangeNotifier,
        lanes: [CommitLane],
        pool: BlockingIOPool
    ) {
        self.root = root
        self.options = options
        self.lockDescriptor = lockDescriptor
        self.catalog = Locked(Catalog(streams: streams))
        self.descriptors = descriptors
        self.notifier = notifier
        self.lanes = lanes
        self.pool = pool
        let interval = options.sweepInterval
        let task = Task { [weak self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                await self?.sweepExpired()
                await self?.compactRetained(budget: RetentionRules.budgetPerPass)
            }
        }
        sweeper.withLock { $0 = task }
    }

    deinit {
        sweeper.value?.cancel()
    }

    /// The data directory.
    public var directory: String { root }

    /// The number of streams.
    public var streamCount: Int { catalog.withLock { $0.streams.count } }

    /// How many stream logs may stay open at once (see ``Options/maximumOpenLogs``).
    public var openLogCapacity: Int { descriptors.capacity }

    /// How many stream logs are open now.
    package var openLogCount: Int {
        var seen = Set<ObjectIdentifier>()
        var count = 0
        for stream in catalog.withLock({ Array($0.streams.values) }) {
            var next: FileStream? = stream
            while let current = next, seen.insert(ObjectIdentifier(current)).inserted {
                if current.state.withLock({ $0.fd >= 0 }) { count += 1 }
                next = current.origin?.source
            }
        }
        return count
    }

    /// Creates a stream or a fork, or confirms an identical one.
    public func create(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> CreateResult {
        try await gate.withGate { () throws(StreamStorageError) -> CreateResult in
            if let existing = try existingStream(path) {
                switch status(of: existing) {
                case .softDeleted:
                    throw StreamStorageError(.retainedForForks)
                case .expired:
                    if try await expireLocked(existing) { throw StreamStorageError(.retainedForForks) }
                case .live(let info):
                    let sourceConfiguration = existing.origin?.source.state.withLock { $0.decided.configuration }
                    guard StreamRules.matches(request, existing: info, existingSource: sourceConfiguration) else {
                        throw StreamStorageError(.configurationMismatch)
                    }
                    if let ticket = existing.state.withLock({ $0.outstandingTicket }),
                        let failure = await existing.waitForCommit(ticket)
                    {
                        throw failure
                    }
                    return .existing(existing.state.withLock { existing.info($0) })
                }
            }
            if let issue = StreamRules.creationIssue(request, now: options.now()) { throw issue }
            guard let fork = request.fork else {
                return .created(try await makeStream(path, request, configuration: request.configuration))
            }
            return .created(try await makeFork(path, request, fork))
        }
    }

    /// Appends to, or closes, a stream.
    public func append(_ path: StreamPath, _ request: AppendRequest) async throws(StreamStorageError) -> AppendResult {
        let stream = try await lookup(path, touch: true)
        // The object is one incarnation: once deleted it refuses the append under its lock below.
        if let mismatch = StreamIncarnation.check(expected: request.expectedIncarnation, current: stream.incarnation) {
            throw mismatch
        }
        let prepared =
            request.payload.isEmpty
            ? nil
            : LogRecord.encode(
                payload: request.payload,
                closes: request.closeStream,
                producer: request.producer,
                streamSequence: request.streamSequence
            )
        let accepted = try stream.state.withLock { state throws(StreamStorageError) in
            try state.append(request, record: prepared, base: stream.base)
        }
        if accepted.schedule { stream.lane.schedule(stream) }
        if let ticket = accepted.ticket, let failure = await stream.waitForCommit(ticket) { throw failure }
        await retainAfterAppend(stream, result: accepted.result)
        return accepted.result
    }

    /// The stream's committed metadata (not a use for its time-to-live).
    public func info(_ path: StreamPath) async throws(StreamStorageError) -> StreamInfo {
        let stream = try await lookup(path, touch: false)
        return try stream.state.withLock { state throws(StreamStorageError) in
            try state.requireLive()
            return stream.info(state)
        }
    }

    /// Reads from `start`, at least one whole append and about `maxBytes`; a fork's inherited appends come
    /// first.
    public func read(_ path: StreamPath, from start: ReadStart, maxBytes: Int) async throws(StreamStorageError)
        -> ReadResult
    {
        let stream = try await lookup(path, touch: true)
        return try await read(stream, from: start, maxBytes: maxBytes)
    }

    /// Deletes a stream, or soft-deletes it while it has forks: durable once this returns.
    public func delete(_ path: StreamPath) async throws(StreamStorageError) {
        try await gate.withGate { () throws(StreamStorageError) in
            guard let stream = try existingStream(path) else { throw StreamStorageError(.notFound) }
            switch status(of: stream) {
            case .softDeleted:
                throw StreamStorageError(.gone)
            case .expired:
                throw try await expireLocked(stream) ? StreamStorageError(.gone) : StreamStorageError(.notFound)
            case .live:
                _ = try await expireLocked(stream)
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
        let stream: FileStream
        do throws(StreamStorageError) {
            stream = try await lookup(path, touch: true)
        } catch {
            return WaitResult(failedLookup: error)
        }
        return await notifier.wait(for: path, after: offset, timeout: timeout, cancellation: cancellation) {
            stream.state.withLock { $0.changeSnapshot }
        }
    }

    /// Writes and syncs everything pending, wakes every waiter, closes the logs and releases the directory.
    public func shutdown() async {
        let alreadyDown = catalog.withLock { catalog -> Bool in
            defer { catalog.isShutDown = true }
            return catalog.isShutDown
        }
        guard !alreadyDown else { return }
        sweeper.value?.cancel()
        notifier.shutdown()
        let lanes = self.lanes
        var streams: [FileStream] = []
        var seen = Set<ObjectIdentifier>()
        for stream in catalog.withLock({ Array($0.streams.values) }) {
            var next: FileStream? = stream
            while let current = next, seen.insert(ObjectIdentifier(current)).inserted {
                streams.append(current)
                next = current.origin?.source
            }
        }
        let lock = lockDescriptor
        await pool.run { [streams] in
            for lane in lanes { lane.stopAndWait() }
            for stream in streams { stream.shutDown() }
            FileIO.close(lock)
        }
        pool.stop()
    }

    // MARK: - Internals

    func existingStream(_ path: StreamPath) throws(StreamStorageError) -> FileStream? {
        try catalog.withLock { catalog throws(StreamStorageError) in
            guard !catalog.isShutDown else { throw StreamStorageError(.unavailable) }
            return catalog.streams[path]
        }
    }

    /// Finds a live stream, expiring it if its time has come.
    func lookup(_ path: StreamPath, touch: Bool) async throws(StreamStorageError) -> FileStream {
        guard let stream = try existingStream(path) else { throw StreamStorageError(.notFound) }
        switch status(of: stream, touch: touch) {
        case .live:
            return stream
        case .softDeleted:
            throw StreamStorageError(.gone)
        case .expired:
            try await gate.withGate { () throws(StreamStorageError) in
                guard try existingStream(path) === stream else { throw StreamStorageError(.notFound) }
                switch status(of: stream) {
                case .softDeleted: throw StreamStorageError(.gone)
                case .expired:
                    throw try await expireLocked(stream) ? StreamStorageError(.gone) : StreamStorageError(.notFound)
                case .live: break
                }
            }
            return stream
        }
    }
}
