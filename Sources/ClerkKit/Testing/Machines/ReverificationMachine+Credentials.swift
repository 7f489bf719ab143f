/// Reverification with a credential rather than a code: a passkey (first or second factor) or a trusted device
/// (biometric credential, first factor). The step carries a challenge; the store checks the signature over it
/// and tells the machine whether the user's own credential made it.
@available(OS2023, *)
extension ReverificationMachine {
    /// Opens a passkey step with `challenge` (base64url) and its WebAuthn request `options`.
    mutating func startPasskey(
        second: Bool, challenge: String, options: String, user: UserRecord, now: Millis,
        _ configuration: ClerkEmulator.Configuration
    ) -> Result<[Action], FAPIError> {
        guard status == (second ? .needsSecondFactor : .needsFirstFactor) else {
            return .failure(.stateInvalid("The reverification is not waiting for this factor."))
        }
        let offered =
            second
            ? SignInMachine.secondFactors(for: user, configuration).contains { $0.strategy == "passkey" }
            : user.hasRegisteredPasskey
        guard offered else { return .failure(.strategyInvalid("passkey")) }
        let verification = VerificationState(
            strategy: "passkey", expireAt: now + configuration.codeLifetime.clampedMillis, code: challenge,
            nonce: options)
        if second { secondFactor = verification } else { firstFactor = verification }
        return .success([])
    }

    /// Opens a trusted-device step: the device key must sign `challenge`'s `client_data`.
    mutating func startTrustedDevice(_ challenge: TrustedDeviceChallengeRecord) -> Result<[Action], FAPIError> {
        guard status == .needsFirstFactor else {
            return .failure(.stateInvalid("The reverification is not waiting for a first factor."))
        }
        firstFactor = VerificationState(
            strategy: "trusted_device", expireAt: challenge.expiresAt, trustedDeviceChallenge: challenge)
        return .success([])
    }

    /// The open, unexpired `strategy` step of the first (`second == false`) or second factor.
    func openStep(second: Bool, strategy: String, now: Millis) -> Result<VerificationState, FAPIError> {
        guard status == (second ? .needsSecondFactor : .needsFirstFactor),
            let step = second ? secondFactor : firstFactor, step.strategy == strategy, step.status == .unverified
        else { return .failure(.verificationMissing) }
        if let expireAt = step.expireAt, now > expireAt { return .failure(.verificationExpired) }
        return .success(step)
    }

    /// The signature checked out and was made by the user's own credential: the step is done, once.
    mutating func credentialVerified(
        second: Bool, strategy: String, user: UserRecord, now: Millis, _ configuration: ClerkEmulator.Configuration
    ) -> Result<[Action], FAPIError> {
        if case .failure(let error) = openStep(second: second, strategy: strategy, now: now) { return .failure(error) }
        if second {
            secondFactor?.status = .verified
            secondFactor?.attempts += 1
            status = .complete
            return .success([.verified(second: true)])
        }
        firstFactor?.status = .verified
        firstFactor?.attempts += 1
        let needsSecond = level == "multi_factor" && !SignInMachine.secondFactors(for: user, configuration).isEmpty
        status = needsSecond ? .needsSecondFactor : .complete
        return .success([.verified(second: false)])
    }

    /// The signature was refused: the attempt counts; too many fail the step for good.
    mutating func credentialFailed(second: Bool, _ error: FAPIError, maximumAttempts: Int) -> FAPIError {
        var step = second ? secondFactor : firstFactor
        step?.attempts += 1
        if let attempts = step?.attempts, attempts >= maximumAttempts { step?.status = .failed }
        if second { secondFactor = step } else { firstFactor = step }
        return error
    }
}
