public import ClerkKit
public import Observation

/// The organization switcher's model: the active organization (or the personal account), the user's
/// memberships to switch to, invitations and suggestions to join, and creating an organization.
@available(OS2023, *)
@MainActor
public final class OrganizationSwitcherModel: ScreenModel, Observable, ObservedModel {
    let observation = ObservationRegistrar()
    /// The Clerk instance.
    public let clerk: Clerk
    /// The loading flag and errors.
    public var screen: ScreenState {
        get { access(\.screen, _screen) }
        set { mutate(\.screen) { _screen = newValue } }
    }
    private var _screen: ScreenState = ScreenState()
    /// Whether the switcher's list is open.
    public var isMenuPresented: Bool {
        get { access(\.isMenuPresented, _isMenuPresented) }
        set { mutate(\.isMenuPresented) { _isMenuPresented = newValue } }
    }
    private var _isMenuPresented: Bool = false
    /// Whether the create form is open.
    public var isCreatePresented: Bool {
        get { access(\.isCreatePresented, _isCreatePresented) }
        set { mutate(\.isCreatePresented) { _isCreatePresented = newValue } }
    }
    private var _isCreatePresented: Bool = false
    /// The new organization's name.
    public var name: String {
        get { access(\.name, _name) }
        set { mutate(\.name) { _name = newValue } }
    }
    private var _name: String = ""
    /// The new organization's slug (optional).
    public var slug: String {
        get { access(\.slug, _slug) }
        set { mutate(\.slug) { _slug = newValue } }
    }
    private var _slug: String = ""
    /// Invitations the user received, after ``load()``.
    public internal(set) var invitations: [OrganizationInvitation] {
        get { access(\.invitations, _invitations) }
        set { mutate(\.invitations) { _invitations = newValue } }
    }
    private var _invitations: [OrganizationInvitation] = []
    /// Organizations the user may join (verified domains), after ``load()``.
    public internal(set) var suggestions: [OrganizationSuggestion] {
        get { access(\.suggestions, _suggestions) }
        set { mutate(\.suggestions) { _suggestions = newValue } }
    }
    private var _suggestions: [OrganizationSuggestion] = []
    /// Whether the personal account is offered (instances may require an organization).
    public var showsPersonalAccount: Bool {
        get { access(\.showsPersonalAccount, _showsPersonalAccount) }
        set { mutate(\.showsPersonalAccount) { _showsPersonalAccount = newValue } }
    }
    private var _showsPersonalAccount: Bool = true

    /// A model for `clerk`.
    public init(clerk: Clerk) {
        self.clerk = clerk
    }

    /// The active organization; nil for the personal account.
    public var activeOrganization: Organization? { clerk.organization }

    /// The active organization's name, else "Personal account".
    public var title: UIText {
        activeOrganization.map { .verbatim($0.name) } ?? OrganizationText.personalAccount
    }

    /// The user's memberships, by organization name.
    public var memberships: [OrganizationMembership] {
        (clerk.user?.organizationMemberships ?? []).sorted {
            $0.organization.name.localizedCaseInsensitiveCompare($1.organization.name) == .orderedAscending
        }
    }

    /// Whether the user may create organizations (instance setting and user flag).
    public var canCreate: Bool {
        clerk.environment?.organizationSettings?.enabled != false && clerk.user?.createOrganizationEnabled != false
    }

    /// The switcher's accessibility identifier.
    public static let accessibilityIdentifier = "clerk.organization-switcher"

    /// Fetches the invitations and suggestions the user can accept.
    public func load() async {
        let loaded = await perform { () async throws(ClerkError) in
            (
                try await clerk.organizations.myInvitations(status: "pending").collect(),
                try await clerk.organizations.mySuggestions(status: "pending").collect()
            )
        }
        if let loaded { (invitations, suggestions) = loaded }
    }

    /// Makes `organizationId` active (nil: the personal account) and closes the list.
    public func select(_ organizationId: String?) async {
        let done = await perform { () async throws(ClerkError) in
            try await clerk.organizations.setActive(organizationId)
        }
        if done != nil { isMenuPresented = false }
    }

    /// Opens the create form, empty.
    public func startCreating() {
        (name, slug) = ("", "")
        screen.clearErrors()
        isMenuPresented = false
        isCreatePresented = true
    }

    /// Creates the organization from the form and makes it active.
    public func create() async {
        let checks: [FormField: UIText?] = [
            .organizationName: FieldValidation.required(name),
            .organizationSlug: OrganizationValidation.slugProblem(slug),
        ]
        guard screen.validate(checks) else { return }
        let (name, slug) = (name.trimmedForInput, slug.trimmedForInput)
        let created = await perform { () async throws(ClerkError) in
            let organization = try await clerk.organizations.create(name: name, slug: slug.isEmpty ? nil : slug)
            try await clerk.account.reload()
            try await clerk.organizations.setActive(organization.id)
            return organization
        }
        if created != nil { isCreatePresented = false }
    }

    /// Accepts an invitation; the organization joins the user's memberships.
    public func accept(invitation id: String) async {
        let done: Void? = await perform { () async throws(ClerkError) in
            try await clerk.organizations.acceptInvitation(id)
            try await clerk.account.reload()
        }
        if done != nil { invitations.removeAll { $0.id == id } }
    }

    /// Asks to join a suggested organization.
    public func accept(suggestion id: String) async {
        let done = await perform { () async throws(ClerkError) in try await clerk.organizations.acceptSuggestion(id) }
        if done != nil { suggestions.removeAll { $0.id == id } }
    }
}
