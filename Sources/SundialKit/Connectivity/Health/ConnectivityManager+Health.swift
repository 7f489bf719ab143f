import CourierPrimitives

extension ConnectivityManager {
    /// The session's health now.
    public var health: SessionHealth {
        healthState.withLock { $0 }
    }

    /// The session's health: the current value first, then each change, in event order.
    ///
    /// The stream ends when the task iterating it is cancelled (or the stream is released).
    public func healthUpdates() -> AsyncStream<SessionHealth> {
        let (stream, continuation) = AsyncStream.makeStream(of: SessionHealth.self)
        let current = healthState
        let lastSent = Locked<SessionHealth?>(nil)
        // The relay hands each event to the fold (added first, in init) before this handler, and one event at a
        // time, so the health read here is the one after this event.
        let id = relay.add(
            { _ in
                let now = current.withLock { $0 }
                let isNew = lastSent.withLock { last in
                    guard last != now else { return false }
                    last = now
                    return true
                }
                if isNew { continuation.yield(now) }
            },
            initial: { .stateChanged(current.withLock { $0.state }) })
        let relay = relay
        continuation.onTermination = { _ in relay.remove(id) }
        return stream
    }

    /// Folds every event into ``health``; called once, by the initializer, so that it runs before any other
    /// handler.
    func trackHealth() {
        let current = healthState
        _ = relay.add { event in
            current.withLock { $0 = $0.applying(event) }
        }
    }
}
