public import ClerkKit

/// A screen of the sign-in and sign-up flow. ``AuthFlow/path`` is the stack of screens above the first one.
@available(OS2023, *)
public enum AuthDestination: Hashable, Sendable {
    /// The first sign-in step: password, or a code (email, SMS) or email link that was just sent. For an email link
    /// (`.emailLink`) the screen waits for the app to be opened with the link: pass that URL to
    /// ``AuthFlow/handle(_:)``.
    case signInFactorOne(FactorStrategy)
    /// "Use another method": every first factor the sign-in allows.
    case signInFactorOneChoice
    /// The second factor: TOTP, an SMS or email code, or a backup code.
    case signInFactorTwo(FactorStrategy)
    /// The other second factors the sign-in allows.
    case signInFactorTwoChoice
    /// "Forgot password?": how to receive a reset code.
    case forgotPassword
    /// The reset code that was just sent (`.resetPasswordEmailCode` or `.resetPasswordPhoneCode`).
    case resetPasswordCode(FactorStrategy)
    /// A new password, after a reset code or when a session task asks for one.
    case newPassword
    /// The sign-up form with the fields the instance asks for.
    case signUp
    /// The code sent to the sign-up's email address.
    case signUpVerifyEmail
    /// The code sent to the sign-up's phone number.
    case signUpVerifyPhone
    /// The fields a sign-up still misses (names, legal consent, …), for example after a transfer from sign-in.
    case signUpCompleteProfile
    /// A session task: choose an organization (or create one).
    case chooseOrganization
    /// A session task: create an organization.
    case createOrganization
    /// A session task (`setup-mfa`): choose the second factor to set up (``AuthFlow/secondFactorSetupChoices``).
    case setUpSecondFactor
    /// Setting up an authenticator app: its secret (``AuthFlow/pendingTOTP``) and the code it shows.
    case setUpAuthenticatorApp
    /// Setting up SMS codes: the phone number that receives them.
    case setUpPhoneNumber
    /// Setting up SMS codes: the code sent to that number.
    case setUpPhoneCode
    /// The backup codes issued with the new second factor (``AuthFlow/backupCodes``), shown once.
    case backupCodes
    /// Signed in (or signed up) with an active session.
    case done
}

/// Which flow the screens start in.
public enum AuthMode: String, Sendable, Hashable, CaseIterable {
    /// Sign in; an unknown identifier moves to sign-up when the instance allows it.
    case signInOrUp
    /// Sign in only.
    case signIn
    /// Sign up only.
    case signUp
}
