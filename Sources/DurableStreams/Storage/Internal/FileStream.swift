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
        var isDeleted = false
        var isScheduled = false
        var fd: Int32
        var fdUsers = 0
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

    let path: StreamPath
    let incarnation: String
    let directory: String
    let logPath: String
    let lane: CommitLane
    let state: Locked<State>

    init(path: StreamPath, incarnation: String, directory: String, lane: CommitLane, state: State) {
        self.path = path
        self.incarnation = incarnation
        self.directory = directory
        self.logPath = directory + "/log"
        self.lane = lane
        self.state = Locked(state)
    }

    /// The committed metadata.
    func info(_ state: State) -> StreamInfo {
        StreamInfo(
            path: path,
            configuration: state.decided.configuration,
            tail: state.committedTail,
            isClosed: state.committedClosed,
            incarnation: incarnation
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

    /// Takes the pending records for writing (commit lane only).
    func takePending() -> Flush? {
        state.withLock { state in
            state.isScheduled = false
            guard !state.pending.isEmpty, state.failure == nil else { return nil }
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
        for waiter in waiters { waiter.resume(returning: .storageFailure(error.description)) }
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

    /// Reads payloads from `start` (a record boundary) up to the committed `tail`: at least one record and
    /// about `maxBytes` of payload. The first record's checksum is verified, which also proves that `start`
    /// is a boundary.
    static func readPayloads(
        fd: Int32,
        logPath: String,
        from start: StreamOffset,
        tail: StreamOffset,
        maxBytes: Int
    ) throws(StreamStorageError) -> (payload: [UInt8], next: StreamOffset) {
        var payload: [UInt8] = []
        payload.reserveCapacity(min(Int(tail.position - start.position), maxBytes))
        var position = start.position
        let chunkSize = max(64 * 1024, min(maxBytes * 2, 16 * 1024 * 1024))
        var buffer = [UInt8](repeating: 0, count: Int(min(UInt64(chunkSize), tail.position - position)))
        var isFirst = true
        reading: while position < tail.position {
            let want = Int(min(UInt64(buffer.count), tail.position - position))
            let got: Int
            do throws(FileIOError) {
                got = try buffer.withMutableBytes { raw throws(FileIOError) in
                    try FileIO.read(
                        fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<want]), at: position, path: logPath)
                }
            } catch {
                throw .storageFailure(error.description)
            }
            guard got == want else { throw .storageFailure("\(logPath) is shorter than its committed length") }
            var cursor = 0
            var stop = false
            var grow = 0
            buffer.withUnsafeBytes { raw in
                let window = UnsafeRawBufferPointer(rebasing: raw[0..<got])
                while cursor < got {
                    switch LogRecord.decode(window, at: cursor, verify: isFirst) {
                    case .record(let record):
                        let count = record.payloadRange.count
                        if !payload.isEmpty && payload.count + count > maxBytes {
                            stop = true
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
                if isFirst { throw .invalidOffset(start) }
                throw .storageFailure("\(logPath) has a corrupt record at position \(position + UInt64(cursor))")
            }
            if grow > 0 {
                guard UInt64(grow) <= tail.position - position else {
                    if isFirst { throw .invalidOffset(start) }
                    throw .storageFailure("\(logPath) has a truncated record at position \(position)")
                }
                buffer = [UInt8](repeating: 0, count: grow)
                continue reading
            }
            position += UInt64(cursor)
            if stop || payload.count >= maxBytes { break }
        }
        return (payload, StreamOffset(position: position))
    }
}
