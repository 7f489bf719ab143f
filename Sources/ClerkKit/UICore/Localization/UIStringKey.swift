/// Every string the prebuilt screens show, as a typed key into a ``LocalizationTable``.
///
/// Views and the terminal front end never show literal text: they resolve a ``UIText`` (a key with its count
/// and arguments, or the server's own message) through a ``Localizer``. Each built-in table has an entry for
/// every key; the compiler checks it, because the tables are exhaustive switches.
public enum UIStringKey: String, CaseIterable, Sendable, Hashable {
    // MARK: Validation
    /// A required field was left empty.
    case fieldRequired
    /// The email address is not valid.
    case emailInvalid
    /// The phone number is not a valid international number.
    case phoneInvalid
    /// The phone number's country calling code is not one the screens know.
    case phoneCountryUnknown
    /// The password is shorter than the instance allows; `{count}` is the minimum.
    case passwordTooShort
    /// The password is longer than the instance allows; `{count}` is the maximum.
    case passwordTooLong
    /// The password needs a digit.
    case passwordNeedsNumber
    /// The password needs an uppercase letter.
    case passwordNeedsUppercase
    /// The password needs a lowercase letter.
    case passwordNeedsLowercase
    /// The password needs one of the special characters; `{characters}` lists them.
    case passwordNeedsSpecialCharacter
    /// The confirmation does not match the password.
    case passwordsDoNotMatch
    /// The verification code is not `{count}` digits.
    case codeInvalid

    // MARK: Errors
    /// The server could not be reached, or the connection dropped.
    case errorConnection
    /// The server answered with something that is not a Clerk response (an HTML error page, an empty body).
    case errorServerUnavailable
    /// The service refused because of too many requests; `{count}` is the wait in seconds.
    case errorRateLimited
    /// The account is locked after too many failed attempts; `{count}` is the wait in minutes.
    case errorAccountLocked
    /// Anything else that went wrong.
    case errorUnexpected

    // MARK: Sign-in and sign-up
    /// The identifier is of a kind the instance does not sign in with.
    case identifierNotSupported
    /// The chosen sign-in method is not (or no longer) available.
    case methodUnavailable
    /// The sign-in or sign-up ended on the server (abandoned or expired).
    case signInExpired
    /// Too many wrong codes: a new code is needed.
    case codeTooManyAttempts
    /// The code expired: a new code is needed.
    case codeExpired
    /// The terms must be accepted.
    case legalConsentRequired
    /// The resend button.
    case resendCode
    /// The resend button during the countdown; `{count}` is the seconds left.
    case resendCodeIn
    /// Under a code screen; `{destination}` is where the code went.
    case codeSentTo
    /// Under the email-link screen; `{destination}` is where the link went.
    case linkSentTo
    /// The resend button of the email-link screen.
    case resendLink
    /// A link opened on a device that did not ask for it (or asked for another one).
    case linkNotStartedHere
    /// The email-link first factor in a list of methods.
    case factorEmailLink
    /// The setup-mfa session task's title.
    case titleSetUpTwoStep
    /// Under the setup-mfa task's title.
    case twoStepSetupRequired
    /// Under the new-password title when the reset-password session task asks for it.
    case passwordResetRequired
    /// The sign-in title; `{application}` is the application's name.
    case titleSignIn
    /// The sign-up title.
    case titleSignUp
    /// The password screen.
    case titlePassword
    /// An email code screen.
    case titleCheckEmail
    /// An SMS code screen.
    case titleCheckPhone
    /// The authenticator-app screen.
    case titleTwoStep
    /// The backup-code screen.
    case titleBackupCode
    /// The "use another method" screen.
    case titleChooseMethod
    /// The reset choice screen.
    case titleForgotPassword
    /// The new-password screen.
    case titleNewPassword
    /// The sign-up email verification.
    case titleVerifyEmail
    /// The sign-up phone verification.
    case titleVerifyPhone
    /// The complete-profile screen.
    case titleCompleteProfile
    /// The choose-organization task.
    case titleChooseOrganization
    /// The create-organization task.
    case titleCreateOrganization
    /// The last screen.
    case titleDone
    /// The identifier field when several kinds are allowed.
    case labelIdentifier
    /// The email field.
    case labelEmailAddress
    /// The phone field.
    case labelPhoneNumber
    /// The username field.
    case labelUsername
    /// The password field.
    case labelPassword
    /// The confirmation field.
    case labelConfirmPassword
    /// The code field.
    case labelCode
    /// The first-name field.
    case labelFirstName
    /// The last-name field.
    case labelLastName
    /// The legal-consent checkbox.
    case labelLegalConsent
    /// The organization-name field.
    case labelOrganizationName
    /// The main button.
    case actionContinue
    /// The link to the other factors.
    case actionUseAnotherMethod
    /// The link from sign-in to sign-up.
    case actionSignUpInstead
    /// The link from sign-up to sign-in.
    case actionSignInInstead
    /// Cancel.
    case actionCancel
    /// A first factor in a list.
    case factorPassword
    /// A factor in a list.
    case factorEmailCode
    /// A factor in a list.
    case factorPhoneCode
    /// A second factor in a list.
    case factorTOTP
    /// A second factor in a list.
    case factorBackupCode
    /// A reset method.
    case factorResetByEmail
    /// A reset method.
    case factorResetByPhone
    /// The badge on the method used last.
    case badgeLastUsed
    // MARK: Profile
    /// The profile screen's title.
    case profileTitle
    /// The account menu's entry that opens the profile.
    case profileManageAccount
    /// The email addresses section.
    case profileEmailAddresses
    /// The phone numbers section.
    case profilePhoneNumbers
    /// The connected (OAuth) accounts section.
    case profileConnectedAccounts
    /// The security section (password, two-step verification, passkeys, devices).
    case profileSecurity
    /// The passkeys section.
    case profilePasskeys
    /// The active devices (sessions) section.
    case profileActiveDevices
    /// The action that edits names and username.
    case profileEditProfile
    /// The first name field.
    case profileFirstName
    /// The last name field.
    case profileLastName
    /// The username field.
    case profileUsername
    /// The button that saves a form.
    case profileSave
    /// The button that leaves a form.
    case profileCancel
    /// The action that adds an email address.
    case profileAddEmailAddress
    /// The action that adds a phone number.
    case profileAddPhoneNumber
    /// The verification screen's prompt; `{identifier}` is the address or number the code went to.
    case profileVerifyIdentifier
    /// The verification code field.
    case profileVerificationCode
    /// The button that sends a verification code.
    case profileVerify
    /// The action that sends a new code.
    case profileResendCode
    /// The action that removes an item.
    case profileRemove
    /// The action that makes an email address or phone number the primary one.
    case profileSetPrimary
    /// The badge of the primary email address or phone number.
    case profilePrimary
    /// The badge of an unverified email address or phone number.
    case profileUnverified
    /// The password row.
    case profilePassword
    /// The action that changes the password.
    case profileChangePassword
    /// The action that sets a first password.
    case profileSetPassword
    /// The current password field.
    case profileCurrentPassword
    /// The new password field.
    case profileNewPassword
    /// The field repeating the new password.
    case profileConfirmPassword
    /// The option that signs out the other sessions after a password change.
    case profileSignOutOtherDevices
    /// The two-step verification section.
    case profileTwoStepVerification
    /// The action that sets up TOTP.
    case profileAddAuthenticatorApp
    /// The TOTP set-up text; `{secret}` is the key to type into the app.
    case profileAuthenticatorInstructions
    /// The action that disables TOTP.
    case profileRemoveAuthenticatorApp
    /// The action that makes a phone number a second factor.
    case profileUseSMSCode
    /// The action that stops using a phone number as a second factor.
    case profileStopSMSCode
    /// The backup codes row.
    case profileBackupCodes
    /// The text shown with new backup codes.
    case profileBackupCodesInstructions
    /// The action that generates new backup codes.
    case profileGenerateBackupCodes
    /// The action that registers a passkey.
    case profileAddPasskey
    /// The action that renames a passkey.
    case profileRename
    /// The badge of the session on this device.
    case profileThisDevice
    /// The action that signs out another device.
    case profileRevokeDevice
    /// The action that deletes the account.
    case profileDeleteAccount
    /// The delete-account warning; `{phrase}` is what to type.
    case profileDeleteAccountWarning
    /// The confirmation typed does not match; `{phrase}` is what to type.
    case profileConfirmationMismatch
    /// The action that signs out of the current account.
    case profileSignOut
    /// The action that signs out of every account on this device.
    case profileSignOutAll
    /// The action that signs in to another account.
    case profileAddAccount
    /// The accessibility label of another account in the menu; `{name}` is its name.
    case profileSwitchAccount
    /// The accessibility label of a user's picture or initials; `{name}` is the user's name.
    case profileAvatar
    /// The accessibility label of the user button.
    case profileOpenAccountMenu
    /// Shown when no one is signed in.
    case profileNotSignedIn

    // MARK: Organizations
    /// The personal account in the organization switcher.
    case organizationPersonalAccount
    /// The accessibility label of the organization switcher.
    case organizationSwitch
    /// The action and screen that create an organization.
    case organizationCreate
    /// The organization name field.
    case organizationName
    /// The organization slug field.
    case organizationSlug
    /// The slug has characters other than lowercase letters, digits and hyphens.
    case organizationSlugInvalid
    /// The action that opens the organization's profile.
    case organizationManage
    /// The members section.
    case organizationMembers
    /// The number of members; `{count}` is the count.
    case organizationMemberCount
    /// The invitations section.
    case organizationInvitations
    /// The action that invites people.
    case organizationInvite
    /// The field for the addresses to invite.
    case organizationInviteAddresses
    /// The role field.
    case organizationRole
    /// The action that removes a member.
    case organizationRemoveMember
    /// The action that revokes an invitation.
    case organizationRevokeInvitation
    /// The verified domains section.
    case organizationDomains
    /// The action that adds a domain.
    case organizationAddDomain
    /// The domain is not a host name such as example.com.
    case organizationDomainInvalid
    /// The action that leaves the organization.
    case organizationLeave
    /// The action that deletes the organization.
    case organizationDelete
    /// The delete-organization warning; `{name}` is the organization, `{phrase}` what to type.
    case organizationDeleteWarning
    /// The action that accepts an invitation or suggestion to join.
    case organizationAccept
    /// The badge of a pending invitation.
    case organizationPending
    // MARK: Passkeys and reverification
    /// A passkey in a list of methods.
    case factorPasskey
    /// This installation's trusted device (biometrics) in a list of methods.
    case factorTrustedDevice
    /// The passkey step's title.
    case titlePasskey
    /// The passkey step's explanation.
    case passkeyInstructions
    /// The trusted-device step's explanation.
    case trustedDeviceInstructions
    /// The reverification screens' title.
    case titleReverify
    /// Why a reverification is asked for.
    case reverificationRequired
    /// The verified-again confirmation.
    case reverificationDone
}
