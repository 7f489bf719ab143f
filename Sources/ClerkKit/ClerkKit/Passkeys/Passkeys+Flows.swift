@available(OS2023, *)
extension Auth {
    /// Signs in with a passkey as clerk-ios does: creates a sign-in with `strategy=passkey`, has `authenticator`
    /// sign the challenge of its first-factor nonce (any passkey of the relying party: the person picks one, or
    /// the keyboard suggests it with `autofill`), then attempts the first factor with the credential.
    ///
    /// - Throws: ``ClerkError/Code/authenticationCancelled`` when the person declines; ``ClerkError/Code/api``
    ///   when the service refuses the assertion.
    @discardableResult
    public func signInWithPasskey(using authenticator: any PasskeyAuthenticator, autofill: Bool = false)
        async throws(ClerkError) -> SignIn
    {
        let parameters = AuthParameters.CreateSignIn(strategy: FactorStrategy.passkey.rawValue)
        let created = try await perform(
            try FAPIRequest("POST", "/v1/client/sign_ins", parameters: parameters), as: SignIn.self)
        return try await attemptPasskey(created, authenticator: authenticator, autofill: autofill)
    }

    /// Verifies a passkey for a sign-in that already has an identifier: prepares `strategy=passkey` (the nonce
    /// then names the user's credentials) and attempts it.
    @discardableResult
    public func attemptPasskey(_ signIn: SignIn, using authenticator: any PasskeyAuthenticator)
        async throws(ClerkError) -> SignIn
    {
        let parameters = AuthParameters.PrepareFactor(strategy: FactorStrategy.passkey.rawValue)
        let prepared = try await perform(
            try FAPIRequest(
                "POST", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))/prepare_first_factor",
                parameters: parameters),
            as: SignIn.self)
        return try await attemptPasskey(prepared, authenticator: authenticator, autofill: false)
    }

    private func attemptPasskey(_ signIn: SignIn, authenticator: any PasskeyAuthenticator, autofill: Bool)
        async throws(ClerkError) -> SignIn
    {
        let request = try PasskeyWire.assertionRequest(signIn.firstFactorVerification?.nonce)
        let assertion = try await authenticator.assert(request, autofill: autofill)
        let parameters = AuthParameters.AttemptFactor(
            strategy: FactorStrategy.passkey.rawValue, publicKeyCredential: try PasskeyWire.credentialJSON(assertion))
        return try await perform(
            try FAPIRequest(
                "POST", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))/attempt_first_factor",
                parameters: parameters),
            as: SignIn.self)
    }
}

@available(OS2023, *)
extension Account {
    /// Registers a new passkey for the signed-in user: `POST /v1/me/passkeys` for the options, `authenticator`
    /// creates the credential, and `attempt_verification` sends it.
    ///
    /// - Throws: ``ClerkError/Code/authenticationCancelled`` when the person declines; ``ClerkError/Code/api``
    ///   when the service refuses the attestation.
    @discardableResult
    public func createPasskey(using authenticator: any PasskeyAuthenticator) async throws(ClerkError) -> Passkey {
        let pending = try await perform(FAPIRequest("POST", "/v1/me/passkeys"), as: Passkey.self)
        let request = try PasskeyWire.registrationRequest(pending.verification?.nonce)
        let registration = try await authenticator.register(request)
        let parameters = AccountParameters.PasskeyAttempt(
            strategy: FactorStrategy.passkey.rawValue, publicKeyCredential: try PasskeyWire.credentialJSON(registration)
        )
        return try await perform(
            try FAPIRequest(
                "POST", "/v1/me/passkeys/\(FAPIRequest.segment(pending.id))/attempt_verification",
                parameters: parameters),
            as: Passkey.self)
    }
}
