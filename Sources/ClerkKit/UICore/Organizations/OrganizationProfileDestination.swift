/// The screens of an organization's profile beyond its root, as data (see ``OrganizationProfile/path``).
public enum OrganizationProfileDestination: Hashable, Sendable {
    /// Change the name and slug.
    case editProfile
    /// The members and their roles.
    case members
    /// Invite people and see pending invitations.
    case invitations
    /// Verified domains.
    case domains
    /// Confirm deleting the organization.
    case delete

    /// The screen's title.
    public var title: UIText {
        switch self {
        case .editProfile: OrganizationText.manage
        case .members: OrganizationText.members
        case .invitations: OrganizationText.invitations
        case .domains: OrganizationText.domains
        case .delete: OrganizationText.delete
        }
    }

    /// A stable accessibility identifier for UI tests.
    public var accessibilityIdentifier: String { "organization.\(self)" }
}
