/// The trusted-device requests under one of their two names: `/v1/me/trusted_devices…` and
/// `/v1/client/trusted_devices/validate` (the description, clerk-ios 1.4), or `/v1/me/biometric_credentials…` and
/// `/v1/client/biometric_credentials/validate` (the rename of clerk-ios after 1.4.1). Bodies, strategy and
/// settings keep their `trusted_device` names under both, so the environment does not say which one the service
/// serves: ``TrustedDevices`` starts with the described one and switches, for good, when the service answers 404
/// there and not under the other name.
@available(OS2023, *)
struct TrustedDeviceEndpoints: Sendable {
    /// Which name the paths use.
    enum Naming: Sendable, Hashable {
        case trustedDevices
        case biometricCredentials

        /// The other name.
        var other: Naming { self == .trustedDevices ? .biometricCredentials : .trustedDevices }
    }

    let naming: Naming
    private var renamed: Bool { naming == .biometricCredentials }

    /// The signed-in user's list.
    func list() -> FAPIRequest {
        renamed ? FAPIRequest("GET", "/v1/me/biometric_credentials") : FAPIRequest("GET", "/v1/me/trusted_devices")
    }

    /// Enrollment, first call: the challenge.
    func prepare(_ parameters: some Encodable) throws(ClerkError) -> FAPIRequest {
        renamed
            ? try FAPIRequest("POST", "/v1/me/biometric_credentials/prepare", parameters: parameters)
            : try FAPIRequest("POST", "/v1/me/trusted_devices/prepare", parameters: parameters)
    }

    /// Enrollment, second call: the signed challenge.
    func attempt(_ parameters: some Encodable) throws(ClerkError) -> FAPIRequest {
        renamed
            ? try FAPIRequest("POST", "/v1/me/biometric_credentials/attempt", parameters: parameters)
            : try FAPIRequest("POST", "/v1/me/trusted_devices/attempt", parameters: parameters)
    }

    /// Revocation of the credential `id`.
    func revoke(_ id: String) -> FAPIRequest {
        renamed
            ? FAPIRequest("DELETE", "/v1/me/biometric_credentials/\(FAPIRequest.segment(id))")
            : FAPIRequest("DELETE", "/v1/me/trusted_devices/\(FAPIRequest.segment(id))")
    }

    /// Whether a credential is still valid for this client.
    func validate(_ parameters: some Encodable) throws(ClerkError) -> FAPIRequest {
        renamed
            ? try FAPIRequest("POST", "/v1/client/biometric_credentials/validate", parameters: parameters)
            : try FAPIRequest("POST", "/v1/client/trusted_devices/validate", parameters: parameters)
    }
}
