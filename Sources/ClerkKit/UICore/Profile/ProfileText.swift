/// The fixed labels of the profile screens and the account menu, for views and the terminal front end.
public enum ProfileText {
    /// The profile's title.
    public static let title = UIText.localized(.profileTitle)
    /// The menu entry that opens the profile.
    public static let manageAccount = UIText.localized(.profileManageAccount)
    /// The first name field.
    public static let firstName = UIText.localized(.profileFirstName)
    /// The last name field.
    public static let lastName = UIText.localized(.profileLastName)
    /// The username field.
    public static let username = UIText.localized(.profileUsername)
    /// The email address field.
    public static let emailAddress = UIText.localized(.profileAddEmailAddress)
    /// The phone number field.
    public static let phoneNumber = UIText.localized(.profileAddPhoneNumber)
    /// The verification code field.
    public static let verificationCode = UIText.localized(.profileVerificationCode)
    /// Removes an item.
    public static let remove = UIText.localized(.profileRemove)
    /// Makes an email address or phone number primary.
    public static let setPrimary = UIText.localized(.profileSetPrimary)
    /// The current password field.
    public static let currentPassword = UIText.localized(.profileCurrentPassword)
    /// The new password field.
    public static let newPassword = UIText.localized(.profileNewPassword)
    /// The confirmation field.
    public static let confirmPassword = UIText.localized(.profileConfirmPassword)
    /// The option that signs out the other devices after a password change.
    public static let signOutOfOtherDevices = UIText.localized(.profileSignOutOtherDevices)
    /// The two-step verification heading.
    public static let twoStepVerification = UIText.localized(.profileTwoStepVerification)
    /// Enrols an authenticator app.
    public static let addAuthenticatorApp = UIText.localized(.profileAddAuthenticatorApp)
    /// Removes the authenticator app.
    public static let removeAuthenticatorApp = UIText.localized(.profileRemoveAuthenticatorApp)
    /// Signs out of the current account.
    public static let signOut = UIText.localized(.profileSignOut)
    /// Signs out of every account on this device.
    public static let signOutAll = UIText.localized(.profileSignOutAll)
    /// Signs in to another account.
    public static let addAccount = UIText.localized(.profileAddAccount)
    /// The accessibility label of the user button.
    public static let openAccountMenu = UIText.localized(.profileOpenAccountMenu)
}
