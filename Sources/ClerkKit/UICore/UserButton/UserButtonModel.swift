public import ClerkKit
public import Observation

/// The user button's model: the signed-in user's picture or initials, the account menu (manage account, the
/// other signed-in accounts, add account, sign out), switching between sessions when the instance allows several.
@available(OS2023, *)
@MainActor
public final class UserButtonModel: ScreenModel, Observable, ObservedModel {
    let observation = ObservationRegistrar()
    /// The Clerk instance.
    public let clerk: Clerk
    /// The loading flag and errors.
    public var screen: ScreenState {
        get { access(\.screen, _screen) }
        set { mutate(\.screen) { _screen = newValue } }
    }
    private var _screen: ScreenState = ScreenState()
    /// Whether the account menu is open.
    public var isMenuPresented: Bool {
        get { access(\.isMenuPresented, _isMenuPresented) }
        set { mutate(\.isMenuPresented) { _isMenuPresented = newValue } }
    }
    private var _isMenuPresented: Bool = false
    /// Whether the profile is open (from "Manage account").
    public var isProfilePresented: Bool {
        get { access(\.isProfilePresented, _isProfilePresented) }
        set { mutate(\.isProfilePresented) { _isProfilePresented = newValue } }
    }
    private var _isProfilePresented: Bool = false
    /// Whether the person asked to sign in to another account (the app presents its sign-in screen).
    public var isAddAccountPresented: Bool {
        get { access(\.isAddAccountPresented, _isAddAccountPresented) }
        set { mutate(\.isAddAccountPresented) { _isAddAccountPresented = newValue } }
    }
    private var _isAddAccountPresented: Bool = false

    /// A model for `clerk`.
    public init(clerk: Clerk) {
        self.clerk = clerk
    }

    /// The signed-in user as the button shows them; nil when no one is signed in (the button hides).
    public var display: UserDisplay? { clerk.user.map(UserDisplay.init(user:)) }

    /// The button's accessibility label.
    public var accessibilityLabel: UIText { ProfileText.openAccountMenu }

    /// The button's accessibility identifier.
    public static let accessibilityIdentifier = "clerk.user-button"

    /// Whether the instance lets several accounts be signed in at once (the menu offers switching and adding).
    public var allowsMultipleSessions: Bool { clerk.environment?.authConfig?.singleSessionMode == false }

    /// The other signed-in accounts on this device, to switch to.
    public var otherSessions: [Session] {
        clerk.auth.sessions.filter { $0.id != clerk.session?.id }
    }

    /// How another session's user is shown in the menu, with its accessibility label.
    public func display(for session: Session) -> (display: UserDisplay, label: UIText)? {
        let display =
            session.user.map(UserDisplay.init(user:)) ?? session.publicUserData.map(UserDisplay.init(publicUserData:))
        return display.map { ($0, .localized(.profileSwitchAccount, arguments: ["name": $0.name])) }
    }

    /// Opens the profile from the menu.
    public func manageAccount() {
        isMenuPresented = false
        isProfilePresented = true
    }

    /// Asks the app to sign in to another account.
    public func addAccount() {
        isMenuPresented = false
        isAddAccountPresented = true
    }

    /// Makes another signed-in session the current one.
    public func switchTo(_ sessionId: String) async {
        let switched = await perform { () async throws(ClerkError) in
            try await clerk.auth.setActive(sessionId: sessionId)
        }
        if switched != nil { isMenuPresented = false }
    }

    /// Signs out of the current account; another signed-in account, if any, becomes current.
    public func signOut() async {
        let sessionId = clerk.session?.id
        let done: Void? = await perform { () async throws(ClerkError) in
            try await clerk.auth.signOut(sessionId: sessionId)
        }
        guard done != nil else { return }
        isMenuPresented = false
        if clerk.session == nil, let next = clerk.auth.sessions.first { await switchTo(next.id) }
    }

    /// Signs out of every account on this device.
    public func signOutAll() async {
        let done: Void? = await perform { () async throws(ClerkError) in try await clerk.auth.signOut() }
        if done != nil { isMenuPresented = false }
    }
}
