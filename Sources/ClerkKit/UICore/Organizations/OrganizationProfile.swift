public import ClerkKit
public import Observation

/// An organization's profile: name and slug, members with their roles, invitations, verified domains, leaving
/// and deleting, driven through ClerkKit. Admin-only actions fail with the service's message for members.
@available(OS2023, *)
@MainActor
public final class OrganizationProfile: ScreenModel, Observable, ObservedModel {
    let observation = ObservationRegistrar()
    /// The Clerk instance.
    public let clerk: Clerk
    /// The organization's id.
    public let organizationId: String
    /// The loading flag and errors.
    public var screen: ScreenState {
        get { access(\.screen, _screen) }
        set { mutate(\.screen) { _screen = newValue } }
    }
    private var _screen: ScreenState = ScreenState()
    /// The screens open above the root, last on top.
    public var path: [OrganizationProfileDestination] {
        get { access(\.path, _path) }
        set { mutate(\.path) { _path = newValue } }
    }
    private var _path: [OrganizationProfileDestination] = []
    /// The organization as last fetched.
    public internal(set) var organization: Organization? {
        get { access(\.organization, _organization) }
        set { mutate(\.organization) { _organization = newValue } }
    }
    private var _organization: Organization? = nil
    /// The members, after opening ``OrganizationProfileDestination/members``.
    public internal(set) var members: [OrganizationMembership] {
        get { access(\.members, _members) }
        set { mutate(\.members) { _members = newValue } }
    }
    private var _members: [OrganizationMembership] = []
    /// The roles a member can have.
    public internal(set) var roles: [OrganizationRole] {
        get { access(\.roles, _roles) }
        set { mutate(\.roles) { _roles = newValue } }
    }
    private var _roles: [OrganizationRole] = []
    /// Invitations, after opening ``OrganizationProfileDestination/invitations``.
    public internal(set) var invitations: [OrganizationInvitation] {
        get { access(\.invitations, _invitations) }
        set { mutate(\.invitations) { _invitations = newValue } }
    }
    private var _invitations: [OrganizationInvitation] = []
    /// Verified domains, after opening ``OrganizationProfileDestination/domains``.
    public internal(set) var domains: [OrganizationDomain] {
        get { access(\.domains, _domains) }
        set { mutate(\.domains) { _domains = newValue } }
    }
    private var _domains: [OrganizationDomain] = []
    /// Whether the user left or deleted the organization here (the screen should close).
    public private(set) var isFinished: Bool {
        get { access(\.isFinished, _isFinished) }
        set { mutate(\.isFinished) { _isFinished = newValue } }
    }
    private var _isFinished: Bool = false

    /// The name being edited.
    public var name: String {
        get { access(\.name, _name) }
        set { mutate(\.name) { _name = newValue } }
    }
    private var _name: String = ""
    /// The slug being edited.
    public var slug: String {
        get { access(\.slug, _slug) }
        set { mutate(\.slug) { _slug = newValue } }
    }
    private var _slug: String = ""
    /// The addresses to invite, separated by commas.
    public var inviteAddresses: String {
        get { access(\.inviteAddresses, _inviteAddresses) }
        set { mutate(\.inviteAddresses) { _inviteAddresses = newValue } }
    }
    private var _inviteAddresses: String = ""
    /// The role to invite them with (a role key such as `org:member`).
    public var inviteRole: String {
        get { access(\.inviteRole, _inviteRole) }
        set { mutate(\.inviteRole) { _inviteRole = newValue } }
    }
    private var _inviteRole: String = "org:member"
    /// The domain being added.
    public var newDomain: String {
        get { access(\.newDomain, _newDomain) }
        set { mutate(\.newDomain) { _newDomain = newValue } }
    }
    private var _newDomain: String = ""
    /// What the person typed to confirm deleting the organization.
    public var deleteConfirmation: String {
        get { access(\.deleteConfirmation, _deleteConfirmation) }
        set { mutate(\.deleteConfirmation) { _deleteConfirmation = newValue } }
    }
    private var _deleteConfirmation: String = ""

    /// A profile of `organizationId` (one of the user's memberships).
    public init(clerk: Clerk, organizationId: String) {
        self.clerk = clerk
        self.organizationId = organizationId
        organization = clerk.user?.organizationMemberships.first { $0.organization.id == organizationId }?.organization
    }

    /// The user's membership in the organization.
    public var membership: OrganizationMembership? {
        clerk.user?.organizationMemberships.first { $0.organization.id == organizationId }
    }

    /// Whether the user is an admin (may edit, invite, manage members and domains, delete).
    public var isAdmin: Bool { membership?.role == "org:admin" }

    /// The member count line.
    public var memberCount: UIText? { organization?.membersCount.map(OrganizationText.memberCount) }

    /// Fetches the organization again.
    public func reload() async {
        if let fetched = await perform({ () async throws(ClerkError) in
            try await clerk.organizations.get(organizationId)
        }) {
            organization = fetched
        }
    }

    /// Opens `destination` and loads what it lists.
    public func open(_ destination: OrganizationProfileDestination) async {
        screen.clearErrors()
        path.append(destination)
        let id = organizationId
        let organizations = clerk.organizations
        switch destination {
        case .editProfile:
            (name, slug) = (organization?.name ?? "", organization?.slug ?? "")
        case .members:
            let loaded = await perform { () async throws(ClerkError) in
                (try await organizations.memberships(of: id).collect(), try await organizations.roles(of: id).collect())
            }
            if let loaded { (members, roles) = loaded }
        case .invitations:
            inviteAddresses = ""
            let loaded = await perform { () async throws(ClerkError) in
                try await organizations.invitations(of: id, status: "pending").collect()
            }
            if let loaded { invitations = loaded }
        case .domains:
            newDomain = ""
            if let loaded = await perform({ () async throws(ClerkError) in
                try await organizations.domains(of: id).collect()
            }) {
                domains = loaded
            }
        case .delete:
            deleteConfirmation = ""
        }
    }

    /// Closes the top screen.
    public func back() {
        screen.clearErrors()
        if !path.isEmpty { path.removeLast() }
    }

    /// Saves the name and slug.
    public func saveProfile() async {
        let checks: [FormField: UIText?] = [
            .organizationName: FieldValidation.required(name),
            .organizationSlug: OrganizationValidation.slugProblem(slug),
        ]
        guard screen.validate(checks) else { return }
        let (id, name, slug) = (organizationId, name.trimmedForInput, slug.trimmedForInput)
        let saved = await perform { () async throws(ClerkError) in
            let updated = try await clerk.organizations.update(id, name: name, slug: slug.isEmpty ? nil : slug)
            try await clerk.account.reload()
            return updated
        }
        if let saved {
            organization = saved
            back()
        }
    }

    /// Changes a member's role.
    public func setRole(_ role: String, for userId: String) async {
        let id = organizationId
        let updated = await perform { () async throws(ClerkError) in
            try await clerk.organizations.updateMember(in: id, userId: userId, role: role)
        }
        if let updated, let index = members.firstIndex(where: { $0.publicUserData?.userId == userId }) {
            members[index] = updated
        }
    }

    /// Removes a member.
    public func removeMember(_ userId: String) async {
        let id = organizationId
        let removed = await perform { () async throws(ClerkError) in
            try await clerk.organizations.removeMember(from: id, userId: userId)
        }
        if removed != nil { members.removeAll { $0.publicUserData?.userId == userId } }
    }

    /// Invites the typed addresses with ``inviteRole``.
    public func invite() async {
        let (addresses, problem) = OrganizationValidation.invitationAddresses(inviteAddresses)
        guard screen.validate([.emailAddress: problem]) else { return }
        let (id, role) = (organizationId, inviteRole)
        let sent = await perform { () async throws(ClerkError) in
            try await clerk.organizations.invite(to: id, emailAddresses: addresses, role: role)
        }
        if let sent {
            invitations += sent
            inviteAddresses = ""
        }
    }

    /// Revokes a pending invitation.
    public func revokeInvitation(_ invitationId: String) async {
        let id = organizationId
        let revoked = await perform { () async throws(ClerkError) in
            try await clerk.organizations.revokeInvitation(in: id, invitationId: invitationId)
        }
        if revoked != nil { invitations.removeAll { $0.id == invitationId } }
    }

    /// Adds the typed domain.
    public func addDomain() async {
        let problem = OrganizationValidation.domainProblem(newDomain)
        screen.clearErrors()
        if let problem {
            screen.errorMessage = problem
            return
        }
        let (id, domain) = (organizationId, newDomain.trimmedForInput.lowercased())
        let added = await perform { () async throws(ClerkError) in
            try await clerk.organizations.createDomain(in: id, name: domain)
        }
        if let added {
            domains.append(added)
            newDomain = ""
        }
    }

    /// Removes a domain.
    public func removeDomain(_ domainId: String) async {
        let id = organizationId
        let removed = await perform { () async throws(ClerkError) in
            try await clerk.organizations.deleteDomain(in: id, domainId: domainId)
        }
        if removed != nil { domains.removeAll { $0.id == domainId } }
    }

    /// Leaves the organization; ``isFinished`` becomes true.
    public func leave() async {
        let id = organizationId
        let left: Void? = await perform { () async throws(ClerkError) in
            try await clerk.organizations.leave(id)
            if clerk.session?.lastActiveOrganizationId == id { try await clerk.organizations.setActive(nil) }
            try await clerk.account.reload()
        }
        if left != nil { finish() }
    }

    /// The warning on the delete screen.
    public var deleteWarning: UIText {
        .localized(
            .organizationDeleteWarning,
            arguments: ["name": organization?.name ?? "", "phrase": UserProfile.deleteConfirmationPhrase])
    }

    /// Deletes the organization once the person typed the confirmation; ``isFinished`` becomes true.
    public func delete() async {
        guard deleteConfirmation.trimmedForInput == UserProfile.deleteConfirmationPhrase else {
            screen.clearErrors()
            screen.errorMessage = .localized(
                .profileConfirmationMismatch, arguments: ["phrase": UserProfile.deleteConfirmationPhrase])
            return
        }
        let id = organizationId
        let deleted: Void? = await perform { () async throws(ClerkError) in
            if clerk.session?.lastActiveOrganizationId == id { try await clerk.organizations.setActive(nil) }
            try await clerk.organizations.delete(id)
            try await clerk.account.reload()
        }
        if deleted != nil { finish() }
    }

    private func finish() {
        path = []
        isFinished = true
    }
}
