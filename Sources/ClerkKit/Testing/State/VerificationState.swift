/// A verification in progress or done: a code, a password check, a TOTP or backup code.
@available(OS2023, *)
struct VerificationState: Sendable, Equatable {
    enum Status: String, Sendable {
        case unverified, verified, failed, expired
        /// An OAuth or ID-token verification that proved an account the other flow must finish: a sign-in for
        /// someone without a user, or a sign-up for someone who has one.
        case transferable
    }

    var strategy: String
    var status: Status = .unverified
    var attempts: Int = 0
    /// When a code stops being accepted; nil for strategies without one (password, TOTP, backup code).
    var expireAt: Millis?
    /// The code that verifies it. Never rendered.
    var code: String?
    /// The email address or phone number the code went to.
    var targetId: String?
    /// OAuth and SSO: the provider page the browser opens.
    var externalURL: String? = nil
    /// OAuth and SSO: why the provider step failed.
    var error: FAPIError? = nil
    /// Passkeys: the WebAuthn options the client passes to its authenticator (a JSON string).
    var nonce: String? = nil
    /// Trusted devices: the challenge the device key must sign.
    var trustedDeviceChallenge: TrustedDeviceChallengeRecord? = nil

    /// Checks `given` against the code: expiry, attempt budget, then the code itself.
    mutating func attempt(_ given: String, now: Millis, maximumAttempts: Int) -> FAPIError? {
        if status == .verified { return .stateInvalid("This verification has already been verified.") }
        if status == .failed || attempts >= maximumAttempts {
            status = .failed
            return .verificationFailed
        }
        if let expireAt, now > expireAt {
            status = .expired
            return .verificationExpired
        }
        guard let code, Self.constantTimeEquals(code, given) else {
            attempts += 1
            if attempts >= maximumAttempts { status = .failed }
            return .codeIncorrect
        }
        attempts += 1
        status = .verified
        return nil
    }

    /// Checks `code` against the prepared verification in `slot` (which must be for `strategy`), keeping the
    /// counted attempt. Nil when it verified.
    static func attemptCode(
        _ slot: inout VerificationState?, strategy: String, code: String, now: Millis, maximumAttempts: Int
    ) -> FAPIError? {
        guard var verification = slot, verification.strategy == strategy else { return .verificationMissing }
        let failure = verification.attempt(code, now: now, maximumAttempts: maximumAttempts)
        slot = verification
        return failure
    }

    /// Records a check that needs no preparation (password, TOTP, backup code) in `slot`: one more attempt,
    /// verified when `passed`. Nil when it passed, else `failure`.
    static func check(
        _ slot: inout VerificationState?, strategy: String, passed: Bool, failure: FAPIError
    ) -> FAPIError? {
        var verification = VerificationState(strategy: strategy)
        verification.attempts = (slot?.strategy == strategy ? slot?.attempts ?? 0 : 0) + 1
        if passed { verification.status = .verified }
        slot = verification
        return passed ? nil : failure
    }

    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
