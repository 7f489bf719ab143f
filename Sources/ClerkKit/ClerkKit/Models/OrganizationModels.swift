public import Foundation

/// An invitation to join an organization, by email address.
@available(OS2023, *)
public struct OrganizationInvitation: Codable, Sendable, Hashable, Identifiable {
    /// The id (`orginv_…`).
    public var id: String
    /// The invited address.
    public var emailAddress: String
    /// The role the invitee gets, for example `org:member`.
    public var role: String
    /// The role's display name.
    public var roleName: String?
    /// `pending`, `accepted`, `revoked`, `expired` or `completed`.
    public var status: String?
    /// The organization's id.
    public var organizationId: String?
    /// The organization, as the invitee sees it (on the user's own invitations).
    public var publicOrganizationData: PublicOrganizationData?
    /// When it was created.
    public var createdAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, role, status
        case emailAddress = "email_address"
        case roleName = "role_name"
        case organizationId = "organization_id"
        case publicOrganizationData = "public_organization_data"
        case createdAt = "created_at"
    }
}

/// What anyone invited to an organization may see of it.
@available(OS2023, *)
public struct PublicOrganizationData: Codable, Sendable, Hashable, Identifiable {
    /// The id.
    public var id: String
    /// The name.
    public var name: String
    /// The slug.
    public var slug: String?
    /// The logo URL.
    public var imageUrl: String?
    /// Whether a logo was uploaded.
    public var hasImage: Bool?

    enum CodingKeys: String, CodingKey {
        case id, name, slug
        case imageUrl = "image_url"
        case hasImage = "has_image"
    }
}

/// A role members can have, with the permissions it grants.
@available(OS2023, *)
public struct OrganizationRole: Codable, Sendable, Hashable, Identifiable {
    /// The id.
    public var id: String
    /// The key, for example `org:admin`.
    public var key: String
    /// The display name.
    public var name: String
    /// What the role is for.
    public var description: String?
    /// The permissions it grants.
    @DefaultEmpty public var permissions: [OrganizationPermission] = []

    enum CodingKeys: String, CodingKey {
        case id, key, name, description, permissions
    }
}

/// A permission, for example `org:sys_memberships:manage`.
@available(OS2023, *)
public struct OrganizationPermission: Codable, Sendable, Hashable, Identifiable {
    /// The id.
    public var id: String
    /// The key checked by ``OrganizationMembership/has(permission:)``.
    public var key: String
    /// The display name.
    public var name: String
}

@available(OS2023, *)
extension OrganizationMembership {
    /// Whether the membership's role grants `permission` (for example `org:sys_memberships:manage`).
    public func has(permission: String) -> Bool { permissions?.contains(permission) ?? false }

    /// Whether the membership has `role` (for example `org:admin`).
    public func has(role: String) -> Bool { self.role == role }
}

@available(OS2023, *)
extension OrganizationInvitation: ClerkModel {}
@available(OS2023, *)
extension OrganizationRole: ClerkModel {}
