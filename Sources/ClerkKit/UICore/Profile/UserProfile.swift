public import ClerkKit
import Foundation
public import Observation

/// The profile screens' model: the signed-in user's names, email addresses, phone numbers, connected accounts,
/// password, two-step verification, passkeys, devices, account deletion and sign-out, driven through ClerkKit.
///
/// The screens beyond the root are ``path``; each action validates its form, runs the request through
/// ``ScreenModel/perform(_:)`` (so it is never left loading and shows the service's error under its field), and
/// moves the path on success.
@available(OS2023, *)
@MainActor
public final class UserProfile: ScreenModel, Observable, ObservedModel {
    let observation = ObservationRegistrar()
    /// The Clerk instance the profile acts on.
    public let clerk: Clerk
    /// The loading flag and errors.
    public var screen: ScreenState {
        get { access(\.screen, _screen) }
        set { mutate(\.screen) { _screen = newValue } }
    }
    private var _screen: ScreenState = ScreenState()
    /// The screens open above the root, last on top.
    public var path: [UserProfileDestination] {
        get { access(\.path, _path) }
        set { mutate(\.path) { _path = newValue } }
    }
    private var _path: [UserProfileDestination] = []
    /// Whether the person signed out or deleted the account here (the screen should close).
    public private(set) var isFinished: Bool {
        get { access(\.isFinished, _isFinished) }
        set { mutate(\.isFinished) { _isFinished = newValue } }
    }
    private var _isFinished: Bool = false

    /// First name being edited.
    public var firstName: String {
        get { access(\.firstName, _firstName) }
        set { mutate(\.firstName) { _firstName = newValue } }
    }
    private var _firstName: String = ""
    /// Last name being edited.
    public var lastName: String {
        get { access(\.lastName, _lastName) }
        set { mutate(\.lastName) { _lastName = newValue } }
    }
    private var _lastName: String = ""
    /// Username being edited.
    public var username: String {
        get { access(\.username, _username) }
        set { mutate(\.username) { _username = newValue } }
    }
    private var _username: String = ""
    /// The email address or phone number being added.
    public var newIdentifier: String {
        get { access(\.newIdentifier, _newIdentifier) }
        set { mutate(\.newIdentifier) { _newIdentifier = newValue } }
    }
    private var _newIdentifier: String = ""
    /// The verification code (email, SMS or authenticator app) being typed.
    public var code: String {
        get { access(\.code, _code) }
        set { mutate(\.code) { _code = newValue } }
    }
    private var _code: String = ""
    /// The current password (password screen).
    public var currentPassword: String {
        get { access(\.currentPassword, _currentPassword) }
        set { mutate(\.currentPassword) { _currentPassword = newValue } }
    }
    private var _currentPassword: String = ""
    /// The new password (password screen).
    public var newPassword: String {
        get { access(\.newPassword, _newPassword) }
        set { mutate(\.newPassword) { _newPassword = newValue } }
    }
    private var _newPassword: String = ""
    /// The new password again (password screen).
    public var confirmPassword: String {
        get { access(\.confirmPassword, _confirmPassword) }
        set { mutate(\.confirmPassword) { _confirmPassword = newValue } }
    }
    private var _confirmPassword: String = ""
    /// Whether changing the password signs out the other devices.
    public var signOutOfOtherDevices: Bool {
        get { access(\.signOutOfOtherDevices, _signOutOfOtherDevices) }
        set { mutate(\.signOutOfOtherDevices) { _signOutOfOtherDevices = newValue } }
    }
    private var _signOutOfOtherDevices: Bool = true
    /// What the person typed to confirm deleting the account.
    public var deleteConfirmation: String {
        get { access(\.deleteConfirmation, _deleteConfirmation) }
        set { mutate(\.deleteConfirmation) { _deleteConfirmation = newValue } }
    }
    private var _deleteConfirmation: String = ""
    /// The authenticator-app enrolment in progress (its secret and `otpauth://` URI).
    public internal(set) var pendingTOTP: TOTPResource? {
        get { access(\.pendingTOTP, _pendingTOTP) }
        set { mutate(\.pendingTOTP) { _pendingTOTP = newValue } }
    }
    private var _pendingTOTP: TOTPResource? = nil
    /// Backup codes to show once (after enabling TOTP or generating new ones).
    public internal(set) var backupCodes: [String] {
        get { access(\.backupCodes, _backupCodes) }
        set { mutate(\.backupCodes) { _backupCodes = newValue } }
    }
    private var _backupCodes: [String] = []
    /// The user's sessions on every device, after ``loadActiveDevices()``.
    public internal(set) var activeDevices: [Session] {
        get { access(\.activeDevices, _activeDevices) }
        set { mutate(\.activeDevices) { _activeDevices = newValue } }
    }
    private var _activeDevices: [Session] = []

    /// What to type to confirm deleting the account.
    public static let deleteConfirmationPhrase = "DELETE"
    /// The label of the buttons that leave a form.
    public static let cancelLabel = UIText.localized(.profileCancel)

    /// A profile model for `clerk`'s signed-in user.
    public init(clerk: Clerk) {
        self.clerk = clerk
    }

    /// The signed-in user, nil once signed out.
    public var user: User? { clerk.user }

    /// How the user is shown in the header.
    public var display: UserDisplay? { user.map(UserDisplay.init(user:)) }

    /// The sections the root shows, in order: the ones the instance and the user have something for.
    public var sections: [UserProfileSection] {
        guard let user else { return [] }
        var sections: [UserProfileSection] = [.emailAddresses, .phoneNumbers]
        if !user.externalAccounts.isEmpty { sections.append(.connectedAccounts) }
        sections += [.security, .passkeys, .activeDevices]
        if user.deleteSelfEnabled ?? true { sections.append(.deleteAccount) }
        return sections
    }

    /// The message for a screen shown without a signed-in user.
    public static let notSignedInMessage = UIText.localized(.profileNotSignedIn)

    // MARK: Navigation

    /// Opens `destination`, with its form filled from the user (names) or empty.
    public func open(_ destination: UserProfileDestination) {
        screen.clearErrors()
        code = ""
        switch destination {
        case .editProfile:
            firstName = user?.firstName ?? ""
            lastName = user?.lastName ?? ""
            username = user?.username ?? ""
        case .addEmailAddress, .addPhoneNumber:
            newIdentifier = ""
        case .password:
            (currentPassword, newPassword, confirmPassword) = ("", "", "")
        case .deleteAccount:
            deleteConfirmation = ""
        default:
            break
        }
        path.append(destination)
    }

    /// Closes the top screen.
    public func back() {
        screen.clearErrors()
        if !path.isEmpty { path.removeLast() }
    }

    /// Replaces the top screen (add → verify), or opens `destination` when none is open.
    func replaceTop(with destination: UserProfileDestination) {
        code = ""
        if !path.isEmpty { path.removeLast() }
        path.append(destination)
    }

    // MARK: Profile

    /// Saves names and username; only the fields the person changed are sent.
    public func saveProfile() async {
        guard let user else {
            screen.errorMessage = Self.notSignedInMessage
            return
        }
        func changed(_ value: String, _ old: String?) -> String? {
            let trimmed = value.trimmedForInput
            return trimmed == (old ?? "") ? nil : trimmed
        }
        let update = UserUpdate(
            username: changed(username, user.username), firstName: changed(firstName, user.firstName),
            lastName: changed(lastName, user.lastName))
        guard update != UserUpdate() else { return back() }
        if await perform({ () async throws(ClerkError) in try await clerk.account.update(update) }) != nil { back() }
    }

    /// Signs out of the current session; ``isFinished`` becomes true.
    public func signOut() async {
        let sessionId = clerk.session?.id
        let done: Void? = await perform { () async throws(ClerkError) in
            try await clerk.auth.signOut(sessionId: sessionId)
        }
        if done != nil { finish() }
    }

    /// Deletes the account once the person typed ``deleteConfirmationPhrase``; ``isFinished`` becomes true.
    public func deleteAccount() async {
        guard deleteConfirmation.trimmedForInput == Self.deleteConfirmationPhrase else {
            screen.clearErrors()
            screen.errorMessage = .localized(
                .profileConfirmationMismatch, arguments: ["phrase": Self.deleteConfirmationPhrase])
            return
        }
        if await perform({ () async throws(ClerkError) in try await clerk.account.delete() }) != nil { finish() }
    }

    /// The warning on the delete-account screen.
    public var deleteAccountWarning: UIText {
        .localized(.profileDeleteAccountWarning, arguments: ["phrase": Self.deleteConfirmationPhrase])
    }

    private func finish() {
        path = []
        isFinished = true
    }
}

/// The sections of the profile's root screen.
public enum UserProfileSection: String, Hashable, Sendable, CaseIterable {
    /// Email addresses.
    case emailAddresses
    /// Phone numbers.
    case phoneNumbers
    /// Connected (OAuth) accounts.
    case connectedAccounts
    /// Password, authenticator app, SMS codes, backup codes.
    case security
    /// Passkeys.
    case passkeys
    /// Sessions on every device.
    case activeDevices
    /// Deleting the account.
    case deleteAccount

    /// The section's title.
    public var title: UIText {
        switch self {
        case .emailAddresses: .localized(.profileEmailAddresses)
        case .phoneNumbers: .localized(.profilePhoneNumbers)
        case .connectedAccounts: .localized(.profileConnectedAccounts)
        case .security: .localized(.profileSecurity)
        case .passkeys: .localized(.profilePasskeys)
        case .activeDevices: .localized(.profileActiveDevices)
        case .deleteAccount: .localized(.profileDeleteAccount)
        }
    }
}
