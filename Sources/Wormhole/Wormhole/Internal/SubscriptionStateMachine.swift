/// The state of one subscription as a value: inputs (a notification, a consumer asking for work, a read's result)
/// go in, and what the driver must do comes out. ``Subscription`` holds it under a lock and does the I/O.
///
/// `Waiter` is what a consumer parks as while nothing is to be done (a continuation in the driver; a plain value
/// in tests).
@available(OS2021, *)
package struct SubscriptionStateMachine<Waiter> {
    /// What the subscriber has seen of a latest-value identifier.
    package enum Mark: Equatable, Sendable {
        /// Nothing stored.
        case absent
        /// A message (sequence number and message ID).
        case message(UInt64, UInt64)
        /// An unreadable file, reported once.
        case failure(WormholeError)
        /// Deliver only messages numbered above this.
        case after(UInt64)
    }

    /// What a consumer asking for the next delivery must do.
    package enum Work: Equatable {
        /// The subscription ended: return `nil`.
        case finished
        /// Read storage (the mark or cursor may have moved).
        case read
        /// Deliver one signal.
        case signal
        /// Nothing to do: park until woken.
        case wait
    }

    /// What parking a waiter came to.
    package enum Parking {
        /// Work arrived, or the wait was cancelled, meanwhile: resume the waiter now.
        case resumeNow
        /// Parked: a later input resumes it.
        case parked
    }

    private var changePending: Bool
    private var mayHaveMore = false
    private var signalsPending = 0
    private var finished = false
    private var waiters: [UInt64: Waiter] = [:]
    private var cancelledWaiters: Set<UInt64> = []
    private var nextWaiter: UInt64 = 0
    private var clearedReported = false
    /// What a latest-value subscriber has seen.
    package private(set) var mark: Mark
    /// The last queue entry delivered.
    package private(set) var cursor: UInt64

    /// At `mark` (latest value) or after `cursor` (queue); with `readFirst`, the first request reads storage
    /// without waiting for a notification.
    package init(mark: Mark, cursor: UInt64, readFirst: Bool) {
        self.mark = mark
        self.cursor = cursor
        self.changePending = readFirst
    }

    /// At most this many signals wait to be delivered; more coalesce, as notifications do.
    package static var signalLimit: Int { 1024 }

    private var hasWork: Bool { finished || changePending || mayHaveMore || signalsPending > 0 }

    // MARK: Inputs that wake consumers (each returns the waiters to resume)

    /// A change notification arrived.
    package mutating func changed() -> [Waiter] {
        changePending = true
        return takeWaiters()
    }

    /// A signal arrived.
    package mutating func signalled() -> [Waiter] {
        signalsPending = min(signalsPending + 1, Self.signalLimit)
        return takeWaiters()
    }

    /// The subscription ends.
    package mutating func finish() -> [Waiter] {
        finished = true
        return takeWaiters()
    }

    private mutating func takeWaiters() -> [Waiter] {
        defer { waiters.removeAll() }
        return Array(waiters.values)
    }

    // MARK: Consumers

    /// What a consumer asking for the next delivery must do; consumes the pending change or signal it returns.
    package mutating func nextWork() -> Work {
        if finished { return .finished }
        if changePending || mayHaveMore {
            changePending = false
            return .read
        }
        if signalsPending > 0 {
            signalsPending -= 1
            return .signal
        }
        return .wait
    }

    /// Whether a snapshot should read storage (again); consumes the pending change.
    package mutating func nextSnapshotRead() -> Bool {
        guard changePending || mayHaveMore else { return false }
        changePending = false
        return true
    }

    /// A number for a consumer about to wait.
    package mutating func reserveWaiter() -> UInt64 {
        defer { nextWaiter += 1 }
        return nextWaiter
    }

    /// Parks waiter `id`, unless work arrived or its wait was cancelled since it asked.
    package mutating func park(_ id: UInt64, _ waiter: Waiter) -> Parking {
        if hasWork || cancelledWaiters.remove(id) != nil { return .resumeNow }
        waiters[id] = waiter
        return .parked
    }

    /// The wait of `id` was cancelled: returns the waiter to resume if it is parked; otherwise remembers, so that
    /// parking it later resumes at once.
    package mutating func cancelWait(_ id: UInt64) -> Waiter? {
        if let waiter = waiters.removeValue(forKey: id) { return waiter }
        cancelledWaiters.insert(id)
        return nil
    }

    /// The wait of `id` is over.
    package mutating func endWait(_ id: UInt64) {
        cancelledWaiters.remove(id)
    }

    // MARK: Latest-value reads

    /// A read that started at mark `seen` found `newMark`. Returns whether its delivery stands: if another
    /// consumer moved the mark meanwhile, it does not, and a read is due again.
    package mutating func latestRead(from seen: Mark, found newMark: Mark) -> Bool {
        guard mark == seen else {
            changePending = true
            return false
        }
        mark = newMark
        return true
    }

    // MARK: Queue reads

    /// A queue read that started after `from` found entry `sequence`. Returns whether its delivery stands (no other
    /// consumer moved the cursor meanwhile); more entries may follow.
    package mutating func queueRead(from start: UInt64, found sequence: UInt64) -> Bool {
        guard cursor == start else { return false }
        cursor = sequence
        clearedReported = false
        mayHaveMore = true
        return true
    }

    /// A queue read failed: it is reported once, and the next read waits for a notification.
    package mutating func queueReadFailed() {
        mayHaveMore = false
    }

    /// A queue read that started after `from` found nothing more, the queue's highest number being `highest`.
    /// Returns whether to deliver a clear: the queue was emptied, or its numbering restarted below the cursor (then
    /// the subscription follows it from the start), and no clear was reported since the last entry.
    package mutating func queueCaughtUp(from start: UInt64, highest: UInt64?) -> Bool {
        guard cursor == start else { return false }
        mayHaveMore = false
        let restarted = highest.map { $0 < start } ?? false
        if restarted {
            cursor = 0
            mayHaveMore = true
        }
        let emptied = highest == nil && start > 0
        guard (restarted || emptied) && !clearedReported else { return false }
        clearedReported = true
        return true
    }
}

@available(OS2021, *)
extension SubscriptionStateMachine: Sendable where Waiter: Sendable {}
