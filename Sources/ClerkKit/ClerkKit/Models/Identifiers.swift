public import Foundation

/// One of a user's email addresses.
@available(OS2023, *)
public struct EmailAddress: Codable, Sendable, Hashable, Identifiable {
    /// The id (`idn_…`).
    public var id: String
    /// The address.
    public var emailAddress: String
    /// Whether it is verified, and how.
    public var verification: Verification?
    /// Whether the address is reserved.
    public var reserved: Bool?
    /// When it was added.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, verification, reserved
        case emailAddress = "email_address"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// One of a user's phone numbers.
@available(OS2023, *)
public struct PhoneNumber: Codable, Sendable, Hashable, Identifiable {
    /// The id (`idn_…`).
    public var id: String
    /// The number in E.164 form.
    public var phoneNumber: String
    /// Whether it is verified, and how.
    public var verification: Verification?
    /// Whether it is kept for second-factor use only.
    public var reservedForSecondFactor: Bool?
    /// Whether it is the default second factor.
    public var defaultSecondFactor: Bool?
    /// When it was added.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, verification
        case phoneNumber = "phone_number"
        case reservedForSecondFactor = "reserved_for_second_factor"
        case defaultSecondFactor = "default_second_factor"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// A user's account at an OAuth provider.
@available(OS2023, *)
public struct ExternalAccount: Codable, Sendable, Hashable, Identifiable {
    /// The id (`eac_…`).
    public var id: String
    /// The provider, for example `google`.
    public var provider: String?
    /// The email address at the provider.
    public var emailAddress: String?
    /// Whether it is verified.
    public var verification: Verification?

    enum CodingKeys: String, CodingKey {
        case id, provider, verification
        case emailAddress = "email_address"
    }
}

/// Public data about a session's user (names, avatar, identifier).
@available(OS2023, *)
public struct PublicUserData: Codable, Sendable, Hashable {
    /// The first name.
    public var firstName: String?
    /// The last name.
    public var lastName: String?
    /// The avatar URL.
    public var imageUrl: String?
    /// Whether the user uploaded an avatar.
    public var hasImage: Bool?
    /// The identifier (email, phone or username).
    public var identifier: String?
    /// The user id.
    public var userId: String?
    /// The username.
    public var username: String?

    enum CodingKeys: String, CodingKey {
        case identifier, username
        case firstName = "first_name"
        case lastName = "last_name"
        case imageUrl = "image_url"
        case hasImage = "has_image"
        case userId = "user_id"
    }
}
