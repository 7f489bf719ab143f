/// Fans values out to any number of `AsyncStream` subscribers, in order.
///
/// - Every subscriber sees every value sent after it subscribed, in the order `send` was called, even
///   when several threads send at once (senders take turns handing values over).
/// - Ending one subscription (cancelling its task, or dropping its iterator) removes only that subscriber.
/// - With `replayLatest`, a new subscriber first receives the most recent value, so state streams
///   ("current status, then changes") need no separate read.
/// - `onSubscriberCountChange` reports 0 → 1 and 1 → 0 transitions (and every change in between), which
///   owners use to start a source when someone listens and stop it when nobody does. Calls from
///   concurrent subscribes and cancellations can arrive out of order: treat each call as a prompt to
///   reconcile against ``subscriberCount``, not as the truth.
@available(OS2019, *)
package final class Broadcast<Element: Sendable>: Sendable {
    /// Called outside the lock with the new subscriber count.
    package typealias CountObserver = @Sendable (_ count: Int) -> Void

    private struct State {
        var subscribers: [UInt64: AsyncStream<Element>.Continuation] = [:]
        var nextID: UInt64 = 0
        var latest: Element?
        var isFinished = false
    }

    private let state = Locked(State())
    /// Held while values are handed to subscribers (never while `state`'s lock is taken).
    private let delivery = Locked(())
    private let replayLatest: Bool
    private let bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy
    private let onSubscriberCountChange: CountObserver?

    /// Creates a broadcast.
    /// - Parameters:
    ///   - replayLatest: Whether a new subscriber first receives the latest value sent.
    ///   - bufferingPolicy: How each subscriber buffers values it has not consumed yet.
    ///   - onSubscriberCountChange: Told the subscriber count after each subscribe or unsubscribe.
    package init(
        replayLatest: Bool = false,
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded,
        onSubscriberCountChange: CountObserver? = nil
    ) {
        self.replayLatest = replayLatest
        self.bufferingPolicy = bufferingPolicy
        self.onSubscriberCountChange = onSubscriberCountChange
    }

    /// The number of live subscriptions.
    package var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }

    /// The latest value sent, if any. Only a broadcast that replays it keeps it: without `replayLatest` a value
    /// lives only as long as its subscribers hold it, and this is `nil`.
    package var latest: Element? {
        state.withLock { $0.latest }
    }

    /// Opens a new subscription. After `finish()`, the returned stream is already finished.
    package func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        let count: Int? = state.withLock { state in
            if state.isFinished {
                return nil
            }
            let id = state.nextID
            state.nextID &+= 1
            if replayLatest, let latest = state.latest {
                continuation.yield(latest)
            }
            state.subscribers[id] = continuation
            continuation.onTermination = { [weak self] _ in
                self?.remove(id)
            }
            return state.subscribers.count
        }
        guard let count else {
            continuation.finish()
            return stream
        }
        onSubscriberCountChange?(count)
        return stream
    }

    /// Sends a value to every current subscriber (and, with `replayLatest`, remembers it as the latest value).
    package func send(_ element: Element) {
        // Senders take turns on `delivery`, so subscribers see values in `send` order. The values are handed over
        // outside `state`'s lock: handing a value to a waiting subscriber takes that subscriber task's own lock,
        // which a thread cancelling the task holds while its `onTermination` takes `state`'s lock to unsubscribe.
        delivery.withLock { _ in
            let subscribers = state.withLock { state -> [AsyncStream<Element>.Continuation] in
                guard !state.isFinished else { return [] }
                if replayLatest {
                    state.latest = element
                }
                return Array(state.subscribers.values)
            }
            for continuation in subscribers {
                continuation.yield(element)
            }
        }
    }

    /// Finishes every subscription, after the values already sent; later subscriptions finish at once.
    package func finish() {
        let continuations = delivery.withLock { _ in
            let continuations = state.withLock { state in
                state.isFinished = true
                defer { state.subscribers.removeAll() }
                return Array(state.subscribers.values)
            }
            // Outside `state`'s lock: `finish()` runs `onTermination`, which takes it again.
            for continuation in continuations {
                continuation.finish()
            }
            return continuations
        }
        if !continuations.isEmpty {
            onSubscriberCountChange?(0)
        }
    }

    private func remove(_ id: UInt64) {
        let count: Int? = state.withLock { state in
            state.subscribers.removeValue(forKey: id) == nil ? nil : state.subscribers.count
        }
        if let count {
            onSubscriberCountChange?(count)
        }
    }
}
