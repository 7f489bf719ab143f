import CourierPrimitives

/// Delivers events to handlers synchronously and in the order they were sent, from whichever thread
/// sends, without holding a lock while handlers run.
///
/// A thread that sends while another is delivering only enqueues; the delivering thread hands the event
/// on after the ones before it. A handler may send again (it is enqueued, not delivered re-entrantly).
internal final class EventRelay<Event: Sendable>: Sendable {
    typealias Handler = @Sendable (Event) -> Void

    private struct State {
        var queue: [(event: Event, target: UInt64?)] = []
        var head = 0
        var isDelivering = false
        var handlers: [(id: UInt64, handler: Handler)] = []
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// Adds a handler; it receives events sent after this call.
    ///
    /// - Parameter initial: Read under the relay's lock; its event reaches this handler first, before any
    ///   event sent after it, so a snapshot and the changes that follow it cannot be reordered.
    func add(_ handler: @escaping Handler, initial: (() -> Event?)? = nil) -> UInt64 {
        let (id, shouldDeliver) = state.withLock { state in
            let id = state.nextID
            state.nextID &+= 1
            state.handlers.append((id, handler))
            guard let event = initial?() else { return (id, false) }
            state.queue.append((event, id))
            guard !state.isDelivering else { return (id, false) }
            state.isDelivering = true
            return (id, true)
        }
        if shouldDeliver {
            deliver()
        }
        return id
    }

    /// Removes a handler; events already being delivered may still reach it.
    func remove(_ id: UInt64) {
        state.withLock { state in
            state.handlers.removeAll { $0.id == id }
        }
    }

    /// Sends an event to every handler, after any events sent before it.
    func send(_ event: Event) {
        let shouldDeliver = state.withLock { state in
            state.queue.append((event, nil))
            guard !state.isDelivering else { return false }
            state.isDelivering = true
            return true
        }
        if shouldDeliver {
            deliver()
        }
    }

    private func deliver() {
        while let (next, handlers) = dequeue() {
            for handler in handlers {
                handler(next)
            }
        }
    }

    private func dequeue() -> (Event, [Handler])? {
        state.withLock { state in
            guard state.head < state.queue.count else {
                state.queue.removeAll(keepingCapacity: true)
                state.head = 0
                state.isDelivering = false
                return nil
            }
            let (event, target) = state.queue[state.head]
            state.head += 1
            let handlers = state.handlers.filter { target == nil || $0.id == target }.map(\.handler)
            return (event, handlers)
        }
    }
}
