public import Foundation

/// A sign-in attempt (`sign_in_attempt`).
@available(OS2023, *)
public struct SignIn: Codable, Sendable, Hashable, Identifiable {
    /// Names shown for the user before they finish signing in.
    public struct UserData: Codable, Sendable, Hashable {
        /// The first name.
        public var firstName: String?
        /// The last name.
        public var lastName: String?
        /// The avatar URL.
        public var imageUrl: String?
        /// Whether there is an avatar.
        public var hasImage: Bool?

        enum CodingKeys: String, CodingKey {
            case firstName = "first_name"
            case lastName = "last_name"
            case imageUrl = "image_url"
            case hasImage = "has_image"
        }
    }

    /// The id (`sia_…`).
    public var id: String
    /// What is left to do.
    public var status: SignInStatus
    /// The identifiers the instance accepts.
    @DefaultEmpty public var supportedIdentifiers: [SignInIdentifier] = []
    /// The first factors the user can use.
    @DefaultEmpty public var supportedFirstFactors: [SignInFactor] = []
    /// The second factors the user can use.
    @DefaultEmpty public var supportedSecondFactors: [SignInFactor] = []
    /// The first factor being verified.
    public var firstFactorVerification: Verification?
    /// The second factor being verified.
    public var secondFactorVerification: Verification?
    /// The identifier given.
    public var identifier: String?
    /// Names for the user.
    public var userData: UserData?
    /// The new session, once ``status`` is ``SignInStatus/complete``.
    public var createdSessionId: String?
    /// When the attempt is abandoned.
    public var abandonAt: Date?
    /// `pending`, `new` or `known`.
    public var clientTrustState: String?
    /// The language the attempt was created in (`locale`), when the client sent one.
    public var locale: String?

    enum CodingKeys: String, CodingKey {
        case id, status, identifier, locale
        case supportedIdentifiers = "supported_identifiers"
        case supportedFirstFactors = "supported_first_factors"
        case supportedSecondFactors = "supported_second_factors"
        case firstFactorVerification = "first_factor_verification"
        case secondFactorVerification = "second_factor_verification"
        case userData = "user_data"
        case createdSessionId = "created_session_id"
        case abandonAt = "abandon_at"
        case clientTrustState = "client_trust_state"
    }

    /// The first factor with `strategy`, preferring the one for the identifier given.
    public func firstFactor(_ strategy: FactorStrategy) -> SignInFactor? {
        let matching = supportedFirstFactors.filter { $0.strategy == strategy }
        return matching.first { $0.primary == true } ?? matching.first
    }

    /// The second factor with `strategy`, preferring the default one.
    public func secondFactor(_ strategy: FactorStrategy) -> SignInFactor? {
        let matching = supportedSecondFactors.filter { $0.strategy == strategy }
        return matching.first { $0.isDefault == true } ?? matching.first
    }
}
