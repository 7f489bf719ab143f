import CourierPrimitives
import Foundation

/// One stream of the file store: its log file and the state decided from it.
///
/// Two views of the state are kept. `decided` includes appends that are accepted but not yet written (and,
/// with the `everyAppend` policy, synced); new requests are validated against it, so that pipelined appends
/// are numbered and checked in order. `committed` is what readers see and what has been acknowledged: an
/// append becomes visible and is acknowledged only once its record is in the log (and synced, if the policy
/// says so). Every acknowledgement — including "duplicate" and "already closed" — waits until everything
/// decided before it is committed.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class FileStream: Sendable {
    struct State {
        var decided: StreamState
        var committedTail: StreamOffset
        var committedClosed: Bool
        /// The end of the log including accepted, unwritten records.
        var fileEnd: UInt64
        /// The end of what the commit lane has taken for writing.
        var writtenEnd: UInt64
        var pending: [[UInt8]] = []
        var issuedTicket: UInt64 = 0
        var committedTicket: UInt64 = 0
        var ackWaiters: [(ticket: UInt64, continuation: CheckedContinuation<StreamStorageError?, Never>)] = []
        var failure: String?
        var lastUse: Date
        /// Removed for good (its directory is in `trash/`).
        var isDeleted = false
        /// Being removed: refuses new operations as if removed, until the removal succeeds or fails.
        var isRemoving = false
        /// Whether clients see no stream here (removed, or being removed).
        var isRemoved: Bool { isDeleted || isRemoving }
        /// Deleted while forks read from it: kept for them, gone for everyone else. Marked on disk by a
        /// `deleted` file in the stream's directory.
        var isSoftDeleted = false
        /// How many existing streams were forked from this one (derived from their metadata at start).
        /// Changed only with the store's gate held.
        var forkCount = 0
        var isScheduled = false
        var fd: Int32
        var fdUsers = 0
    }

    /// A fork's source (kept alive by this reference for as long as the fork exists) and where it diverged.
    struct Origin: Sendable {
        let source: FileStream
        let offset: StreamOffset
        let subOffset: UInt64
    }

    /// What the commit lane takes to write.
    struct Flush {
        let bytes: [[UInt8]]
        let position: UInt64
        let ticket: UInt64
        let tail: StreamOffset
        let closed: Bool
        let fd: Int32
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
        state: State
    ) {
        self.path = path
        self.incarnation = incarnation
        self.directory = directory
        self.logPath = directory + "/log"
        self.lane = lane
        self.descriptors = descriptors
        self.origin = origin
        self.state = Locked(state)
    }

    /// The committed metadata.
    func info(_ state: State) -> StreamInfo {
        StreamInfo(
            path: path,
            configuration: state.decided.configuration,
            tail: state.committedTail,
            isClosed: state.committedClosed,
            incarnation: incarnation,
            fork: origin.map { ForkOrigin(source: $0.source.path, offset: $0.offset, subOffset: $0.subOffset) }
        )
    }

    /// Waits until the ticket is committed; returns the failure if the writes failed instead.
    func waitForCommit(_ ticket: UInt64) async -> StreamStorageError? {
        await withCheckedContinuation { continuation in
            let immediate = state.withLock { state -> StreamStorageError?? in
                if state.committedTicket >= ticket { return .some(nil) }
                if let failure = state.failure { return .some(.storageFailure(failure)) }
                state.ackWaiters.append((ticket, continuation))
                return .none
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    /// Takes the pending records for writing (commit lane only), reopening the log if it was closed.
    func takePending() throws(ReopenFailure) -> Flush? {
        let flush = try state.withLock { state throws(ReopenFailure) -> Flush? in
            state.isScheduled = false
            guard !state.pending.isEmpty, state.failure == nil else { return nil }
            do throws(FileIOError) {
                try reopenIfClosed(&state)
            } catch {
                throw ReopenFailure(error: error)
            }
            let bytes = state.pending
            state.pending = []
            let position = state.writtenEnd
            state.writtenEnd += UInt64(bytes.reduce(0) { $0 + $1.count })
            state.fdUsers += 1
            return Flush(
                bytes: bytes,
                position: position,
                ticket: state.issuedTicket,
                tail: state.decided.tail,
                closed: state.decided.isClosed,
                fd: state.fd
            )
        }
        if flush != nil { descriptors.touch(self) }
        return flush
    }

    /// Marks the stream as queued again: the lane retries its pending records, so appends need not queue it.
    func markScheduled() {
        state.withLock { $0.isScheduled = true }
    }

    /// Borrows the log's descriptor, reopening the log if it was closed; `nil` once the stream is removed.
    /// Pair a descriptor with ``releaseDescriptor()``.
    func borrowDescriptor() throws(FileIOError) -> Int32? {
        let fd = try state.withLock { state throws(FileIOError) -> Int32? in
            guard !state.isDeleted else { return nil }
            try reopenIfClosed(&state)
            state.fdUsers += 1
            return state.fd
        }
        if fd != nil { descriptors.touch(self) }
        return fd
    }

    /// Closes the log if nobody uses it (the descriptor cache evicts it); returns whether it is closed.
    func closeIdleDescriptor() -> Bool {
        state.withLock { state in
            guard state.fd >= 0 else { return true }
            guard state.fdUsers == 0 else { return false }
            FileIO.close(state.fd)
            state.fd = -1
            return true
        }
    }

    private func reopenIfClosed(_ state: inout State) throws(FileIOError) {
        guard state.fd < 0 else { return }
        state.fd = try FileIO.openRegular(logPath, flags: O_RDWR)
    }

    /// Makes a written flush visible and acknowledges it (commit lane only).
    func commit(_ flush: Flush, notifier: StreamChangeNotifier) {
        let waiters = state.withLock { state -> [CheckedContinuation<StreamStorageError?, Never>] in
            state.committedTicket = max(state.committedTicket, flush.ticket)
            state.committedTail = flush.tail
            state.committedClosed = flush.closed
            Self.releaseDescriptor(&state)
            var ready: [CheckedContinuation<StreamStorageError?, Never>] = []
            state.ackWaiters.removeAll { waiter in
                guard waiter.ticket <= flush.ticket else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return ready
        }
        for waiter in waiters { waiter.resume(returning: nil) }
        notifier.publish(path, tail: flush.tail, closed: flush.closed)
    }

    /// Records a write failure: every waiting and later request fails; readers keep the committed data.
    func fail(_ error: FileIOError, releasing: Bool) {
        let waiters = state.withLock { state -> [CheckedContinuation<StreamStorageError?, Never>] in
            state.failure = state.failure ?? error.description
            if releasing { Self.releaseDescriptor(&state) }
            defer { state.ackWaiters = [] }
            return state.ackWaiters.map(\.continuation)
        }
        for waiter in waiters { waiter.resume(returning: .storageFailure(error)) }
    }

    /// Borrows the file descriptor for a read; pair with ``releaseDescriptor()``.
    func releaseDescriptor() {
        state.withLock { Self.releaseDescriptor(&$0) }
    }

    /// Closes the descriptor now if the stream is deleted and nobody uses it.
    func closeIfUnused() {
        state.withLock { Self.releaseDescriptor(&$0, borrowed: false) }
    }

    private static func releaseDescriptor(_ state: inout State, borrowed: Bool = true) {
        if borrowed { state.fdUsers -= 1 }
        if state.isDeleted && state.fdUsers == 0 && state.fd >= 0 && state.pending.isEmpty {
            FileIO.close(state.fd)
            state.fd = -1
        }
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
