/// The screens of the profile beyond its root, as data: ``UserProfile/path`` is a stack of them, so a test (or
/// a `NavigationStack(path:)`) sees exactly where the person is.
public enum UserProfileDestination: Hashable, Sendable {
    /// Change names and username.
    case editProfile
    /// Type a new email address.
    case addEmailAddress
    /// Type the code sent to the email address with this id.
    case verifyEmailAddress(id: String)
    /// Type a new phone number.
    case addPhoneNumber
    /// Type the code sent to the phone number with this id.
    case verifyPhoneNumber(id: String)
    /// Set or change the password.
    case password
    /// Scan the TOTP secret and type a code.
    case setUpAuthenticatorApp
    /// The backup codes just generated.
    case backupCodes
    /// The user's sessions on every device.
    case activeDevices
    /// Confirm deleting the account.
    case deleteAccount

    /// The screen's title.
    public var title: UIText {
        switch self {
        case .editProfile: .localized(.profileEditProfile)
        case .addEmailAddress, .verifyEmailAddress: .localized(.profileAddEmailAddress)
        case .addPhoneNumber, .verifyPhoneNumber: .localized(.profileAddPhoneNumber)
        case .password: .localized(.profilePassword)
        case .setUpAuthenticatorApp: .localized(.profileAddAuthenticatorApp)
        case .backupCodes: .localized(.profileBackupCodes)
        case .activeDevices: .localized(.profileActiveDevices)
        case .deleteAccount: .localized(.profileDeleteAccount)
        }
    }

    /// The label of the screen's main button.
    public var submitLabel: UIText {
        switch self {
        case .verifyEmailAddress, .verifyPhoneNumber, .setUpAuthenticatorApp: .localized(.profileVerify)
        case .deleteAccount: .localized(.profileDeleteAccount)
        case .backupCodes, .activeDevices: .localized(.profileCancel)
        default: .localized(.profileSave)
        }
    }

    /// A stable accessibility identifier for UI tests.
    public var accessibilityIdentifier: String {
        switch self {
        case .editProfile: "profile.edit"
        case .addEmailAddress: "profile.email.add"
        case .verifyEmailAddress: "profile.email.verify"
        case .addPhoneNumber: "profile.phone.add"
        case .verifyPhoneNumber: "profile.phone.verify"
        case .password: "profile.password"
        case .setUpAuthenticatorApp: "profile.totp"
        case .backupCodes: "profile.backup-codes"
        case .activeDevices: "profile.devices"
        case .deleteAccount: "profile.delete"
        }
    }
}
