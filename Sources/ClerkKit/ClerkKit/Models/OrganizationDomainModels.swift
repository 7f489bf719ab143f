public import Foundation

/// A domain of an organization: users with a verified address on it can be invited or suggested to join.
@available(OS2023, *)
public struct OrganizationDomain: Codable, Sendable, Hashable, Identifiable {
    /// How the verification of a domain stands.
    public struct DomainVerification: Codable, Sendable, Hashable {
        /// `unverified` or `verified`.
        public var status: String
        /// `email_code`.
        public var strategy: String
        /// Attempts so far.
        public var attempts: Int?
        /// When the code expires.
        public var expireAt: Date?
        /// When it was verified.
        public var verifiedAt: Date?

        enum CodingKeys: String, CodingKey {
            case status, strategy, attempts
            case expireAt = "expire_at"
            case verifiedAt = "verified_at"
        }
    }

    /// The id.
    public var id: String
    /// The organization's id.
    public var organizationId: String
    /// The domain name, for example `example.com`.
    public var name: String
    /// `manual_invitation`, `automatic_invitation` or `automatic_suggestion`.
    public var enrollmentMode: String
    /// The address that proved the admin's affiliation.
    public var affiliationEmailAddress: String?
    /// The affiliation's verification.
    public var affiliationVerification: DomainVerification?
    /// Pending invitations to addresses on the domain.
    public var totalPendingInvitations: Int?
    /// Pending suggestions to users on the domain.
    public var totalPendingSuggestions: Int?

    enum CodingKeys: String, CodingKey {
        case id, name
        case organizationId = "organization_id"
        case enrollmentMode = "enrollment_mode"
        case affiliationEmailAddress = "affiliation_email_address"
        case affiliationVerification = "affiliation_verification"
        case totalPendingInvitations = "total_pending_invitations"
        case totalPendingSuggestions = "total_pending_suggestions"
    }
}

/// A user's request to join an organization (from an accepted suggestion), for its admins to accept or reject.
@available(OS2023, *)
public struct OrganizationMembershipRequest: Codable, Sendable, Hashable, Identifiable {
    /// The id.
    public var id: String
    /// The organization's id.
    public var organizationId: String
    /// `pending`, `accepted` or `rejected`.
    public var status: String
    /// Who asks.
    public var publicUserData: PublicUserData?

    enum CodingKeys: String, CodingKey {
        case id, status
        case organizationId = "organization_id"
        case publicUserData = "public_user_data"
    }
}

/// An organization suggested to the user because their verified address is on one of its domains.
@available(OS2023, *)
public struct OrganizationSuggestion: Codable, Sendable, Hashable, Identifiable {
    /// The id.
    public var id: String
    /// `pending` or `accepted` (a membership request was sent).
    public var status: String
    /// The organization.
    public var publicOrganizationData: PublicOrganizationData?

    enum CodingKeys: String, CodingKey {
        case id, status
        case publicOrganizationData = "public_organization_data"
    }
}

@available(OS2023, *)
extension OrganizationDomain: ClerkModel {}
@available(OS2023, *)
extension OrganizationMembershipRequest: ClerkModel {}
@available(OS2023, *)
extension OrganizationSuggestion: ClerkModel {}
