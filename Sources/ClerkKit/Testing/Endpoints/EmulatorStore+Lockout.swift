/// User lockout on sign-in (``ClerkEmulator/Configuration/lockout``): a locked user's sign-in calls answer
/// `403 user_locked`; wrong passwords and codes count towards the lockout, the one that reaches the maximum answers
/// `user_locked` itself, and a verification that passes starts the count again.
@available(OS2023, *)
extension EmulatorStore {
    /// The failures that count towards a lockout.
    static let lockoutFailureCodes: Set<String> = ["form_password_incorrect", "form_code_incorrect"]

    /// Throws `user_locked` when `userId` names a user locked at `now`.
    func refuseIfLocked(_ userId: String?, now: Millis) throws(FAPIError) {
        guard let policy = configuration.lockout, let userId, let user = users[userId],
            user.lockout.isLocked(now: now, policy)
        else { return }
        throw FAPIError.userLocked(secondsRemaining: user.lockout.secondsRemaining(now: now, policy))
    }

    /// Counts the outcome of a verification by `userId` and returns it, or `user_locked` for the failure that
    /// locks the user.
    mutating func countForLockout<Success>(
        _ result: Result<Success, FAPIError>, userId: String?, verified: Bool, now: Millis
    ) -> Result<Success, FAPIError> {
        guard let policy = configuration.lockout, let userId, users[userId] != nil else { return result }
        switch result {
        case .failure(let error) where Self.lockoutFailureCodes.contains(error.code):
            guard users[userId]?.lockout.recordFailure(now: now, policy) == true else { return result }
            let remaining = users[userId]?.lockout.secondsRemaining(now: now, policy)
            return .failure(.userLocked(secondsRemaining: remaining))
        case .success where verified:
            users[userId]?.lockout.recordSuccess()
            return result
        default:
            return result
        }
    }
}
