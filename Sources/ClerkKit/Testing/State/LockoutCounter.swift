/// Clerk's user lockout (attack protection) for one user: failed verifications (wrong passwords and codes) are
/// counted, and the one that reaches the instance's maximum locks the user for the configured duration. A
/// verification that passes starts the count again; so does the end of a lockout.
@available(OS2023, *)
struct LockoutCounter: Sendable, Equatable {
    /// Failed verifications since the last success or lockout.
    private(set) var failures = 0
    /// When the user was locked; nil while not locked.
    private(set) var lockedAt: Millis?

    /// Whether the user is locked at `now` under `policy`.
    func isLocked(now: Millis, _ policy: ClerkEmulator.Lockout) -> Bool {
        guard let lockedAt else { return false }
        return now < lockedAt + policy.duration.clampedMillis
    }

    /// Whole seconds until the lockout ends (rounded up); nil when the user is not locked.
    func secondsRemaining(now: Millis, _ policy: ClerkEmulator.Lockout) -> Int? {
        guard isLocked(now: now, policy), let lockedAt else { return nil }
        let left = lockedAt + policy.duration.clampedMillis - now
        return Int((left + 999) / 1000)
    }

    /// Whether the last verification locked the user (the lockout may have ended since).
    var wasLocked: Bool { lockedAt != nil }

    /// Verifications left before a lockout, as of the last one (0 after the one that locked the user).
    func attemptsLeft(_ policy: ClerkEmulator.Lockout) -> Int {
        lockedAt == nil ? max(0, policy.maximumAttempts - failures) : 0
    }

    /// Counts a failed verification; returns true when it locks the user.
    mutating func recordFailure(now: Millis, _ policy: ClerkEmulator.Lockout) -> Bool {
        if isLocked(now: now, policy) { return true }
        failures += 1
        lockedAt = nil
        guard failures >= policy.maximumAttempts else { return false }
        lockedAt = now
        failures = 0
        return true
    }

    /// A verification passed: the count starts again.
    mutating func recordSuccess() {
        failures = 0
        lockedAt = nil
    }
}

@available(OS2023, *)
extension FAPIError {
    /// Clerk's answer to a locked user: `403 user_locked` with `meta.lockout_expires_in_seconds` (null when the
    /// lockout never ends).
    static func userLocked(secondsRemaining: Int?) -> FAPIError {
        let wait = secondsRemaining.map { seconds in
            let minutes = max(1, (seconds + 59) / 60)
            return "You will be able to try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
        }
        var error = FAPIError(
            status: 403, code: "user_locked", message: "Account locked",
            longMessage: "Your account is locked. " + (wait ?? "") + " For more information, please contact support.")
        error.longMessage = error.longMessage.replacingOccurrences(of: "  ", with: " ")
        error.meta = ["lockout_expires_in_seconds": secondsRemaining.map { .int(Int64($0)) } ?? .null]
        return error
    }
}
