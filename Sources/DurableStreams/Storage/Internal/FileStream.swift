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

    /// Appends the payloads of whole records from `start` up to `end` (offsets in this log, whose first byte
    /// is at offset `base`) to `payload`: at least one record when `payload` is empty, then as long as the
    /// total stays within about `maxBytes`. Returns where the next read continues and whether it stopped at
    /// the byte limit. With `verifyFirst`, the first record's checksum is verified, which also proves that
    /// `start` is a record boundary.
    static func readRecords(
        fd: Int32,
        logPath: String,
        base: UInt64,
        from start: UInt64,
        to end: UInt64,
        maxBytes: Int,
        verifyFirst: Bool,
        into payload: inout [UInt8]
    ) throws(StreamStorageError) -> (next: UInt64, isFull: Bool) {
        guard start >= base, end >= start else { throw .invalidOffset(StreamOffset(position: start)) }
        var position = start - base
        let limit = end - base
        let chunkSize = max(64 * 1024, min(maxBytes * 2, 16 * 1024 * 1024))
        var buffer = [UInt8](repeating: 0, count: Int(min(UInt64(chunkSize), limit - position)))
        var isFirst = verifyFirst
        var isFull = false
        reading: while position < limit {
            let want = Int(min(UInt64(buffer.count), limit - position))
            let got: Int
            do throws(FileIOError) {
                got = try buffer.withMutableBytes { raw throws(FileIOError) in
                    try FileIO.read(
                        fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<want]), at: position, path: logPath)
                }
            } catch {
                throw .storageFailure(error)
            }
            guard got == want else { throw .storageFailure("\(logPath) is shorter than its committed length") }
            var cursor = 0
            var grow = 0
            buffer.withUnsafeBytes { raw in
                let window = UnsafeRawBufferPointer(rebasing: raw[0..<got])
                while cursor < got {
                    switch LogRecord.decode(window, at: cursor, verify: isFirst) {
                    case .record(let record):
                        let count = record.payloadRange.count
                        if !payload.isEmpty && payload.count + count > maxBytes {
                            isFull = true
                            return
                        }
                        payload.append(contentsOf: UnsafeRawBufferPointer(rebasing: window[record.payloadRange]))
                        cursor += record.length
                        isFirst = false
                    case .incomplete(let needed):
                        if cursor == 0 { grow = needed }
                        return
                    case .invalid:
                        grow = -1
                        return
                    }
                }
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
                buffer = [UInt8](repeating: 0, count: grow)
                continue reading
            }
            position += UInt64(cursor)
            if isFull || payload.count >= maxBytes {
                isFull = true
                break
            }
        }
        return (base + position, isFull)
    }
}
