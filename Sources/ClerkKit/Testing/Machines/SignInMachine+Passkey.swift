/// Sign-in with a passkey: the first factor carries a WebAuthn challenge; the driver checks the assertion (as a
/// relying party) and tells the machine whose passkey signed it.
@available(OS2023, *)
extension SignInMachine {
    /// `strategy=passkey` on create (no identifier: any passkey may answer) or on `prepare_first_factor`.
    mutating func startPasskey(challenge: String, options: String, _ context: Context) -> Result<[Action], FAPIError> {
        guard status == .needsIdentifier || status == .needsFirstFactor else {
            return .failure(.stateInvalid("The sign-in is not waiting for a first factor."))
        }
        if status == .needsIdentifier { status = .needsFirstFactor }
        firstFactor = VerificationState(
            strategy: "passkey", expireAt: context.now + context.configuration.codeLifetime.clampedMillis,
            code: challenge, nonce: options)
        return .success([])
    }

    /// The challenge an assertion must sign, if a passkey step is open and not expired.
    func passkeyChallenge(now: Millis) -> Result<String, FAPIError> {
        guard status == .needsFirstFactor, let verification = firstFactor, verification.strategy == "passkey",
            verification.status == .unverified, let challenge = verification.code
        else { return .failure(.verificationMissing) }
        if let expireAt = verification.expireAt, now > expireAt { return .failure(.verificationExpired) }
        return .success(challenge)
    }

    /// The assertion was checked: it was made by a passkey of `user`.
    mutating func passkeyVerified(_ user: UserRecord, _ context: Context) -> Result<[Action], FAPIError> {
        if case .failure(let error) = passkeyChallenge(now: context.now) { return .failure(error) }
        if let userId, userId != user.id {
            return passkeyFailed(
                FAPIError(
                    status: 422, code: "passkey_not_found", message: "Passkey not found",
                    longMessage: "This passkey does not belong to the account signing in.",
                    paramName: "public_key_credential"))
        }
        firstFactor?.status = .verified
        firstFactor?.attempts += 1
        userId = user.id
        identifier = identifier ?? user.displayIdentifier
        return .success(firstFactorPassed(user, strategy: "passkey", context))
    }

    /// The assertion was refused: the attempt counts, and the step stays open for another try.
    mutating func passkeyFailed(_ error: FAPIError) -> Result<[Action], FAPIError> {
        firstFactor?.attempts += 1
        return .failure(error)
    }
}

/// A passkey as the second factor (`prepare_second_factor` / `attempt_second_factor` with `strategy=passkey`):
/// the second-factor verification carries the WebAuthn challenge, and only the signing-in user's passkeys answer.
@available(OS2023, *)
extension SignInMachine {
    /// Opens the second-factor passkey step with `challenge` and its request `options`.
    mutating func startPasskeySecondFactor(challenge: String, options: String, _ context: Context)
        -> Result<[Action], FAPIError>
    {
        guard status == .needsSecondFactor, let user = context.user else {
            return .failure(.stateInvalid("The sign-in is not waiting for a second factor."))
        }
        guard
            SignInMachine.secondFactors(for: user, context.configuration).contains(where: { $0.strategy == "passkey" })
        else { return .failure(.strategyInvalid("passkey")) }
        secondFactor = VerificationState(
            strategy: "passkey", expireAt: context.now + context.configuration.codeLifetime.clampedMillis,
            code: challenge, nonce: options)
        return .success([])
    }

    /// The challenge a second-factor assertion must sign, if that step is open and not expired.
    func passkeySecondFactorChallenge(now: Millis) -> Result<String, FAPIError> {
        guard status == .needsSecondFactor, let verification = secondFactor, verification.strategy == "passkey",
            verification.status == .unverified, let challenge = verification.code
        else { return .failure(.verificationMissing) }
        if let expireAt = verification.expireAt, now > expireAt { return .failure(.verificationExpired) }
        return .success(challenge)
    }

    /// The assertion was checked and made by a passkey of `user`: the sign-in completes, once.
    mutating func passkeySecondFactorVerified(_ user: UserRecord, _ context: Context) -> Result<[Action], FAPIError> {
        if case .failure(let error) = passkeySecondFactorChallenge(now: context.now) { return .failure(error) }
        guard userId == user.id else {
            secondFactor?.attempts += 1
            return .failure(
                FAPIError(
                    status: 422, code: "passkey_not_found", message: "Passkey not found",
                    longMessage: "This passkey does not belong to the account signing in.",
                    paramName: "public_key_credential"))
        }
        secondFactor?.status = .verified
        secondFactor?.attempts += 1
        return .success(complete(user, strategy: firstFactor?.strategy ?? "password", secondFactor: true, context))
    }
}
