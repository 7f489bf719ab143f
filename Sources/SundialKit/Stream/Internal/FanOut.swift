import CourierPrimitives

/// Hands each value to every current subscriber, in order, and keeps nothing once it is handed over.
///
/// Unlike `Broadcast`, it never retains the latest value: a received message (and the reply it carries)
/// lives only as long as a subscriber holds it, so an unheard message is acknowledged at once.
@available(macOS 10.15, *)
final class FanOut<Element: Sendable>: Sendable {
    private struct State {
        var subscribers: [UInt64: AsyncStream<Element>.Continuation] = [:]
        var nextID: UInt64 = 0
        var isFinished = false
    }

    private let state = Locked(State())

    /// The number of subscribers after each subscribe and unsubscribe (concurrent changes may be reported out
    /// of order), starting with the latest: lets a test wait until a listener is in place.
    let subscriberCounts = Broadcast<Int>(replayLatest: true)

    func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let count = state.withLock { state -> Int? in
            guard !state.isFinished else { return nil }
            let id = state.nextID
            state.nextID &+= 1
            state.subscribers[id] = continuation
            continuation.onTermination = { [weak self] _ in
                guard let self else { return }
                let count = self.state.withLock { state in
                    state.subscribers.removeValue(forKey: id)
                    return state.subscribers.count
                }
                self.subscriberCounts.send(count)
            }
            return state.subscribers.count
        }
        if let count {
            subscriberCounts.send(count)
        } else {
            continuation.finish()
        }
        return stream
    }

    func send(_ element: Element) {
        state.withLock { state in
            for continuation in state.subscribers.values {
                continuation.yield(element)
            }
        }
    }

    func finish() {
        let continuations = state.withLock { state in
            state.isFinished = true
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for continuation in continuations {
            continuation.finish()
        }
        subscriberCounts.finish()
    }
}
