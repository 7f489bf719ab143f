public import Foundation

/// A device-bound ES256 credential the user enrolled on a native app installation (`trusted_device`).
@available(OS2023, *)
public struct TrustedDevice: Codable, Sendable, Hashable, Identifiable {
    /// The id (`tdv_…`).
    public var id: String
    /// `ios` or `android`.
    public var platform: String
    /// The bundle identifier of the app that owns the credential.
    public var appIdentifier: String
    /// The device name given at enrollment.
    public var name: String?
    /// `ES256`.
    public var algorithm: String
    /// `active` or `revoked`.
    public var status: String
    /// When it was enrolled.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?
    /// When it last signed the user in.
    public var lastUsedAt: Date?
    /// When it was revoked.
    public var revokedAt: Date?

    /// Whether it can still sign in.
    public var isActive: Bool { status == "active" }

    enum CodingKeys: String, CodingKey {
        case id, platform, name, algorithm, status
        case appIdentifier = "app_identifier"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case lastUsedAt = "last_used_at"
        case revokedAt = "revoked_at"
    }
}

@available(OS2023, *)
extension TrustedDevice: ClerkModel {}

/// A one-time challenge the device key signs: `client_data` is signed and sent back byte for byte.
@available(OS2023, *)
public struct TrustedDeviceChallenge: Codable, Sendable, Hashable {
    /// The challenge.
    public var challenge: String
    /// The challenge's id.
    public var challengeId: String
    /// The credential it is for (sign-in challenges only).
    public var trustedDeviceId: String?
    /// The canonical JSON payload to sign.
    public var clientData: String
    /// When it expires.
    public var expiresAt: Date?
    /// `ES256`.
    public var algorithm: String

    enum CodingKeys: String, CodingKey {
        case challenge, algorithm
        case challengeId = "challenge_id"
        case trustedDeviceId = "trusted_device_id"
        case clientData = "client_data"
        case expiresAt = "expires_at"
    }
}

/// Native-app settings of the instance (`auth_config.native_settings`).
@available(OS2023, *)
public struct NativeSettings: Codable, Sendable, Hashable {
    /// Whether the native API is on.
    public var apiEnabled: Bool
    /// Whether users may sign in with trusted devices.
    public var trustedDeviceSignInEnabled: Bool
    /// Whether apps should offer enrollment after a sign-in.
    public var trustedDeviceEnrollmentPromptAfterSignInEnabled: Bool?
    /// Whether apps should offer enrollment after a sign-up.
    public var trustedDeviceEnrollmentPromptAfterSignUpEnabled: Bool?

    /// Decodes the settings; a missing `trusted_device_sign_in_enabled` means off, as in clerk-ios. clerk-ios's
    /// rename to biometric credentials keeps these keys: the service sends no other name for them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apiEnabled = try container.decode(Bool.self, forKey: .apiEnabled)
        trustedDeviceSignInEnabled =
            try container.decodeIfPresent(Bool.self, forKey: .trustedDeviceSignInEnabled) ?? false
        trustedDeviceEnrollmentPromptAfterSignInEnabled = try container.decodeIfPresent(
            Bool.self, forKey: .trustedDeviceEnrollmentPromptAfterSignInEnabled)
        trustedDeviceEnrollmentPromptAfterSignUpEnabled = try container.decodeIfPresent(
            Bool.self, forKey: .trustedDeviceEnrollmentPromptAfterSignUpEnabled)
    }

    enum CodingKeys: String, CodingKey {
        case apiEnabled = "api_enabled"
        case trustedDeviceSignInEnabled = "trusted_device_sign_in_enabled"
        case trustedDeviceEnrollmentPromptAfterSignInEnabled = "trusted_device_enrollment_prompt_after_sign_in_enabled"
        case trustedDeviceEnrollmentPromptAfterSignUpEnabled = "trusted_device_enrollment_prompt_after_sign_up_enabled"
    }
}

/// Whether this installation can sign in with a trusted device, and why not.
@available(OS2023, *)
public struct TrustedDeviceAvailability: Sendable, Hashable, CustomStringConvertible {
    private enum Base: String, Sendable, Hashable {
        case available, environmentUnavailable, nativeAPIDisabled, featureDisabled, noLocalCredential
        case localKeyMissing, serverCredentialMissing, serverCredentialRevoked
    }
    private let base: Base
    private init(_ base: Base) { self.base = base }

    /// A local credential is ready.
    public static let available = TrustedDeviceAvailability(.available)
    /// The environment is not loaded yet.
    public static let environmentUnavailable = TrustedDeviceAvailability(.environmentUnavailable)
    /// The instance's native API is off.
    public static let nativeAPIDisabled = TrustedDeviceAvailability(.nativeAPIDisabled)
    /// Trusted-device sign-in is off for the instance.
    public static let featureDisabled = TrustedDeviceAvailability(.featureDisabled)
    /// This installation has no credential (for that user or hint).
    public static let noLocalCredential = TrustedDeviceAvailability(.noLocalCredential)
    /// The credential's private key is gone (a restored backup, a removed key); it was forgotten.
    public static let localKeyMissing = TrustedDeviceAvailability(.localKeyMissing)
    /// The service no longer knows the credential; it was forgotten.
    public static let serverCredentialMissing = TrustedDeviceAvailability(.serverCredentialMissing)
    /// The credential was revoked; it was forgotten.
    public static let serverCredentialRevoked = TrustedDeviceAvailability(.serverCredentialRevoked)

    /// Whether sign-in can start.
    public var isAvailable: Bool { base == .available }
    /// The reason's name.
    public var description: String { base.rawValue }
}
