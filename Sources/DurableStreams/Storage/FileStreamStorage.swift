import CourierPrimitives
import Foundation

/// Streams kept on disk: one append-only log per stream. The default store of `durable-streams serve`.
///
/// Layout of the data directory:
///
/// ```
/// LOCK                       held (flock) while a server uses the directory
/// streams/<id>/meta.json     path, content type, expiry, creation time
/// streams/<id>/log           the stream's records (see below)
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
public final class FileStreamStorage: StreamStorage {
    private struct Catalog {
        var streams: [StreamPath: FileStream] = [:]
        var isShutDown = false
    }

    private let root: String
    private let options: Options
    private let lockDescriptor: Int32
    private let catalog: Locked<Catalog>
    private let notifier: StreamChangeNotifier
    private let lanes: [CommitLane]
    private let pool: BlockingIOPool
    private let gate = AsyncGate()
    private let sweeper: Locked<Task<Void, Never>?> = Locked(nil)

    private init(
        root: String,
        options: Options,
        lockDescriptor: Int32,
        streams: [StreamPath: FileStream],
        notifier: StreamChangeNotifier,
        lanes: [CommitLane],
        pool: BlockingIOPool
    ) {
        self.root = root
        self.options = options
        self.lockDescriptor = lockDescriptor
        self.catalog = Locked(Catalog(streams: streams))
        self.notifier = notifier
        self.lanes = lanes
        self.pool = pool
        let interval = options.sweepInterval
        let task = Task { [weak self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                await self?.sweepExpired()
            }
        }
        sweeper.withLock { $0 = task }
    }

    deinit {
        sweeper.value?.cancel()
    }

    /// Opens (creating if needed) a data directory, recovering every stream in it.
    ///
    /// - Parameters:
    ///   - directory: The data directory.
    ///   - options: How the store runs.
    /// - Throws: ``StreamStorageError/storageFailure(_:)`` when the directory cannot be used: another server
    ///   holds it, a stream's metadata is unreadable, or a system call fails.
    public static func open(at directory: String, options: Options = Options()) async throws(StreamStorageError)
        -> FileStreamStorage
    {
        let pool = BlockingIOPool(threads: options.ioThreads, name: "durable-streams-io")
        let notifier = StreamChangeNotifier()
        let lanes = (0..<options.commitThreads).map {
            CommitLane(name: "durable-streams-commit-\($0)", policy: options.syncPolicy, notifier: notifier)
        }
        let root = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        let now = options.now()
        let policy = options.syncPolicy
        do throws(FileIOError) {
            let (lock, recovered) = try await pool.run { () throws(FileIOError) -> (Int32, [RecoveredStream]) in
                try Recovery.prepare(root: root)
                let lock = try FileIO.lockExclusively(root + "/LOCK")
                do throws(FileIOError) {
                    return (lock, try Recovery.recoverAll(root: root, syncs: policy.syncsMetadata))
                } catch {
                    FileIO.close(lock)
                    throw error
                }
            }
            var streams: [StreamPath: FileStream] = [:]
            for stream in recovered {
                let lane = lanes[Int(UInt(bitPattern: stream.path.hashValue) % UInt(lanes.count))]
                streams[stream.path] = FileStream(
                    path: stream.path,
                    incarnation: stream.incarnation,
                    directory: stream.directory,
                    lane: lane,
                    state: FileStream.State(
                        decided: stream.state,
                        committedTail: stream.state.tail,
                        committedClosed: stream.state.isClosed,
                        fileEnd: stream.fileEnd,
                        writtenEnd: stream.fileEnd,
                        lastUse: now,
                        fd: stream.fd
                    )
                )
            }
            return FileStreamStorage(
                root: root,
                options: options,
                lockDescriptor: lock,
                streams: streams,
                notifier: notifier,
                lanes: lanes,
                pool: pool
            )
        } catch {
            for lane in lanes { lane.stopAndWait() }
            pool.stop()
            throw .storageFailure(error.description)
        }
    }

    /// The data directory.
    public var directory: String { root }

    /// The number of streams.
    public var streamCount: Int { catalog.withLock { $0.streams.count } }

    /// Creates a stream, or confirms an identical one.
    public func create(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> CreateResult {
        try await gate.withGate { () throws(StreamStorageError) -> CreateResult in
            if let existing = try existingStream(path) {
                let expired = existing.state.withLock { state -> Bool in
                    StreamRules.isExpired(state.decided.configuration, lastUse: state.lastUse, now: options.now())
                }
                if expired {
                    try await removeLocked(existing)
                } else {
                    let (info, closed) = existing.state.withLock { ($0.decided.configuration, $0.decided.isClosed) }
                    guard info.matches(request.configuration), closed == request.closed else {
                        throw .configurationMismatch
                    }
                    if let ticket = existing.state.withLock({
                        $0.issuedTicket > $0.committedTicket ? $0.issuedTicket : nil
                    }),
                        let failure = await existing.waitForCommit(ticket)
                    {
                        throw failure
                    }
                    return .existing(existing.state.withLock { existing.info($0) })
                }
            }
            if let issue = request.payloadIssue { throw .invalidPayload(issue) }
            return .created(try await makeStream(path, request))
        }
    }

    /// Appends to, or closes, a stream.
    public func append(_ path: StreamPath, _ request: AppendRequest) async throws(StreamStorageError) -> AppendResult {
        let stream = try await lookup(path, touch: true)
        let prepared =
            request.payload.isEmpty
            ? nil
            : LogRecord.encode(
                payload: request.payload,
                closes: request.closeStream,
                producer: request.producer,
                streamSequence: request.streamSequence
            )
        let (result, ticket, schedule) = try stream.state.withLock {
            state throws(StreamStorageError) -> (AppendResult, UInt64?, Bool) in
            guard !state.isDeleted else { throw .notFound }
            if let failure = state.failure { throw .storageFailure(failure) }
            let decision = StreamRules.decide(request, on: state.decided)
            let outstanding = state.issuedTicket > state.committedTicket ? state.issuedTicket : nil
            let record: [UInt8]
            switch decision {
            case .reject(let error):
                throw error
            case .duplicate(let last):
                let decided = state.decided
                return (
                    .duplicate(tail: decided.tail, lastSequence: last, closed: decided.isClosed), outstanding, false
                )
            case .alreadyClosed:
                return (.closed(tail: state.decided.tail), outstanding, false)
            case .close:
                record = LogRecord.encode(payload: [], closes: true, producer: request.producer, streamSequence: nil)
                StreamRules.apply(decision, request, to: &state.decided, newTail: state.decided.tail)
            case .append:
                guard let prepared else { throw .invalidPayload("an append must have a body") }
                record = prepared
                StreamRules.apply(
                    decision,
                    request,
                    to: &state.decided,
                    newTail: StreamOffset(position: state.fileEnd + UInt64(prepared.count))
                )
            }
            state.fileEnd += UInt64(record.count)
            state.pending.append(record)
            state.issuedTicket += 1
            let schedule = !state.isScheduled
            state.isScheduled = true
            let result: AppendResult =
                decision == .close
                ? .closed(tail: state.decided.tail)
                : .appended(tail: state.decided.tail, closed: state.decided.isClosed)
            return (result, state.issuedTicket, schedule)
        }
        if schedule { stream.lane.schedule(stream) }
        if let ticket, let failure = await stream.waitForCommit(ticket) { throw failure }
        return result
    }

    /// The stream's committed metadata (not a use for its time-to-live).
    public func info(_ path: StreamPath) async throws(StreamStorageError) -> StreamInfo {
        let stream = try await lookup(path, touch: false)
        return try stream.state.withLock { state throws(StreamStorageError) in
            guard !state.isDeleted else { throw .notFound }
            return stream.info(state)
        }
    }

    /// Reads from `start`, at least one whole append and about `maxBytes`.
    public func read(_ path: StreamPath, from start: ReadStart, maxBytes: Int) async throws(StreamStorageError)
        -> ReadResult
    {
        let stream = try await lookup(path, touch: true)
        let (info, from, fd) = try stream.state.withLock {
            state throws(StreamStorageError) -> (StreamInfo, StreamOffset, Int32?) in
            guard !state.isDeleted, state.fd >= 0 else { throw .notFound }
            let info = stream.info(state)
            let from: StreamOffset
            switch start {
            case .beginning: from = .zero
            case .tail: from = info.tail
            case .offset(let offset): from = offset
            }
            guard from < info.tail else { return (info, from, nil) }
            state.fdUsers += 1
            return (info, from, state.fd)
        }
        guard let fd else { return ReadResult(info: info, payload: [], start: from, next: info.tail) }
        defer { stream.releaseDescriptor() }
        let logPath = stream.logPath
        let tail = info.tail
        let (payload, next) = try await pool.run { () throws(StreamStorageError) in
            try FileStream.readPayloads(fd: fd, logPath: logPath, from: from, tail: tail, maxBytes: maxBytes)
        }
        return ReadResult(info: info, payload: payload, start: from, next: next)
    }

    /// Deletes a stream: durable once this returns.
    public func delete(_ path: StreamPath) async throws(StreamStorageError) {
        try await gate.withGate { () throws(StreamStorageError) in
            guard let stream = try existingStream(path) else { throw .notFound }
            let expired = stream.state.withLock {
                StreamRules.isExpired($0.decided.configuration, lastUse: $0.lastUse, now: options.now())
            }
            try await removeLocked(stream)
            if expired { throw .notFound }
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
            return error == .unavailable ? .shutdown : .notFound
        }
        return await notifier.wait(for: path, after: offset, timeout: timeout, cancellation: cancellation) {
            stream.state.withLock { state in
                state.isDeleted
                    ? nil : StreamChangeNotifier.Snapshot(tail: state.committedTail, isClosed: state.committedClosed)
            }
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
        let streams = catalog.withLock { Array($0.streams.values) }
        let lock = lockDescriptor
        await pool.run {
            for lane in lanes { lane.stopAndWait() }
            for stream in streams {
                stream.state.withLock { state in
                    state.isDeleted = true
                    if state.fd >= 0 && state.fdUsers == 0 {
                        FileIO.close(state.fd)
                        state.fd = -1
                    }
                }
            }
            FileIO.close(lock)
        }
        pool.stop()
    }

    /// Removes every expired stream now (the periodic sweep calls this).
    public func sweepExpired() async {
        let time = options.now()
        let expired = catalog.withLock { catalog in
            catalog.streams.values.filter { stream in
                stream.state.withLock {
                    StreamRules.isExpired($0.decided.configuration, lastUse: $0.lastUse, now: time)
                }
            }
        }
        for stream in expired {
            try? await gate.withGate { () throws(StreamStorageError) in
                guard try existingStream(stream.path) === stream else { return }
                try await removeLocked(stream)
            }
        }
    }

    // MARK: - Internals

    private func existingStream(_ path: StreamPath) throws(StreamStorageError) -> FileStream? {
        try catalog.withLock { catalog throws(StreamStorageError) in
            guard !catalog.isShutDown else { throw .unavailable }
            return catalog.streams[path]
        }
    }

    private func lookup(_ path: StreamPath, touch: Bool) async throws(StreamStorageError) -> FileStream {
        guard let stream = try existingStream(path) else { throw .notFound }
        let time = options.now()
        let expired = stream.state.withLock { state -> Bool in
            if StreamRules.isExpired(state.decided.configuration, lastUse: state.lastUse, now: time) { return true }
            if touch { state.lastUse = time }
            return false
        }
        if expired {
            try await gate.withGate { () throws(StreamStorageError) in
                if try existingStream(path) === stream { try await removeLocked(stream) }
            }
            throw .notFound
        }
        return stream
    }

    /// Creates a stream's directory under `tmp/`, then renames it into `streams/` (gate held).
    private func makeStream(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> StreamInfo
    {
        let incarnation = Self.newIncarnation()
        let temporary = "\(root)/tmp/\(incarnation)"
        let final = "\(root)/streams/\(incarnation)"
        let streamsDirectory = "\(root)/streams"
        let meta = StreamMeta(path: path, configuration: request.configuration, createdAt: options.now())
        let records: [UInt8]
        if !request.initialPayload.isEmpty {
            records = LogRecord.encode(
                payload: request.initialPayload, closes: request.closed, producer: nil, streamSequence: nil)
        } else if request.closed {
            records = LogRecord.encode(payload: [], closes: true, producer: nil, streamSequence: nil)
        } else {
            records = []
        }
        let syncs = options.syncPolicy.syncsMetadata
        let fd: Int32
        do throws(FileIOError) {
            fd = try await pool.run { () throws(FileIOError) -> Int32 in
                try FileIO.makeDirectory(temporary)
                try FileIO.writeWholeFile(temporary + "/meta.json", try meta.encoded(), sync: syncs)
                let fd = try FileIO.open(temporary + "/log", flags: O_RDWR | O_CREAT | O_EXCL)
                do throws(FileIOError) {
                    try records.withBytes { bytes throws(FileIOError) in
                        try FileIO.write(fd, bytes, at: 0, path: temporary)
                    }
                    if syncs {
                        try FileIO.syncData(fd, path: temporary + "/log")
                        try FileIO.syncDirectory(temporary)
                    }
                    try FileIO.rename(temporary, final)
                    if syncs { try FileIO.syncDirectory(streamsDirectory) }
                } catch {
                    FileIO.close(fd)
                    FileIO.removeTree(temporary)
                    throw error
                }
                return fd
            }
        } catch {
            throw .storageFailure(error.description)
        }
        var state = StreamState(configuration: request.configuration)
        if !request.initialPayload.isEmpty { state.tail = StreamOffset(position: UInt64(records.count)) }
        state.isClosed = request.closed
        let lane = lanes[Int(UInt(bitPattern: path.hashValue) % UInt(lanes.count))]
        let stream = FileStream(
            path: path,
            incarnation: incarnation,
            directory: final,
            lane: lane,
            state: FileStream.State(
                decided: state,
                committedTail: state.tail,
                committedClosed: state.isClosed,
                fileEnd: UInt64(records.count),
                writtenEnd: UInt64(records.count),
                lastUse: options.now(),
                fd: fd
            )
        )
        catalog.withLock { $0.streams[path] = stream }
        return stream.state.withLock { stream.info($0) }
    }

    /// Removes a stream: waits for its pending writes, wakes its readers, renames it into `trash/` (synced)
    /// and deletes the files in the background (gate held).
    private func removeLocked(_ stream: FileStream) async throws(StreamStorageError) {
        catalog.withLock { catalog in
            if catalog.streams[stream.path] === stream { catalog.streams[stream.path] = nil }
        }
        let ticket = stream.state.withLock { state -> UInt64 in
            state.isDeleted = true
            return state.issuedTicket
        }
        _ = await stream.waitForCommit(ticket)
        notifier.publishDeleted(stream.path)
        let trash = "\(root)/trash/\(stream.incarnation)"
        let directory = stream.directory
        let streamsDirectory = "\(root)/streams"
        let syncs = options.syncPolicy.syncsMetadata
        do throws(FileIOError) {
            try await pool.run { () throws(FileIOError) in
                try FileIO.rename(directory, trash)
                if syncs { try FileIO.syncDirectory(streamsDirectory) }
            }
        } catch {
            throw .storageFailure(error.description)
        }
        stream.closeIfUnused()
        Task { [pool] in await pool.run { FileIO.removeTree(trash) } }
    }

    private static func newIncarnation() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }
}
