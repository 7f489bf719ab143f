public import Foundation

/// A signed-in user.
@available(OS2023, *)
public struct User: Codable, Sendable, Hashable, Identifiable {
    /// The id (`user_…`).
    public var id: String
    /// The username.
    public var username: String?
    /// The first name.
    public var firstName: String?
    /// The last name.
    public var lastName: String?
    /// The avatar URL.
    public var imageUrl: String?
    /// Whether the user uploaded an avatar.
    public var hasImage: Bool?
    /// The primary email address's id.
    public var primaryEmailAddressId: String?
    /// The primary phone number's id.
    public var primaryPhoneNumberId: String?
    /// Whether a password is set.
    public var passwordEnabled: Bool?
    /// Whether a second factor is enabled.
    public var twoFactorEnabled: Bool?
    /// Whether an authenticator app is enabled.
    public var totpEnabled: Bool?
    /// Whether backup codes exist.
    public var backupCodeEnabled: Bool?
    /// Every email address.
    @DefaultEmpty public var emailAddresses: [EmailAddress] = []
    /// Every phone number.
    @DefaultEmpty public var phoneNumbers: [PhoneNumber] = []
    /// Every OAuth account.
    @DefaultEmpty public var externalAccounts: [ExternalAccount] = []
    /// Every passkey.
    @DefaultEmpty public var passkeys: [Passkey] = []
    /// The user's organization memberships.
    @DefaultEmpty public var organizationMemberships: [OrganizationMembership] = []
    /// Metadata set by the backend, readable by the app.
    public var publicMetadata: JSONValue?
    /// Metadata the app may write.
    public var unsafeMetadata: JSONValue?
    /// The id in the app's own system.
    public var externalId: String?
    /// When the user last signed in.
    public var lastSignInAt: Date?
    /// Whether the user is banned.
    public var banned: Bool?
    /// Whether the user is locked out.
    public var locked: Bool?
    /// When the user accepted the legal terms.
    public var legalAcceptedAt: Date?
    /// The user's language (`locale`, for example `fr-FR`), when known.
    public var locale: String?
    /// Whether the user signs in on new devices without the client-trust check (`bypass_client_trust`).
    public var bypassClientTrust: Bool?
    /// Whether the user may delete themselves.
    public var deleteSelfEnabled: Bool?
    /// Whether the user may create organizations.
    public var createOrganizationEnabled: Bool?
    /// When the user was created.
    public var createdAt: Date?
    /// When the user last changed.
    public var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, username, banned, locked, passkeys
        case firstName = "first_name"
        case lastName = "last_name"
        case imageUrl = "image_url"
        case hasImage = "has_image"
        case primaryEmailAddressId = "primary_email_address_id"
        case primaryPhoneNumberId = "primary_phone_number_id"
        case passwordEnabled = "password_enabled"
        case twoFactorEnabled = "two_factor_enabled"
        case totpEnabled = "totp_enabled"
        case backupCodeEnabled = "backup_code_enabled"
        case emailAddresses = "email_addresses"
        case phoneNumbers = "phone_numbers"
        case externalAccounts = "external_accounts"
        case organizationMemberships = "organization_memberships"
        case publicMetadata = "public_metadata"
        case unsafeMetadata = "unsafe_metadata"
        case externalId = "external_id"
        case lastSignInAt = "last_sign_in_at"
        case legalAcceptedAt = "legal_accepted_at"
        case bypassClientTrust = "bypass_client_trust"
        case locale
        case deleteSelfEnabled = "delete_self_enabled"
        case createOrganizationEnabled = "create_organization_enabled"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The primary email address.
    public var primaryEmailAddress: EmailAddress? {
        emailAddresses.first { $0.id == primaryEmailAddressId }
    }

    /// The primary phone number.
    public var primaryPhoneNumber: PhoneNumber? {
        phoneNumbers.first { $0.id == primaryPhoneNumberId }
    }
}

/// An organization.
@available(OS2023, *)
public struct Organization: Codable, Sendable, Hashable, Identifiable {
    /// The id (`org_…`).
    public var id: String
    /// The name.
    public var name: String
    /// The URL slug.
    public var slug: String?
    /// The logo URL.
    public var imageUrl: String?
    /// Whether a logo was uploaded.
    public var hasImage: Bool?
    /// How many members it has.
    public var membersCount: Int?
    /// How many invitations are pending.
    public var pendingInvitationsCount: Int?
    /// The membership limit (0 = none).
    public var maxAllowedMemberships: Int?
    /// Whether admins may delete it.
    public var adminDeleteEnabled: Bool?
    /// Metadata set by the backend.
    public var publicMetadata: JSONValue?
    /// When it was created.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, name, slug
        case imageUrl = "image_url"
        case hasImage = "has_image"
        case membersCount = "members_count"
        case pendingInvitationsCount = "pending_invitations_count"
        case maxAllowedMemberships = "max_allowed_memberships"
        case adminDeleteEnabled = "admin_delete_enabled"
        case publicMetadata = "public_metadata"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// A user's membership of an organization.
@available(OS2023, *)
public struct OrganizationMembership: Codable, Sendable, Hashable, Identifiable {
    /// The id (`orgmem_…`).
    public var id: String
    /// The role key, for example `org:admin`.
    public var role: String?
    /// The role's display name.
    public var roleName: String?
    /// The permissions the role grants.
    public var permissions: [String]?
    /// The organization.
    public var organization: Organization
    /// The member's public data.
    public var publicUserData: PublicUserData?
    /// Metadata set by the backend.
    public var publicMetadata: JSONValue?
    /// When the membership was created.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, role, permissions, organization
        case roleName = "role_name"
        case publicUserData = "public_user_data"
        case publicMetadata = "public_metadata"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
