public import Foundation

/// The verification of an identifier or factor (`first_factor_verification`, an email address's
/// `verification`, …).
@available(OS2023, *)
public struct Verification: Codable, Sendable, Hashable {
    /// `verification_otp`, `verification_password`, …
    public var object: String?
    /// Where the verification stands.
    public var status: VerificationStatus
    /// How it is verified.
    public var strategy: FactorStrategy?
    /// Failed attempts so far.
    public var attempts: Int?
    /// When it expires.
    public var expireAt: Date?
    /// The URL to open for OAuth and SSO strategies.
    public var externalVerificationRedirectUrl: String?
    /// The passkey challenge (a JSON string) for the passkey strategy.
    public var nonce: String?
    /// Why it failed, if it did.
    public var error: ClerkAPIError?
    /// Sign-up verifications: what to do next.
    public var nextAction: VerificationNextAction?
    /// Sign-up verifications: the strategies that can verify this field.
    public var supportedStrategies: [String]?
    /// The challenge to sign for the `trusted_device` strategy.
    public var trustedDeviceChallenge: TrustedDeviceChallenge?

    enum CodingKeys: String, CodingKey {
        case object, status, strategy, attempts, nonce, error
        case trustedDeviceChallenge = "trusted_device_challenge"
        case expireAt = "expire_at"
        case externalVerificationRedirectUrl = "external_verification_redirect_url"
        case nextAction = "next_action"
        case supportedStrategies = "supported_strategies"
    }
}

/// A way to complete a sign-in step (`supported_first_factors`, `supported_second_factors`).
@available(OS2023, *)
public struct SignInFactor: Codable, Sendable, Hashable {
    /// The strategy.
    public var strategy: FactorStrategy
    /// The identifier, masked (`a***@example.com`).
    public var safeIdentifier: String?
    /// The email address this factor sends to.
    public var emailAddressId: String?
    /// The phone number this factor sends to.
    public var phoneNumberId: String?
    /// The passkey.
    public var passkeyId: String?
    /// The trusted device.
    public var trustedDeviceId: String?
    /// Whether this identifier is the user's primary one.
    public var primary: Bool?
    /// Whether this is the default second factor.
    public var isDefault: Bool?

    enum CodingKeys: String, CodingKey {
        case strategy, primary
        case safeIdentifier = "safe_identifier"
        case emailAddressId = "email_address_id"
        case phoneNumberId = "phone_number_id"
        case passkeyId = "passkey_id"
        case trustedDeviceId = "trusted_device_id"
        case isDefault = "default"
    }
}
