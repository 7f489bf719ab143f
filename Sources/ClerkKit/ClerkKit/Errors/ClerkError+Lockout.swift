@available(OS2023, *)
extension ClerkAPIError {
    /// The code of a sign-in refused because the user is locked after too many failed verifications.
    public static let userLockedCode = "user_locked"
}

/// A user locked out by Clerk's attack protection (too many wrong passwords or codes).
@available(OS2023, *)
public struct UserLockout: Sendable, Hashable {
    /// How long until the user may try again (`meta.lockout_expires_in_seconds`); nil when the lockout does not
    /// end on its own.
    public var expiresIn: Duration?

    /// A lockout.
    public init(expiresIn: Duration?) {
        self.expiresIn = expiresIn
    }
}

@available(OS2023, *)
extension ClerkError {
    /// The lockout of a `user_locked` refusal, else `nil`.
    public var userLockout: UserLockout? {
        guard let apiError, apiError.code == ClerkAPIError.userLockedCode else { return nil }
        guard case .object(let meta)? = apiError.meta, case .number(let seconds)? = meta["lockout_expires_in_seconds"],
            seconds.isFinite, seconds >= 0
        else { return UserLockout(expiresIn: nil) }
        return UserLockout(expiresIn: .seconds(seconds.rounded(.up)))
    }
}
