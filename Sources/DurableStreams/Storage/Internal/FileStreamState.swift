import Foundation

/// One stream of the file store as a value: every decision about it (which appends are accepted, when an
/// acknowledgement is due, when its log's descriptor may close), with no I/O. ``FileStream`` holds it behind a
/// lock and performs what the transitions return: closing a descriptor, resuming waiters.
///
/// Two views of the stream are kept. `decided` includes appends that are accepted but not yet written (and,
/// with the `everyAppend` policy, synced); new requests are validated against it, so that pipelined appends
/// are numbered and checked in order. The committed tail and closure are what readers see and what has been
/// acknowledged: an append becomes visible and is acknowledged only once its record is in the log. Every
/// acknowledgement (including "duplicate" and "already closed") waits until everything decided before it is
/// committed. `Waiter` is whatever the driver resumes (a continuation; a number in tests).
@available(OS2022, *)
struct FileStreamState<Waiter> {
    /// What a flush writes: the pending records, where, and what they commit.
    struct Flush: Equatable {
        let bytes: [[UInt8]]
        let position: UInt64
        let ticket: UInt64
        let tail: StreamOffset
        let closed: Bool
        let fd: Int32
    }

    /// An accepted append or close: its result, the ticket to wait for before answering, and whether the
    /// stream must be queued on its commit lane.
    struct Accepted {
        let result: AppendResult
        let ticket: UInt64?
        let schedule: Bool
    }

    /// Where a wait for a ticket stands.
    enum CommitWait: Equatable {
        case committed
        case failed(String)
        case waiting
    }

    /// Waiters to resume and a descriptor to close, after a transition.
    struct Released {
        var waiters: [Waiter] = []
        var closing: Int32?
    }

    private(set) var decided: StreamState
    private(set) var committedTail: StreamOffset
    private(set) var committedClosed: Bool
    /// The end of the log including accepted, unwritten records.
    private(set) var fileEnd: UInt64
    /// The end of what the commit lane has taken for writing.
    private(set) var writtenEnd: UInt64
    private(set) var pending: [[UInt8]] = []
    private(set) var issuedTicket: UInt64 = 0
    private(set) var committedTicket: UInt64 = 0
    private var ackWaiters: [(ticket: UInt64, waiter: Waiter)] = []
    private(set) var failure: String?
    var lastUse: Date
    /// The earliest offset readers may read: retention dropped what is before it.
    var retainedStart: UInt64 = 0
    /// Removed for good (its directory is in `trash/`).
    private(set) var isDeleted = false
    /// Being removed: refuses new operations as if removed, until the removal succeeds or fails.
    private(set) var isRemoving = false
    /// Deleted while forks read from it: kept for them, gone for everyone else (a `deleted` file on disk).
    private(set) var isSoftDeleted: Bool
    /// How many existing streams were forked from this one. Changed only with the store's gate held.
    private(set) var forkCount: Int
    /// Whether the stream is queued on its commit lane.
    private(set) var isScheduled = false
    /// The log's descriptor, `-1` while closed.
    private(set) var fd: Int32
    /// How many borrowers use `fd`.
    private(set) var fdUsers = 0

    /// A stream whose log ends at `fileEnd` and holds everything in `decided`.
    init(
        decided: StreamState, fileEnd: UInt64, lastUse: Date, fd: Int32, isSoftDeleted: Bool = false,
        forkCount: Int = 0
    ) {
        self.decided = decided
        self.committedTail = decided.tail
        self.committedClosed = decided.isClosed
        self.fileEnd = fileEnd
        self.writtenEnd = fileEnd
        self.lastUse = lastUse
        self.fd = fd
        self.isSoftDeleted = isSoftDeleted
        self.forkCount = forkCount
    }

    /// Whether clients see no stream here (removed, or being removed).
    var isRemoved: Bool { isDeleted || isRemoving }

    /// The last ticket issued, while some are not committed yet.
    var outstandingTicket: UInt64? { issuedTicket > committedTicket ? issuedTicket : nil }

    /// What a live reader may see, `nil` once the stream is removed.
    var changeSnapshot: StreamChangeNotifier.Snapshot? {
        isRemoved ? nil : .init(tail: committedTail, isClosed: committedClosed, isGone: isSoftDeleted)
    }

    /// Throws not found once removed, gone once soft-deleted (unless `asSource`: a fork reads its source).
    func requireLive(asSource: Bool = false) throws(StreamStorageError) {
        try StreamStorageError.requireLive(deleted: isRemoved, softDeleted: !asSource && isSoftDeleted)
    }

    // MARK: - Appends and acknowledgements

    /// Decides an append or close. `record` is the append's encoded record (`nil` for an empty body); `base` is
    /// the offset of the log's first byte.
    mutating func append(_ request: AppendRequest, record prepared: [UInt8]?, base: UInt64)
        throws(StreamStorageError) -> Accepted
    {
        try requireLive()
        if let failure { throw .storageFailure(failure) }
        let decision = StreamRules.decide(request, on: decided)
        let record: [UInt8]
        switch decision {
        case .reject(let error):
            throw error
        case .duplicate(let last):
            return Accepted(
                result: .duplicate(tail: decided.tail, lastSequence: last, closed: decided.isClosed),
                ticket: outstandingTicket, schedule: false)
        case .alreadyClosed:
            return Accepted(result: .closed(tail: decided.tail), ticket: outstandingTicket, schedule: false)
        case .close:
            record = LogRecord.encode(payload: [], closes: true, producer: request.producer, streamSequence: nil)
            StreamRules.apply(decision, request, to: &decided, newTail: decided.tail)
        case .append:
            guard let prepared else { throw .invalidPayload("an append must have a body") }
            record = prepared
            let newTail = StreamOffset(position: base + fileEnd + UInt64(prepared.count))
            StreamRules.apply(decision, request, to: &decided, newTail: newTail)
        }
        fileEnd += UInt64(record.count)
        pending.append(record)
        issuedTicket += 1
        let schedule = !isScheduled
        isScheduled = true
        let result: AppendResult =
            decision == .close
            ? .closed(tail: decided.tail) : .appended(tail: decided.tail, closed: decided.isClosed)
        return Accepted(result: result, ticket: issuedTicket, schedule: schedule)
    }

    /// Registers `waiter` for `ticket`, unless the ticket is committed or the stream failed already.
    mutating func awaitCommit(_ ticket: UInt64, waiter: Waiter) -> CommitWait {
        if committedTicket >= ticket { return .committed }
        if let failure { return .failed(failure) }
        ackWaiters.append((ticket, waiter))
        return .waiting
    }

    // MARK: - The commit lane

    /// Takes the pending records for writing, opening the log with `open` if it is closed; `nil` when there is
    /// nothing to write or the stream failed. Unqueues the stream either way.
    mutating func takeFlush<Failure: Error>(open: () throws(Failure) -> Int32) throws(Failure) -> Flush? {
        isScheduled = false
        guard !pending.isEmpty, failure == nil else { return nil }
        if fd < 0 { fd = try open() }
        let bytes = pending
        pending = []
        let position = writtenEnd
        writtenEnd += UInt64(bytes.reduce(0) { $0 + $1.count })
        fdUsers += 1
        return Flush(
            bytes: bytes, position: position, ticket: issuedTicket, tail: decided.tail, closed: decided.isClosed,
            fd: fd)
    }

    /// Marks the stream as queued again: the lane retries its pending records, so appends need not queue it.
    mutating func markScheduled() {
        isScheduled = true
    }

    /// Makes a written flush visible; returns the waiters it acknowledges.
    mutating func commit(_ flush: Flush) -> Released {
        committedTicket = max(committedTicket, flush.ticket)
        committedTail = flush.tail
        committedClosed = flush.closed
        var released = Released(closing: release(borrowed: true))
        var waiting: [(ticket: UInt64, waiter: Waiter)] = []
        for entry in ackWaiters {
            if entry.ticket <= flush.ticket { released.waiters.append(entry.waiter) } else { waiting.append(entry) }
        }
        ackWaiters = waiting
        return released
    }

    /// Records a write failure (the first one sticks): every waiting and later request fails; readers keep the
    /// committed data. `releasing` returns the flush's borrow of the descriptor.
    mutating func fail(_ description: String, releasing: Bool) -> Released {
        failure = failure ?? description
        let closing = releasing ? release(borrowed: true) : nil
        defer { ackWaiters = [] }
        return Released(waiters: ackWaiters.map(\.waiter), closing: closing)
    }

    // MARK: - The log's descriptor

    /// Borrows the log's descriptor, opening the log with `open` if it is closed; `nil` once removed. Pair a
    /// descriptor with ``release(borrowed:)``.
    mutating func borrowDescriptor<Failure: Error>(open: () throws(Failure) -> Int32) throws(Failure) -> Int32? {
        guard !isDeleted else { return nil }
        if fd < 0 { fd = try open() }
        fdUsers += 1
        return fd
    }

    /// Ends a borrow (or, with `borrowed: false`, only checks); returns the descriptor to close when the stream
    /// is deleted and nobody uses it or will write to it.
    mutating func release(borrowed: Bool) -> Int32? {
        if borrowed { fdUsers -= 1 }
        guard isDeleted, fdUsers == 0, fd >= 0, pending.isEmpty else { return nil }
        defer { fd = -1 }
        return fd
    }

    /// Gives up the descriptor if nobody uses it (the descriptor cache evicts it). `isClosed` tells whether the
    /// log is closed afterwards; `closing` is the descriptor to close.
    mutating func closeIdle() -> (isClosed: Bool, closing: Int32?) {
        guard fd >= 0 else { return (true, nil) }
        guard fdUsers == 0 else { return (false, nil) }
        defer { fd = -1 }
        return (true, fd)
    }

    /// The store shuts down: the stream is gone; returns the descriptor to close if nobody uses it.
    mutating func shutDown() -> Int32? {
        isDeleted = true
        guard fd >= 0, fdUsers == 0 else { return nil }
        defer { fd = -1 }
        return fd
    }

    // MARK: - Forks and deletion

    /// A fork of this stream was created.
    /// Replaces the stream's retention policy.
    mutating func setRetention(_ retention: StreamRetention) {
        decided.configuration.retention = retention
    }

    mutating func addFork() {
        forkCount += 1
    }

    /// A fork of this stream was removed; returns whether this stream, soft-deleted, is now to be removed.
    mutating func removeFork() -> Bool {
        forkCount -= 1
        return forkCount <= 0 && isSoftDeleted && !isRemoved
    }

    /// Starts a soft deletion; returns the ticket to wait for, `nil` if already soft-deleted.
    mutating func beginSoftDelete() -> UInt64? {
        guard !isSoftDeleted else { return nil }
        isSoftDeleted = true
        return issuedTicket
    }

    /// The `deleted` marker could not be written: the stream is live again.
    mutating func cancelSoftDelete() {
        isSoftDeleted = false
    }

    /// Starts a removal; returns the ticket to wait for.
    mutating func beginRemoval() -> UInt64 {
        isRemoving = true
        return issuedTicket
    }

    /// The removal failed: the stream is back.
    mutating func cancelRemoval() {
        isRemoving = false
    }

    /// The removal succeeded: the stream is gone for good.
    mutating func finishRemoval() -> Int32? {
        isDeleted = true
        return release(borrowed: false)
    }
}

@available(OS2022, *)
extension FileStreamState: Sendable where Waiter: Sendable {}
