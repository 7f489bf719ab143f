public import Foundation

/// A sign-up attempt (`sign_up_attempt`).
@available(OS2023, *)
public struct SignUp: Codable, Sendable, Hashable, Identifiable {
    /// The verifications of the sign-up's identifiers.
    public struct Verifications: Codable, Sendable, Hashable {
        /// The email address's verification.
        public var emailAddress: Verification?
        /// The phone number's verification.
        public var phoneNumber: Verification?
        /// The Web3 wallet's verification.
        public var web3Wallet: Verification?
        /// The external account's verification.
        public var externalAccount: Verification?

        enum CodingKeys: String, CodingKey {
            case emailAddress = "email_address"
            case phoneNumber = "phone_number"
            case web3Wallet = "web3_wallet"
            case externalAccount = "external_account"
        }
    }

    /// The id (`sua_…`).
    public var id: String
    /// What is left to do.
    public var status: SignUpStatus
    /// Fields the instance requires.
    @DefaultEmpty public var requiredFields: [String] = []
    /// Fields the instance accepts.
    @DefaultEmpty public var optionalFields: [String] = []
    /// Required fields not given yet.
    @DefaultEmpty public var missingFields: [String] = []
    /// Given fields not verified yet.
    @DefaultEmpty public var unverifiedFields: [String] = []
    /// Verifications by field.
    public var verifications: Verifications?
    /// The username.
    public var username: String?
    /// The email address.
    public var emailAddress: String?
    /// The phone number.
    public var phoneNumber: String?
    /// Whether a password was given.
    public var passwordEnabled: Bool?
    /// The first name.
    public var firstName: String?
    /// The last name.
    public var lastName: String?
    /// Metadata the app attached.
    public var unsafeMetadata: JSONValue?
    /// The new session, once ``status`` is ``SignUpStatus/complete``.
    public var createdSessionId: String?
    /// The new user, once complete.
    public var createdUserId: String?
    /// When the attempt is abandoned.
    public var abandonAt: Date?
    /// When the legal terms were accepted.
    public var legalAcceptedAt: Date?
    /// The language the attempt was created in (`locale`), when the client sent one.
    public var locale: String?

    enum CodingKeys: String, CodingKey {
        case id, status, verifications, username, locale
        case requiredFields = "required_fields"
        case optionalFields = "optional_fields"
        case missingFields = "missing_fields"
        case unverifiedFields = "unverified_fields"
        case emailAddress = "email_address"
        case phoneNumber = "phone_number"
        case passwordEnabled = "password_enabled"
        case firstName = "first_name"
        case lastName = "last_name"
        case unsafeMetadata = "unsafe_metadata"
        case createdSessionId = "created_session_id"
        case createdUserId = "created_user_id"
        case abandonAt = "abandon_at"
        case legalAcceptedAt = "legal_accepted_at"
    }
}
