import Foundation

/// A credential this installation enrolled: the service's id, the local key, and whom it signs in.
@available(OS2023, *)
struct TrustedDeviceCredential: Codable, Sendable, Hashable {
    var id: String
    var keyID: String
    var userID: String
    var identifierHint: String?
    var appIdentifier: String
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id
        case keyID = "key_id"
        case userID = "user_id"
        case identifierHint = "identifier_hint"
        case appIdentifier = "app_identifier"
        case createdAt = "created_at"
    }
}

/// Every decision of the trusted-device flows. Pure.
@available(OS2023, *)
enum TrustedDeviceRules {
    /// Why the instance does not allow trusted devices, or nil when it does.
    static func featureBlock(_ environment: ClerkEnvironment?) -> TrustedDeviceAvailability? {
        guard let environment else { return .environmentUnavailable }
        guard let settings = environment.authConfig?.nativeSettings, settings.apiEnabled else {
            return .nativeAPIDisabled
        }
        return settings.trustedDeviceSignInEnabled ? nil : .featureDisabled
    }

    /// The credentials that may be used, newest first: this app's, narrowed by id, identifier hint and user.
    static func candidates(
        _ credentials: [TrustedDeviceCredential], appIdentifier: String?, id: String? = nil,
        identifierHint: String? = nil, userID: String? = nil
    ) -> [TrustedDeviceCredential] {
        credentials.filter { credential in
            (appIdentifier == nil || credential.appIdentifier == appIdentifier)
                && (id == nil || credential.id == id)
                && (identifierHint == nil || credential.identifierHint == nil
                    || credential.identifierHint?.lowercased() == identifierHint?.lowercased())
                && (userID == nil || credential.userID == userID)
        }
        .sorted { $0.createdAt > $1.createdAt }
    }

    /// What the user's credential list says about a local credential: nil to keep it, else why to forget it.
    static func serverVerdict(_ credential: TrustedDeviceCredential, devices: [TrustedDevice])
        -> TrustedDeviceAvailability?
    {
        guard let device = devices.first(where: { $0.id == credential.id }) else { return .serverCredentialMissing }
        return device.isActive ? nil : .serverCredentialRevoked
    }

    /// Whether a refused sign-in or validation means the service no longer accepts the credential.
    static func credentialIsGone(_ error: ClerkError) -> Bool {
        guard error.code == .api, let code = error.apiError?.code else { return false }
        return ["trusted_device_not_found", "trusted_device_revoked", "resource_not_found"].contains(code)
    }

    /// Whether a session may enroll or revoke this device (active or pending, as in clerk-ios).
    static func sessionMayManage(_ session: Session?) -> Bool {
        session?.status == .active || session?.status == .pending
    }

    /// The error for a refused unlock of a hardware key, from the `LAError` code.
    static func signingFailure(laErrorCode code: Int, underlying: any Error & Sendable) -> ClerkError {
        // userCancel, userFallback, systemCancel, appCancel
        if [-2, -3, -4, -9].contains(code) {
            return ClerkError(.authenticationCancelled, "The person declined to unlock the device key.")
        }
        return ClerkError(.invalidState, "The device key could not sign (code \(code)).", underlying: underlying)
    }
}

/// The list of credentials this installation enrolled, in the ``SecureStore`` (key `trustedDeviceCredentials`,
/// clerk-ios's name). An unreadable list reads as empty and is replaced at the next write.
@available(OS2023, *)
struct TrustedDeviceCredentialStore: Sendable {
    static let key = "trustedDeviceCredentials"
    let store: any SecureStore

    func all() -> [TrustedDeviceCredential] {
        guard let data = try? store.data(forKey: Self.key) else { return [] }
        return (try? ClerkJSON.decoder().decode([TrustedDeviceCredential].self, from: data)) ?? []
    }

    func replace(_ credentials: [TrustedDeviceCredential]) throws(ClerkError) {
        guard !credentials.isEmpty else {
            try store.remove(forKey: Self.key)
            return
        }
        do {
            try store.set(try ClerkJSON.encoder().encode(credentials), forKey: Self.key)
        } catch let error as ClerkError {
            throw error
        } catch {
            throw ClerkError(.encoding, "The trusted-device credentials could not be encoded.", underlying: error)
        }
    }
}
