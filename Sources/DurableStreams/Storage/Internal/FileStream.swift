import CourierPrimitives
import Foundation

/// One stream of the file store: the driver of its ``FileStreamState``. It holds the state behind a lock, performs
/// the I/O the state's transitions ask for (opening and closing the log, resuming waiters), and reads the log.
@available(OS2022, *)
final class FileStream: Sendable {
    /// What an acknowledgement waiter is resumed with: `nil`, or the failure of the writes.
    typealias AckWaiter = CheckedContinuation<StreamStorageError?, Never>
    typealias State = FileStreamState<AckWaiter>
    typealias Flush = State.Flush

    /// A fork's source (kept alive by this reference for as long as the fork exists) and where it diverged.
    struct Origin: Sendable {
        let source: FileStream
        let offset: StreamOffset
        let subOffset: UInt64
    }

    /// Why a flush could not start: the log could not be reopened.
    struct ReopenFailure: Error {
        let error: FileIOError
    }

    let path: StreamPath
    let incarnation: String
    let directory: String
    let logPath: String
    let lane: CommitLane
    /// The store's bound on open logs.
    let descriptors: DescriptorCache
    let state: Locked<State>
    /// What retention needs besides the state: append times, the state as of the retained start.
    let retention: Locked<FileRetention>
    /// Where a fork came from; `nil` for a stream that is not a fork.
    let origin: Origin?
    /// The offset of the log's first byte: a fork's own log starts at its fork offset, any other at 0.
    var base: UInt64 { origin?.offset.position ?? 0 }

    init(
        path: StreamPath,
        incarnation: String,
        directory: String,
        lane: CommitLane,
        descriptors: DescriptorCache,
        origin: Origin?,
        state: State,
        retention: FileRetention = FileRetention()
    ) {
        self.path = path
        self.incarnation = incarnation
        self.directory = directory
        self.logPath = directory + "/log"
        self.lane = lane
        self.descriptors = descriptors
        self.origin = origin
        self.state = Locked(state)
        self.retention = Locked(retention)
    }

    /// The committed metadata.
    func info(_ state: State) -> StreamInfo {
        var info = StreamInfo(
            path: path,
            configuration: state.decided.configuration,
            tail: state.committedTail,
            isClosed: state.committedClosed,
            incarnation: incarnation,
            fork: origin.map { ForkOrigin(source: $0.source.path, offset: $0.offset, subOffset: $0.subOffset) }
        )
        info.retainedStart = StreamOffset(position: state.retainedStart)
        return info
    }

    /// Waits until the ticket is committed; returns the failure if the writes failed instead.
    func waitForCommit(_ ticket: UInt64) async -> StreamStorageError? {
        await withCheckedContinuation { continuation in
            switch state.withLock({ $0.awaitCommit(ticket, waiter: continuation) }) {
            case .committed: continuation.resume(returning: nil)
            case .failed(let failure): continuation.resume(returning: .storageFailure(failure))
            case .waiting: break
            }
        }
    }

    /// Takes the pending records for writing (commit lane only), reopening the log if it was closed.
    func takePending() throws(ReopenFailure) -> Flush? {
        let flush = try state.withLock { state throws(ReopenFailure) -> Flush? in
            try state.takeFlush { () throws(ReopenFailure) -> Int32 in try reopen() }
        }
        if flush != nil { descriptors.touch(self) }
        return flush
    }

    /// Marks the stream as queued again: the lane retries its pending records, so appends need not queue it.
    func markScheduled() {
        state.withLock { $0.markScheduled() }
    }

    /// Borrows the log's descriptor, reopening the log if it was closed; `nil` once the stream is removed.
    /// Pair a descriptor with ``releaseDescriptor()``.
    func borrowDescriptor() throws(FileIOError) -> Int32? {
        let fd = try state.withLock { state throws(FileIOError) -> Int32? in
            try state.borrowDescriptor { () throws(FileIOError) -> Int32 in
                try FileIO.openRegular(logPath, flags: O_RDWR)
            }
        }
        if fd != nil { descriptors.touch(self) }
        return fd
    }

    /// Holds retention from releasing the log's bytes from `position` on, until ``unpin(_:)``: a response sends
    /// them from the file after the read returns.
    func pin(_ position: UInt64) {
        retention.withLock { $0.pins[position, default: 0] += 1 }
    }

    /// Ends a pin; returns the offset below which a release was held back, when it may now proceed.
    func unpin(_ position: UInt64) -> UInt64? {
        retention.withLock { retention -> UInt64? in
            if let count = retention.pins[position] {
                retention.pins[position] = count > 1 ? count - 1 : nil
            }
            guard let postponed = retention.postponedRelease, retention.lowestPin.map({ $0 >= postponed }) ?? true
            else { return nil }
            retention.postponedRelease = nil
            return postponed
        }
    }

    /// Closes the log if nobody uses it (the descriptor cache evicts it); returns whether it is closed.
    func closeIdleDescriptor() -> Bool {
        let (isClosed, closing) = state.withLock { $0.closeIdle() }
        if let closing { FileIO.close(closing) }
        return isClosed
    }

    private func reopen() throws(ReopenFailure) -> Int32 {
        do throws(FileIOError) {
            return try FileIO.openRegular(logPath, flags: O_RDWR)
        } catch {
            throw ReopenFailure(error: error)
        }
    }

    /// Makes a written flush visible and acknowledges it (commit lane only).
    func commit(_ flush: Flush, notifier: StreamChangeNotifier) {
        perform(state.withLock { $0.commit(flush) }, resuming: nil)
        notifier.publish(path, tail: flush.tail, closed: flush.closed)
    }

    /// Records a write failure: every waiting and later request fails; readers keep the committed data.
    func fail(_ error: FileIOError, releasing: Bool) {
        perform(state.withLock { $0.fail(error.description, releasing: releasing) }, resuming: .storageFailure(error))
    }

    /// Ends a borrow of the log's descriptor.
    func releaseDescriptor() {
        close(state.withLock { $0.release(borrowed: true) })
    }

    /// The store shuts down: the stream is gone, and its log closed unless a reader still uses it.
    func shutDown() {
        close(state.withLock { $0.shutDown() })
    }

    /// The removal succeeded: the stream is gone, and its log closed unless a reader still uses it.
    func finishRemoval() {
        close(state.withLock { $0.finishRemoval() })
    }

    private func perform(_ released: State.Released, resuming result: StreamStorageError?) {
        close(released.closing)
        for waiter in released.waiters { waiter.resume(returning: result) }
    }

    private func close(_ fd: Int32?) {
        if let fd { FileIO.close(fd) }
    }

    /// Gathers the payloads of whole records from `start` up to `end` (offsets in this log, whose first byte
    /// is at offset `base`) into `body`: at least one record when `body` is empty, then as long as the total
    /// stays within about `maxBytes`. A payload of `fileRegionsFrom` bytes or more becomes a stretch of the log
    /// (sent from the file), read no further than its header. Returns where the next read continues and whether
    /// it stopped at the byte limit.
    ///
    /// With `verifyFirst`, the first record is read whole and its checksum verified, which proves that `start` is
    /// a record boundary; the records after it are found by their headers, and were verified when the store
    /// recovered them or wrote them.
    static func readRecords<Buffer: ReadBodyBuffer>(
        fd: Int32,
        logPath: String,
        base: UInt64,
        from start: UInt64,
        to end: UInt64,
        maxBytes: Int,
        verifyFirst: Bool,
        fileRegionsFrom: Int? = nil,
        into body: inout BodyCollector<Buffer>
    ) throws(StreamStorageError) -> (next: UInt64, isFull: Bool) {
        guard start >= base, end >= start else { throw .invalidOffset(StreamOffset(position: start)) }
        var position = start - base
        let limit = end - base
        var window = ReadWindow()
        defer { window.deallocate() }
        var isFirst = verifyFirst
        var isFull = false
        // After a payload left in the file, the next window is small: the next record may be big as well.
        var afterRegion = false
        reading: while position < limit {
            let room = max(0, maxBytes - body.count)
            let size = afterRegion ? 4096 : min(16 << 20, max(64 << 10, room + room / 8 + 4096))
            let got = try window.read(fd, at: position, count: Int(min(UInt64(size), limit - position)), path: logPath)
            var cursor = 0
            var grow = 0
            afterRegion = false
            scanning: while cursor < got {
                let available = got - cursor
                let regionExtent = fileRegionsFrom.flatMap { minimum -> LogRecord.Extent? in
                    guard !isFirst, available >= LogRecord.headerSize,
                        let extent = window.extent(at: cursor, count: got), extent.payload.count >= minimum
                    else { return nil }
                    return extent
                }
                if let extent = regionExtent {
                    guard UInt64(extent.length) <= limit - position - UInt64(cursor) else {
                        grow = -2
                        break scanning
                    }
                    if !body.isEmpty && body.count + extent.payload.count > maxBytes {
                        isFull = true
                        break scanning
                    }
                    body.appendFile(
                        descriptor: fd, offset: position + UInt64(cursor + extent.payload.lowerBound),
                        count: extent.payload.count)
                    cursor += extent.length
                    if cursor > got {
                        afterRegion = true
                        break scanning
                    }
                    continue scanning
                }
                switch window.decode(at: cursor, count: got, verify: isFirst) {
                case .record(let record):
                    let count = record.payloadRange.count
                    if !body.isEmpty && body.count + count > maxBytes {
                        isFull = true
                        break scanning
                    }
                    body.append(window.bytes(record.payloadRange))
                    cursor += record.length
                    isFirst = false
                case .incomplete(let needed):
                    if cursor == 0 { grow = needed }
                    break scanning
                case .invalid:
                    grow = -1
                    break scanning
                }
            }
            if grow == -2 {
                throw .storageFailure("\(logPath) has a truncated record at position \(position + UInt64(cursor))")
            }
            if grow < 0 {
                if isFirst { throw .invalidOffset(StreamOffset(position: start)) }
                throw .storageFailure("\(logPath) has a corrupt record at position \(position + UInt64(cursor))")
            }
            if grow > 0 {
                guard UInt64(grow) <= limit - position else {
                    if isFirst { throw .invalidOffset(StreamOffset(position: start)) }
                    throw .storageFailure("\(logPath) has a truncated record at position \(position)")
                }
                window.reserve(grow)
                continue reading
            }
            position += UInt64(cursor)
            if isFull || body.count >= maxBytes {
                isFull = true
                break
            }
        }
        return (base + position, isFull)
    }
}

/// The memory a log read reads into: allocated once per read, uninitialised, grown when a record needs more.
@available(OS2022, *)
private struct ReadWindow {
    private var memory = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// At least this many bytes are read next (a record longer than the usual window).
    private var minimum = 0

    /// Reads up to `count` bytes (more if a record needs them and the log has them) at `offset`; throws if the
    /// log is shorter.
    mutating func read(_ fd: Int32, at offset: UInt64, count: Int, path: String) throws(StreamStorageError) -> Int {
        let want = max(count, minimum)
        minimum = 0
        if memory.count < want {
            memory.deallocate()
            memory = .allocate(byteCount: want, alignment: 16)
        }
        let got: Int
        do throws(FileIOError) {
            got = try FileIO.read(
                fd, into: UnsafeMutableRawBufferPointer(rebasing: memory[0..<want]), at: offset, path: path)
        } catch {
            throw .storageFailure(error)
        }
        guard got == want else { throw .storageFailure("\(path) is shorter than its committed length") }
        return got
    }

    /// The next read reads at least `count` bytes.
    mutating func reserve(_ count: Int) {
        minimum = count
    }

    func extent(at cursor: Int, count: Int) -> LogRecord.Extent? {
        LogRecord.extent(UnsafeRawBufferPointer(rebasing: memory[0..<count]), at: cursor)
    }

    func decode(at cursor: Int, count: Int, verify: Bool) -> LogRecord.Decoded {
        LogRecord.decode(UnsafeRawBufferPointer(rebasing: memory[0..<count]), at: cursor, verify: verify)
    }

    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: memory[range])
    }

    func deallocate() {
        memory.deallocate()
    }
}
