import Foundation

@available(OS2023, *)
extension Auth {
    /// Signs in with a credential this installation enrolled (``TrustedDevices/enroll(deviceName:identifierHint:reason:)``):
    /// creates a sign-in with `strategy=trusted_device`, the device key signs the challenge in its first-factor
    /// verification, and `attempt_first_factor` sends the signature.
    ///
    /// - Parameters:
    ///   - id: The credential to use; by default the newest of this app's (matching `identifierHint`).
    ///   - identifierHint: Picks the credential enrolled with this hint.
    ///   - reason: What the platform shows when it asks the person to unlock the key.
    /// - Throws: ``ClerkError/Code/invalidState`` when this installation has no usable credential;
    ///   ``ClerkError/Code/authenticationCancelled`` when the person declines; ``ClerkError/Code/api`` when the
    ///   service refuses (a credential it no longer knows or revoked is then forgotten here).
    @discardableResult
    public func signInWithTrustedDevice(
        id: String? = nil, identifierHint: String? = nil, reason: String = "Use biometrics to sign in."
    ) async throws(ClerkError) -> SignIn {
        let devices = clerk.trustedDevices
        if let block = TrustedDeviceRules.featureBlock(clerk.environment) {
            throw ClerkError(.invalidConfiguration, "The instance does not allow trusted devices (\(block)).")
        }
        guard
            let credential = TrustedDeviceRules.candidates(
                devices.credentials.all(), appIdentifier: devices.appIdentifier, id: id, identifierHint: identifierHint
            ).first
        else { throw ClerkError(.invalidState, "This installation has no trusted-device credential to sign in with.") }
        do throws(ClerkError) {
            let created = try await perform(
                try FAPIRequest(
                    "POST", "/v1/client/sign_ins",
                    parameters: AuthParameters.CreateSignIn(
                        strategy: FactorStrategy.trustedDevice.rawValue, trustedDeviceId: credential.id)),
                as: SignIn.self)
            let parameters = try await devices.attemptParameters(
                signing: created.firstFactorVerification?.trustedDeviceChallenge, with: credential, reason: reason,
                missing: "The sign-in carries no challenge for this trusted device.")
            return try await perform(
                try FAPIRequest(
                    "POST", "/v1/client/sign_ins/\(FAPIRequest.segment(created.id))/attempt_first_factor",
                    parameters: parameters),
                as: SignIn.self)
        } catch {
            if TrustedDeviceRules.credentialIsGone(error) { devices.forget(credential) }
            throw error
        }
    }
}
