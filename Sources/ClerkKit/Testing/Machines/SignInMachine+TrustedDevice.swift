/// Sign-in with a trusted device: the first factor carries a challenge for the credential's key; the driver checks
/// the signature and tells the machine whose credential signed it.
@available(OS2023, *)
extension SignInMachine {
    /// `strategy=trusted_device` on create: the credential names the user, and its challenge opens the first factor.
    mutating func startTrustedDevice(_ challenge: TrustedDeviceChallengeRecord, user: UserRecord, _ context: Context)
        -> Result<[Action], FAPIError>
    {
        guard status == .needsIdentifier || status == .needsFirstFactor else {
            return .failure(.stateInvalid("The sign-in is not waiting for a first factor."))
        }
        status = .needsFirstFactor
        userId = user.id
        identifier = user.displayIdentifier
        firstFactor = VerificationState(
            strategy: "trusted_device", expireAt: challenge.expiresAt, trustedDeviceChallenge: challenge)
        return .success([])
    }

    /// The open challenge, if a trusted-device step is open and not expired.
    func trustedDeviceChallenge(now: Millis) -> Result<TrustedDeviceChallengeRecord, FAPIError> {
        guard status == .needsFirstFactor, let verification = firstFactor, verification.strategy == "trusted_device",
            verification.status == .unverified, let challenge = verification.trustedDeviceChallenge
        else { return .failure(.verificationMissing) }
        if now > challenge.expiresAt { return .failure(.verificationExpired) }
        return .success(challenge)
    }

    /// The signature was checked: the step is done, once.
    mutating func trustedDeviceVerified(_ user: UserRecord, _ context: Context) -> Result<[Action], FAPIError> {
        if case .failure(let error) = trustedDeviceChallenge(now: context.now) { return .failure(error) }
        guard userId == user.id else { return .failure(.verificationFailed) }
        firstFactor?.status = .verified
        firstFactor?.attempts += 1
        return .success(firstFactorPassed(user, strategy: "trusted_device", context))
    }

    /// The signature was refused: the attempt counts; too many fail the step for good.
    mutating func trustedDeviceFailed(_ error: FAPIError, maximumAttempts: Int) -> Result<[Action], FAPIError> {
        firstFactor?.attempts += 1
        if let attempts = firstFactor?.attempts, attempts >= maximumAttempts { firstFactor?.status = .failed }
        return .failure(error)
    }
}
