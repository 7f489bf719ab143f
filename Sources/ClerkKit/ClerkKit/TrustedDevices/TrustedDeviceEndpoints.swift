/// The trusted-device requests under the naming the instance advertises: `/v1/me/trusted_devices…` (clerk-ios
/// 1.4), or `/v1/me/biometric_credentials…` once its native settings carry `biometric_credential_sign_in_enabled`
/// (the rename of clerk-ios 1.5). Bodies are the same under both.
@available(OS2023, *)
struct TrustedDeviceEndpoints {
    /// Whether the biometric-credential paths are used.
    let biometric: Bool

    init(_ environment: ClerkEnvironment?) {
        biometric = environment?.authConfig?.nativeSettings?.usesBiometricCredentialEndpoints ?? false
    }

    /// The signed-in user's list.
    func list() -> FAPIRequest {
        biometric ? FAPIRequest("GET", "/v1/me/biometric_credentials") : FAPIRequest("GET", "/v1/me/trusted_devices")
    }

    /// Enrollment, first call: the challenge.
    func prepare(_ parameters: some Encodable) throws(ClerkError) -> FAPIRequest {
        biometric
            ? try FAPIRequest("POST", "/v1/me/biometric_credentials/prepare", parameters: parameters)
            : try FAPIRequest("POST", "/v1/me/trusted_devices/prepare", parameters: parameters)
    }

    /// Enrollment, second call: the signed challenge.
    func attempt(_ parameters: some Encodable) throws(ClerkError) -> FAPIRequest {
        biometric
            ? try FAPIRequest("POST", "/v1/me/biometric_credentials/attempt", parameters: parameters)
            : try FAPIRequest("POST", "/v1/me/trusted_devices/attempt", parameters: parameters)
    }

    /// Revocation of the credential `id`.
    func revoke(_ id: String) -> FAPIRequest {
        biometric
            ? FAPIRequest("DELETE", "/v1/me/biometric_credentials/\(FAPIRequest.segment(id))")
            : FAPIRequest("DELETE", "/v1/me/trusted_devices/\(FAPIRequest.segment(id))")
    }

    /// Whether a credential is still valid for this client.
    func validate(_ parameters: some Encodable) throws(ClerkError) -> FAPIRequest {
        biometric
            ? try FAPIRequest("POST", "/v1/client/biometric_credentials/validate", parameters: parameters)
            : try FAPIRequest("POST", "/v1/client/trusted_devices/validate", parameters: parameters)
    }
}
