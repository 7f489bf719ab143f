import CourierPrimitives

/// Something that happened to the user's authentication state.
@available(OS2023, *)
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

/// Fans events out to every subscriber; each subscriber receives every event sent after it subscribed, in order.
@available(OS2023, *)
typealias EventHub<Event: Sendable> = Broadcast<Event>
