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
}
