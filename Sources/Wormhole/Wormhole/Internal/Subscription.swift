import CourierPrimitives

/// A delivery before its payload is decoded.
@available(OS2021, *)
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
@available(OS2021, *)
final class Subscription: Sendable {
    typealias Waiter = CheckedContinuation<Void, Never>
    typealias Machine = SubscriptionStateMachine<Waiter>
    typealias Mark = Machine.Mark

    let identifier: MessageIdentifier
    let mode: DeliveryMode
    private let transiting: any TransitingStrategy
    private let state: Locked<Machine>
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
        self.state = Locked(Machine(mark: mark, cursor: cursor, readFirst: readFirst))
    }

    /// Registers for change and signal notifications.
    func attach(to notifier: any WormholeNotifier) throws(WormholeError) {
        let changed = try notifier.observe(WormholeNotification(identifier: identifier, kind: .changed)) {
            [weak self] in self?.wake { $0.changed() }
        }
        let signal = try notifier.observe(WormholeNotification(identifier: identifier, kind: .signal)) {
            [weak self] in self?.wake { $0.signalled() }
        }
        observations.withLock { $0 = [changed, signal] }
    }

    /// Ends the subscription: pending and later ``next()`` calls return `nil`.
    func finish() {
        wake { $0.finish() }
        let registered = observations.withLock { state -> [NotificationObservation] in
            defer { state.removeAll() }
            return state
        }
        for observation in registered { observation.cancel() }
    }

    private func wake(_ input: (inout Machine) -> [Waiter]) {
        for waiter in state.withLock(input) { waiter.resume() }
    }

    /// The next delivery, waiting for a notification if nothing new is stored; `nil` once finished or when the
    /// calling task is cancelled.
    func next() async -> RawDelivery? {
        while !Task.isCancelled {
            switch state.withLock({ $0.nextWork() }) {
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
        while deliveries.count < limit, state.withLock({ $0.nextSnapshotRead() }) {
            if let delivery = mode.isQueue ? readQueue() : readLatest() {
                deliveries.append(delivery)
            }
        }
        return deliveries
    }

    private func waitForWork() async {
        let id = state.withLock { $0.reserveWaiter() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                if case .resumeNow = state.withLock({ $0.park(id, continuation) }) { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.cancelWait(id) }?.resume()
        }
        state.withLock { $0.endWait(id) }
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
        return state.withLock { $0.latestRead(from: seen, found: newMark) } ? delivery : nil
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
            state.withLock { $0.queueReadFailed() }
            return RawDelivery(sequence: nil, content: .failure(error))
        }
        if let entry = slice.entries.first {
            guard state.withLock({ $0.queueRead(from: cursor, found: entry.sequence) }) else { return nil }
            let missed = entry.sequence > cursor ? entry.sequence - cursor - 1 : 0
            switch entry.message {
            case .success(let message):
                return RawDelivery(sequence: entry.sequence, missedCount: missed, content: .message(message))
            case .failure(let error):
                return RawDelivery(sequence: entry.sequence, missedCount: missed, content: .failure(error))
            }
        }
        let cleared = state.withLock { $0.queueCaughtUp(from: cursor, highest: slice.highestSequence) }
        return cleared ? RawDelivery(sequence: nil, content: .cleared) : nil
    }
}
