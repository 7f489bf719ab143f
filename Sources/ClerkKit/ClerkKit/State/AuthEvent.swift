/// Something that happened to the user's authentication state.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public enum AuthEvent: Sendable, Hashable {
    /// A sign-in finished (`status == complete`).
    case signInCompleted(SignIn)
    /// A sign-up finished (`status == complete`).
    case signUpCompleted(SignUp)
    /// A session was signed out (its `status` is `removed` or `ended`), or every session was.
    case signedOut(Session?)
    /// The current session changed (sign-in, sign-out, switching sessions).
    case sessionChanged(oldValue: Session?, newValue: Session?)
    /// The user deleted their own account (``Account/delete()``); every session of the user ended.
    case accountDeleted(User)
    /// A new session token was cached for the current session.
    case tokenRefreshed(token: String)
}

/// Fans events out to every subscriber; each subscriber receives every event sent after it subscribed.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class EventHub<Event: Sendable>: Sendable {
    private struct State {
        var continuations: [UInt64: AsyncStream<Event>.Continuation] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Protected(State())

    /// A new subscription.
    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.continuations[id] = continuation
            continuation.onTermination = { [weak self] _ in
                self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
            }
        }
        return stream
    }

    /// Sends `event` to every subscriber, in order.
    func send(_ event: Event) {
        state.withLock { state in
            for continuation in state.continuations.values { continuation.yield(event) }
        }
    }

    /// Ends every subscription.
    func finish() {
        let continuations = state.withLock { state in
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
