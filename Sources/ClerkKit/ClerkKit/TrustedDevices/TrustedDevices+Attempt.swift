import Foundation

@available(OS2023, *)
extension TrustedDevices {
    /// Signs a first-factor challenge with `credential`'s key (the platform asks for the person's biometrics with
    /// `reason`): the parameters of the `attempt_first_factor` that follows, for a sign-in or a reverification.
    ///
    /// - Throws: ``ClerkError/Code/invalidResponse`` with `missing` when there is no challenge or it names another
    ///   device; the key store's errors.
    func attemptParameters(
        signing challenge: TrustedDeviceChallenge?, with credential: TrustedDeviceCredential, reason: String,
        missing: String
    ) async throws(ClerkError) -> AuthParameters.AttemptFactor {
        guard let challenge, challenge.trustedDeviceId == nil || challenge.trustedDeviceId == credential.id else {
            throw ClerkError(.invalidResponse, missing)
        }
        let signature = try await keys.sign(Data(challenge.clientData.utf8), keyID: credential.keyID, reason: reason)
        return AuthParameters.AttemptFactor(
            strategy: FactorStrategy.trustedDevice.rawValue, trustedDeviceId: credential.id,
            clientData: challenge.clientData, signature: Base64URL.encode(signature), algorithm: challenge.algorithm)
    }
}
