import Foundation

@available(OS2023, *)
extension Auth {
    /// Verifies the current session's pending factor with a passkey, after ``startVerification(level:)``: the
    /// first factor (`second == false`) or the second, as ``SessionVerification/status`` asks. Prepares
    /// `strategy=passkey`, has `authenticator` sign the challenge, then attempts with the assertion.
    ///
    /// - Throws: ``ClerkError/Code/authenticationCancelled`` when the person declines; ``ClerkError/Code/api``
    ///   when the service refuses the assertion (a passkey of another account included).
    @discardableResult
    public func verifySessionWithPasskey(second: Bool = false, using authenticator: any PasskeyAuthenticator)
        async throws(ClerkError) -> SessionVerification
    {
        let factor = second ? "second_factor" : "first_factor"
        let base = "/v1/client/sessions/\(try currentSessionSegment())/verify"
        let prepared = try await perform(
            try FAPIRequest(
                "POST", "\(base)/prepare_\(factor)",
                parameters: AuthParameters.PrepareFactor(strategy: FactorStrategy.passkey.rawValue)),
            as: SessionVerification.self)
        let verification = second ? prepared.secondFactorVerification : prepared.firstFactorVerification
        let assertion = try await authenticator.assert(
            try PasskeyWire.assertionRequest(verification?.nonce), autofill: false)
        let parameters = AuthParameters.AttemptFactor(
            strategy: FactorStrategy.passkey.rawValue, publicKeyCredential: try PasskeyWire.credentialJSON(assertion))
        return try await perform(
            try FAPIRequest("POST", "\(base)/attempt_\(factor)", parameters: parameters), as: SessionVerification.self)
    }

    /// Verifies the current session's first factor with this installation's trusted device (biometric
    /// credential) for the signed-in user, after ``startVerification(level:)``: `prepare_first_factor` with
    /// `strategy=trusted_device` issues a challenge, the device key signs it (the platform asks for the person's
    /// biometrics with `reason`), and `attempt_first_factor` sends the signature.
    ///
    /// - Throws: ``ClerkError/Code/invalidState`` when this installation has no credential for the user;
    ///   ``ClerkError/Code/authenticationCancelled`` when the person declines; ``ClerkError/Code/api`` when the
    ///   service refuses (a credential it no longer knows is then forgotten here).
    @discardableResult
    public func verifySessionWithTrustedDevice(reason: String = "Use biometrics to confirm it is you.")
        async throws(ClerkError) -> SessionVerification
    {
        let devices = clerk.trustedDevices
        if let block = TrustedDeviceRules.featureBlock(clerk.environment) {
            throw ClerkError(.invalidConfiguration, "The instance does not allow trusted devices (\(block)).")
        }
        guard let userID = clerk.user?.id,
            let credential = TrustedDeviceRules.candidates(
                devices.credentials.all(), appIdentifier: devices.appIdentifier, userID: userID
            ).first
        else { throw ClerkError(.invalidState, "This installation has no trusted device for the signed-in user.") }
        let base = "/v1/client/sessions/\(try currentSessionSegment())/verify"
        do throws(ClerkError) {
            let prepared = try await perform(
                try FAPIRequest(
                    "POST", "\(base)/prepare_first_factor",
                    parameters: AuthParameters.PrepareFactor(
                        strategy: FactorStrategy.trustedDevice.rawValue, trustedDeviceId: credential.id)),
                as: SessionVerification.self)
            let parameters = try await devices.attemptParameters(
                signing: prepared.firstFactorVerification?.trustedDeviceChallenge, with: credential, reason: reason,
                missing: "The reverification carries no challenge for this device.")
            return try await perform(
                try FAPIRequest("POST", "\(base)/attempt_first_factor", parameters: parameters),
                as: SessionVerification.self)
        } catch {
            if TrustedDeviceRules.credentialIsGone(error) { devices.forget(credential) }
            throw error
        }
    }
}
