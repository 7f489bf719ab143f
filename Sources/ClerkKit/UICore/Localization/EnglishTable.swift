extension LocalizationTable {
    /// English.
    public static let english = LocalizationTable(languageCode: "en", pluralRule: .oneForOne) { key in
        switch key {
        case .fieldRequired: .text("This field is required.")
        case .emailInvalid: .text("Enter a valid email address.")
        case .phoneInvalid: .text("Enter a valid phone number, starting with + and the country code.")
        case .phoneCountryUnknown: .text("This country calling code is not supported.")
        case .passwordTooShort:
            .plural(
                one: "Your password must contain at least {count} character.",
                other: "Your password must contain at least {count} characters.")
        case .passwordTooLong:
            .plural(
                one: "Your password must contain at most {count} character.",
                other: "Your password must contain at most {count} characters.")
        case .passwordNeedsNumber: .text("Your password must contain a number.")
        case .passwordNeedsUppercase: .text("Your password must contain an uppercase letter.")
        case .passwordNeedsLowercase: .text("Your password must contain a lowercase letter.")
        case .passwordNeedsSpecialCharacter: .text("Your password must contain one of {characters}.")
        case .passwordsDoNotMatch: .text("The passwords do not match.")
        case .codeInvalid: .text("Enter the {count}-digit code.")
        case .errorConnection: .text("Could not reach the server. Check your connection and try again.")
        case .errorServerUnavailable: .text("The service is unavailable right now. Please try again later.")
        case .errorRateLimited:
            .plural(
                one: "Too many attempts. Try again in {count} second.",
                other: "Too many attempts. Try again in {count} seconds.")
        case .errorUnexpected: .text("Something went wrong. Please try again.")
        case .identifierNotSupported: .text("This kind of identifier cannot be used to sign in here.")
        case .methodUnavailable: .text("This method is not available. Choose another one.")
        case .signInExpired: .text("This attempt has expired. Please start again.")
        case .codeTooManyAttempts: .text("Too many incorrect codes. Request a new code.")
        case .codeExpired: .text("This code has expired. Request a new code.")
        case .legalConsentRequired: .text("You must accept the terms to continue.")
        case .resendCode: .text("Resend code")
        case .resendCodeIn:
            .plural(
                one: "Resend in {count} second",
                other: "Resend in {count} seconds")
        case .codeSentTo: .text("Enter the code sent to {destination}.")
        case .titleSignIn: .text("Sign in to {application}")
        case .titleSignUp: .text("Create your account")
        case .titlePassword: .text("Enter your password")
        case .titleCheckEmail: .text("Check your email")
        case .titleCheckPhone: .text("Check your phone")
        case .titleTwoStep: .text("Two-step verification")
        case .titleBackupCode: .text("Enter a backup code")
        case .titleChooseMethod: .text("Use another method")
        case .titleForgotPassword: .text("Forgot password?")
        case .titleNewPassword: .text("Set a new password")
        case .titleVerifyEmail: .text("Verify your email")
        case .titleVerifyPhone: .text("Verify your phone number")
        case .titleCompleteProfile: .text("Complete your profile")
        case .titleChooseOrganization: .text("Choose an organization")
        case .titleCreateOrganization: .text("Create an organization")
        case .titleDone: .text("You are signed in")
        case .labelIdentifier: .text("Email address, phone number or username")
        case .labelEmailAddress: .text("Email address")
        case .labelPhoneNumber: .text("Phone number")
        case .labelUsername: .text("Username")
        case .labelPassword: .text("Password")
        case .labelConfirmPassword: .text("Confirm password")
        case .labelCode: .text("Verification code")
        case .labelFirstName: .text("First name")
        case .labelLastName: .text("Last name")
        case .labelLegalConsent: .text("I agree to the Terms of Service and the Privacy Policy")
        case .labelOrganizationName: .text("Organization name")
        case .actionContinue: .text("Continue")
        case .actionUseAnotherMethod: .text("Use another method")
        case .actionSignUpInstead: .text("Don’t have an account? Sign up")
        case .actionSignInInstead: .text("Already have an account? Sign in")
        case .actionCancel: .text("Cancel")
        case .factorPassword: .text("Sign in with your password")
        case .factorEmailCode: .text("Email a code")
        case .factorPhoneCode: .text("Text a code")
        case .factorTOTP: .text("Use your authenticator app")
        case .factorBackupCode: .text("Use a backup code")
        case .factorResetByEmail: .text("Reset your password by email")
        case .factorResetByPhone: .text("Reset your password by text message")
        case .badgeLastUsed: .text("Last used")
        }
    }
}
