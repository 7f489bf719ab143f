/// The fixed labels of the organization screens, for views and the terminal front end.
public enum OrganizationText {
    /// The personal account in the switcher.
    public static let personalAccount = UIText.localized(.organizationPersonalAccount)
    /// The switcher's accessibility label.
    public static let switchOrganization = UIText.localized(.organizationSwitch)
    /// Creates an organization.
    public static let create = UIText.localized(.organizationCreate)
    /// The name field.
    public static let name = UIText.localized(.organizationName)
    /// The slug field.
    public static let slug = UIText.localized(.organizationSlug)
    /// Opens the organization's profile.
    public static let manage = UIText.localized(.organizationManage)
    /// The members section.
    public static let members = UIText.localized(.organizationMembers)
    /// The invitations section.
    public static let invitations = UIText.localized(.organizationInvitations)
    /// Invites people.
    public static let invite = UIText.localized(.organizationInvite)
    /// The field for the addresses to invite.
    public static let inviteAddresses = UIText.localized(.organizationInviteAddresses)
    /// The role field.
    public static let role = UIText.localized(.organizationRole)
    /// Removes a member.
    public static let removeMember = UIText.localized(.organizationRemoveMember)
    /// Revokes an invitation.
    public static let revokeInvitation = UIText.localized(.organizationRevokeInvitation)
    /// The verified domains section.
    public static let domains = UIText.localized(.organizationDomains)
    /// Adds a domain.
    public static let addDomain = UIText.localized(.organizationAddDomain)
    /// Leaves the organization.
    public static let leave = UIText.localized(.organizationLeave)
    /// Deletes the organization.
    public static let delete = UIText.localized(.organizationDelete)
    /// Accepts an invitation or a suggestion.
    public static let accept = UIText.localized(.organizationAccept)
    /// The badge of a pending invitation.
    public static let pending = UIText.localized(.organizationPending)

    /// "N members".
    public static func memberCount(_ count: Int) -> UIText { .localized(.organizationMemberCount, count: count) }
}

/// Checks of the organization forms.
public enum OrganizationValidation {
    /// The problem with a slug: empty is fine (the service derives one); otherwise lowercase ASCII letters,
    /// digits and single hyphens, not at either end.
    public static func slugProblem(_ slug: String) -> UIText? {
        let value = slug.trimmedForInput
        guard !value.isEmpty else { return nil }
        let allowed = value.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
        guard allowed, !value.hasPrefix("-"), !value.hasSuffix("-"), !value.contains("--") else {
            return .localized(.organizationSlugInvalid)
        }
        return nil
    }

    /// The problem with a domain name: at least two dot-separated labels of letters, digits and inner hyphens,
    /// the last letters only.
    public static func domainProblem(_ domain: String) -> UIText? {
        let value = domain.trimmedForInput.lowercased()
        guard !value.isEmpty else { return .localized(.fieldRequired) }
        return EmailValidation.isValid("a@" + value) ? nil : .localized(.organizationDomainInvalid)
    }

    /// The addresses in a comma- or space-separated list, and the problem with it (empty, or one is malformed).
    public static func invitationAddresses(_ text: String) -> (addresses: [String], problem: UIText?) {
        let addresses = text.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace }).map(String.init)
        guard !addresses.isEmpty else { return ([], .localized(.fieldRequired)) }
        let bad = addresses.first { !EmailValidation.isValid($0) }
        return (addresses, bad == nil ? nil : .localized(.emailInvalid))
    }
}
