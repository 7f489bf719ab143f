import CourierPrimitives
import Foundation

/// Streams kept in memory: for tests, ephemeral servers and embedding. Nothing survives the process.
///
/// Offsets count payload bytes. Producer state and data change together under the stream's lock.
/// Expired streams are removed when next touched and by a periodic sweep.
public final class MemoryStreamStorage: StreamStorage {
    private struct Record {
        let start: UInt64
        let payload: [UInt8]
        var end: UInt64 { start + UInt64(payload.count) }
    }

    private struct Contents {
        var state: StreamState
        var records: [Record] = []
        var lastUse: Date
        var isDeleted = false
    }

    private final class Stream: Sendable {
        let path: StreamPath
        let incarnation: String
        let contents: Locked<Contents>

        init(path: StreamPath, incarnation: String, contents: Contents) {
            self.path = path
            self.incarnation = incarnation
            self.contents = Locked(contents)
        }

        func info(_ contents: Contents) -> StreamInfo {
            StreamInfo(
                path: path,
                configuration: contents.state.configuration,
                tail: contents.state.tail,
                isClosed: contents.state.isClosed,
                incarnation: incarnation
            )
        }
    }

    private struct Catalog {
        var streams: [StreamPath: Stream] = [:]
        var nextIncarnation: UInt64 = 0
        var isShutDown = false
    }

    private let catalog = Locked(Catalog())
    private let notifier = StreamChangeNotifier()
    private let now: @Sendable () -> Date
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
            }
        }
        sweeper.withLock { $0 = task }
    }

    deinit {
        sweeper.value?.cancel()
    }

    /// The number of streams.
    public var streamCount: Int { catalog.withLock { $0.streams.count } }

    /// Creates a stream, or confirms an identical one.
    public func create(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> CreateResult {
        let time = now()
        let (result, expired) = try catalog.withLock { catalog throws(StreamStorageError) -> (CreateResult, Stream?) in
            guard !catalog.isShutDown else { throw .unavailable }
            var expired: Stream?
            if let existing = catalog.streams[path] {
                let outcome = existing.contents.withLock { contents -> CreateResult? in
                    if StreamRules.isExpired(contents.state.configuration, lastUse: contents.lastUse, now: time) {
                        contents.isDeleted = true
                        return nil
                    }
                    return .existing(existing.info(contents))
                }
                if let outcome {
                    let info = outcome.info
                    guard info.configuration.matches(request.configuration), info.isClosed == request.closed else {
                        throw .configurationMismatch
                    }
                    return (outcome, nil)
                }
                catalog.streams[path] = nil
                expired = existing
            }
            if let issue = request.payloadIssue { throw .invalidPayload(issue) }
            catalog.nextIncarnation += 1
            var contents = Contents(state: StreamState(configuration: request.configuration), lastUse: time)
            if !request.initialPayload.isEmpty {
                contents.records.append(Record(start: 0, payload: request.initialPayload))
                contents.state.tail = StreamOffset(position: UInt64(request.initialPayload.count))
            }
            contents.state.isClosed = request.closed
            let stream = Stream(path: path, incarnation: "m\(catalog.nextIncarnation)", contents: contents)
            catalog.streams[path] = stream
            return (.created(stream.info(contents)), expired)
        }
        if expired != nil { notifier.publishDeleted(path) }
        return result
    }

    /// Appends to, or closes, a stream.
    public func append(_ path: StreamPath, _ request: AppendRequest) async throws(StreamStorageError) -> AppendResult {
        let stream = try lookup(path, touch: true)
        let (result, changed) = try stream.contents.withLock {
            contents throws(StreamStorageError) -> (AppendResult, Bool) in
            guard !contents.isDeleted else { throw .notFound }
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
                let record = Record(start: state.tail.position, payload: request.payload)
                contents.records.append(record)
                let tail = StreamOffset(position: record.end)
                StreamRules.apply(decision, request, to: &contents.state, newTail: tail)
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
            guard !contents.isDeleted else { throw .notFound }
            return stream.info(contents)
        }
    }

    /// Reads from `start`, at least one whole append and about `maxBytes`.
    public func read(_ path: StreamPath, from start: ReadStart, maxBytes: Int) async throws(StreamStorageError)
        -> ReadResult
    {
        let stream = try lookup(path, touch: true)
        return try stream.contents.withLock { contents throws(StreamStorageError) in
            guard !contents.isDeleted else { throw .notFound }
            let info = stream.info(contents)
            let tail = contents.state.tail
            let from: StreamOffset
            switch start {
            case .beginning: from = .zero
            case .tail: from = tail
            case .offset(let offset): from = offset
            }
            guard from < tail else {
                return ReadResult(info: info, payload: [], start: from, next: tail)
            }
            let records = contents.records
            var low = 0
            var high = records.count
            while low < high {
                let middle = (low + high) / 2
                if records[middle].start < from.position { low = middle + 1 } else { high = middle }
            }
            guard low < records.count, records[low].start == from.position else { throw .invalidOffset(from) }
            var payload: [UInt8] = []
            var index = low
            repeat {
                payload.append(contentsOf: records[index].payload)
                index += 1
            } while index < records.count && payload.count + records[index].payload.count <= maxBytes
            return ReadResult(
                info: info, payload: payload, start: from, next: StreamOffset(position: records[index - 1].end))
        }
    }

    /// Deletes a stream.
    public func delete(_ path: StreamPath) async throws(StreamStorageError) {
        let time = now()
        let removed = try catalog.withLock { catalog throws(StreamStorageError) -> (Stream, Bool) in
            guard !catalog.isShutDown else { throw .unavailable }
            guard let stream = catalog.streams.removeValue(forKey: path) else { throw .notFound }
            let wasExpired = stream.contents.withLock { contents -> Bool in
                contents.isDeleted = true
                return StreamRules.isExpired(contents.state.configuration, lastUse: contents.lastUse, now: time)
            }
            return (stream, wasExpired)
        }
        notifier.publishDeleted(path)
        if removed.1 { throw .notFound }
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
            return error == .unavailable ? .shutdown : .notFound
        }
        return await notifier.wait(for: path, after: offset, timeout: timeout, cancellation: cancellation) {
            stream.contents.withLock { contents in
                contents.isDeleted
                    ? nil : StreamChangeNotifier.Snapshot(tail: contents.state.tail, isClosed: contents.state.isClosed)
            }
        }
    }

    /// Stops the store and wakes every waiter.
    public func shutdown() async {
        catalog.withLock { $0.isShutDown = true }
        sweeper.value?.cancel()
        notifier.shutdown()
    }

    /// Removes every expired stream now (the periodic sweep calls this).
    public func sweepExpired() {
        let time = now()
        let expired = catalog.withLock { catalog -> [StreamPath] in
            var expired: [StreamPath] = []
            for (path, stream) in catalog.streams {
                let isExpired = stream.contents.withLock { contents -> Bool in
                    guard StreamRules.isExpired(contents.state.configuration, lastUse: contents.lastUse, now: time)
                    else { return false }
                    contents.isDeleted = true
                    return true
                }
                if isExpired { expired.append(path) }
            }
            for path in expired { catalog.streams[path] = nil }
            return expired
        }
        for path in expired { notifier.publishDeleted(path) }
    }

    private func lookup(_ path: StreamPath, touch: Bool) throws(StreamStorageError) -> Stream {
        let time = now()
        let (stream, expired) = try catalog.withLock { catalog throws(StreamStorageError) -> (Stream?, Bool) in
            guard !catalog.isShutDown else { throw .unavailable }
            guard let stream = catalog.streams[path] else { throw .notFound }
            let expired = stream.contents.withLock { contents -> Bool in
                if StreamRules.isExpired(contents.state.configuration, lastUse: contents.lastUse, now: time) {
                    contents.isDeleted = true
                    return true
                }
                if touch { contents.lastUse = time }
                return false
            }
            if expired {
                catalog.streams[path] = nil
                return (nil, true)
            }
            return (stream, false)
        }
        guard let stream else {
            if expired { notifier.publishDeleted(path) }
            throw .notFound
        }
        return stream
    }
}
