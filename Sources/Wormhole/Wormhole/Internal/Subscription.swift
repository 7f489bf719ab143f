import CourierPrimitives

/// A delivery before its payload is decoded.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
struct RawDelivery: Sendable {
    enum Content: Sendable {
        case message(StoredMessage)
        case signal
        case cleared
        case failure(WormholeError)
    }

    var sequence: UInt64?
    var missedCount: UInt64 = 0
    var content: Content
}

/// One subscriber's view of one identifier: woken by notifications, it reads what is stored when its consumer
/// asks for the next delivery.
///
/// Nothing is buffered in memory: in latest-value mode the file holds the newest message, in queue mode the
/// queue holds every message, and the subscription keeps only a cursor (the last message it delivered). A slow
/// consumer therefore costs no memory, and ``Delivery/missedCount`` is exact: it is computed from sequence
/// numbers when the consumer reads, not when notifications arrive. File I/O happens in ``next()``, on the
/// consumer's task (off any actor), never on the notification thread.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
final class Subscription: Sendable {
    /// What the subscriber has seen of a latest-value identifier.
    enum Mark: Equatable, Sendable {
        /// Nothing stored.
        case absent
        /// A message (sequence number and message ID).
        case message(UInt64, UInt64)
        /// An unreadable file, reported once.
        case failure(WormholeError)
        /// Deliver only messages numbered above this.
        case after(UInt64)
    }

    private struct State {
        var changePending = false
        var mayHaveMore = false
        var signalsPending = 0
        var finished = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var cancelledWaiters: Set<UInt64> = []
        var nextWaiter: UInt64 = 0
        var mark: Mark = .absent
        var cursor: UInt64 = 0
        var clearedReported = false

        var hasWork: Bool { finished || changePending || mayHaveMore || signalsPending > 0 }
    }

    let identifier: MessageIdentifier
    let mode: DeliveryMode
    private let transiting: any TransitingStrategy
    private let state: Locked<State>
    private let observations = Locked<[NotificationObservation]>([])

    /// Creates a subscription positioned at `mark` (latest-value mode) or after `cursor` (queue mode); with
    /// `readFirst`, the first ``next()`` reads storage without waiting for a notification.
    init(
        identifier: MessageIdentifier,
        mode: DeliveryMode,
        transiting: any TransitingStrategy,
        mark: Mark,
        cursor: UInt64,
        readFirst: Bool
    ) {
        self.identifier = identifier
        self.mode = mode
        self.transiting = transiting
        var initial = State()
        initial.mark = mark
        initial.cursor = cursor
        initial.changePending = readFirst
        self.state = Locked(initial)
    }

    /// Registers for change and signal notifications.
    func attach(to notifier: any WormholeNotifier) throws(WormholeError) {
        let changed = try notifier.observe(WormholeNotification(identifier: identifier, kind: .changed)) {
            [weak self] in self?.wake { $0.changePending = true }
        }
        let signal = try notifier.observe(WormholeNotification(identifier: identifier, kind: .signal)) {
            [weak self] in self?.wake { $0.signalsPending = min($0.signalsPending + 1, 1024) }
        }
        observations.withLock { $0 = [changed, signal] }
    }

    /// Ends the subscription: pending and later ``next()`` calls return `nil`.
    func finish() {
        wake { $0.finished = true }
        let registered = observations.withLock { state -> [NotificationObservation] in
            defer { state.removeAll() }
            return state
        }
        for observation in registered { observation.cancel() }
    }

    private func wake(_ update: (inout State) -> Void) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            update(&state)
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The next delivery, waiting for a notification if nothing new is stored; `nil` once finished or when the
    /// calling task is cancelled.
    func next() async -> RawDelivery? {
        while !Task.isCancelled {
            enum Work { case finished, read, signal, wait }
            let work = state.withLock { state -> Work in
                if state.finished { return .finished }
                if state.changePending || state.mayHaveMore {
                    state.changePending = false
                    return .read
                }
                if state.signalsPending > 0 {
                    state.signalsPending -= 1
                    return .signal
                }
                return .wait
            }
            switch work {
            case .finished:
                return nil
            case .read:
                if let delivery = mode.isQueue ? readQueue() : readLatest() {
                    return delivery
                }
            case .signal:
                return RawDelivery(sequence: nil, content: .signal)
            case .wait:
                await waitForWork()
            }
        }
        return nil
    }

    /// Reads everything available now, without waiting (for snapshots).
    func drain(limit: Int) -> [RawDelivery] {
        var deliveries: [RawDelivery] = []
        while deliveries.count < limit {
            let hasWork = state.withLock { state -> Bool in
                guard state.changePending || state.mayHaveMore else { return false }
                state.changePending = false
                return true
            }
            guard hasWork else { break }
            if let delivery = mode.isQueue ? readQueue() : readLatest() {
                deliveries.append(delivery)
            }
        }
        return deliveries
    }

    private func waitForWork() async {
        let id = state.withLock { state -> UInt64 in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.hasWork || state.cancelledWaiters.remove(id) != nil { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
                state.cancelledWaiters.insert(id)
                return nil
            }
            waiter?.resume()
        }
        state.withLock { _ = $0.cancelledWaiters.remove(id) }
    }

    // MARK: Latest value

    private func readLatest() -> RawDelivery? {
        let seen = state.withLock { $0.mark }
        let newMark: Mark
        var delivery: RawDelivery?
        do throws(WormholeError) {
            if let stored = try transiting.read(for: identifier) {
                newMark = .message(stored.sequence, stored.messageID)
                delivery = Self.delivery(of: stored, after: seen)
            } else {
                newMark = .absent
                switch seen {
                case .message, .failure: delivery = RawDelivery(sequence: nil, content: .cleared)
                case .absent, .after: delivery = nil
                }
            }
        } catch {
            newMark = .failure(error)
            if seen != newMark {
                delivery = RawDelivery(sequence: Self.sequence(of: error), content: .failure(error))
            }
        }
        // If another consumer of this subscription moved the mark meanwhile, its delivery stands and this one is
        // dropped; the caller loops and reads again.
        let advanced = state.withLock { state -> Bool in
            guard state.mark == seen else { return false }
            state.mark = newMark
            return true
        }
        if !advanced {
            state.withLock { $0.changePending = true }
            return nil
        }
        return delivery
    }

    private static func delivery(of stored: StoredMessage, after seen: Mark) -> RawDelivery? {
        let missed: UInt64
        switch seen {
        case .message(let sequence, let id):
            if sequence == stored.sequence && id == stored.messageID { return nil }
            missed = stored.sequence > sequence ? stored.sequence - sequence - 1 : 0
        case .after(let sequence):
            guard stored.sequence > sequence else { return nil }
            missed = stored.sequence - sequence - 1
        case .absent:
            // Numbering starts at 1 after nothing was stored, so everything below this one was replaced.
            missed = stored.sequence > 0 ? stored.sequence - 1 : 0
        case .failure:
            missed = 0
        }
        return RawDelivery(sequence: stored.sequence, missedCount: missed, content: .message(stored))
    }

    private static func sequence(of error: WormholeError) -> UInt64? {
        error.code == .corruptMessage ? error.context.sequence : nil
    }

    // MARK: Queue

    private func readQueue() -> RawDelivery? {
        let cursor = state.withLock { $0.cursor }
        let slice: QueueSlice
        do throws(WormholeError) {
            slice = try transiting.readQueue(for: identifier, after: cursor, limit: 1)
        } catch {
            state.withLock { $0.mayHaveMore = false }
            return RawDelivery(sequence: nil, content: .failure(error))
        }
        if let entry = slice.entries.first {
            let advanced = state.withLock { state -> Bool in
                guard state.cursor == cursor else { return false }
                state.cursor = entry.sequence
                state.clearedReported = false
                state.mayHaveMore = true
                return true
            }
            guard advanced else { return nil }
            let missed = entry.sequence > cursor ? entry.sequence - cursor - 1 : 0
            switch entry.message {
            case .success(let message):
                return RawDelivery(sequence: entry.sequence, missedCount: missed, content: .message(message))
            case .failure(let error):
                return RawDelivery(sequence: entry.sequence, missedCount: missed, content: .failure(error))
            }
        }
        return state.withLock { state -> RawDelivery? in
            guard state.cursor == cursor else { return nil }
            state.mayHaveMore = false
            let restarted = slice.highestSequence.map { $0 < cursor } ?? false
            if restarted {
                // Numbering started again below the cursor (the queue was removed): follow it from the start.
                state.cursor = 0
                state.mayHaveMore = true
            }
            let emptied = slice.highestSequence == nil && cursor > 0
            guard (restarted || emptied) && !state.clearedReported else { return nil }
            state.clearedReported = true
            return RawDelivery(sequence: nil, content: .cleared)
        }
    }
}
