@available(OS2023, *)
extension Auth {
    /// Finishes a sign-in that ``SignIn/status`` says `needsSecondFactor` with a passkey, where the instance offers
    /// `passkey` among ``SignIn/supportedSecondFactors``: `prepare_second_factor` with `strategy=passkey` (its
    /// nonce names the user's credentials), `authenticator` signs the challenge, then `attempt_second_factor` sends
    /// the assertion.
    ///
    /// - Throws: ``ClerkError/Code/authenticationCancelled`` when the person declines; ``ClerkError/Code/api``
    ///   when the service refuses the assertion or the strategy.
    @discardableResult
    public func attemptSecondFactorPasskey(_ signIn: SignIn, using authenticator: any PasskeyAuthenticator)
        async throws(ClerkError) -> SignIn
    {
        let segment = FAPIRequest.segment(signIn.id)
        let prepared = try await perform(
            try FAPIRequest(
                "POST", "/v1/client/sign_ins/\(segment)/prepare_second_factor",
                parameters: AuthParameters.PrepareFactor(strategy: FactorStrategy.passkey.rawValue)),
            as: SignIn.self)
        let request = try PasskeyWire.assertionRequest(prepared.secondFactorVerification?.nonce)
        let assertion = try await authenticator.assert(request, autofill: false)
        let parameters = AuthParameters.AttemptFactor(
            strategy: FactorStrategy.passkey.rawValue, publicKeyCredential: try PasskeyWire.credentialJSON(assertion))
        return try await perform(
            try FAPIRequest("POST", "/v1/client/sign_ins/\(segment)/attempt_second_factor", parameters: parameters),
            as: SignIn.self)
    }
}
