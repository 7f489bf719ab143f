/// The flow's text fields by ``FormField``, so a form can be drawn from ``AuthFlow/signUpFields``.
@available(OS2023, *)
extension AuthFlow {
    /// The text of `field` (empty for a field the flow has no text for, such as legal consent).
    public subscript(text field: FormField) -> String {
        get {
            switch field {
            case .identifier: identifier
            case .emailAddress: emailAddress
            case .phoneNumber: phoneNumber
            case .username: username
            case .password: password
            case .confirmPassword: confirmPassword
            case .code: code
            case .firstName: firstName
            case .lastName: lastName
            case .organizationName, .organizationSlug: organizationName
            case .legalAccepted: ""
            }
        }
        set {
            switch field {
            case .identifier: identifier = newValue
            case .emailAddress: emailAddress = newValue
            case .phoneNumber: phoneNumber = newValue
            case .username: username = newValue
            case .password: password = newValue
            case .confirmPassword: confirmPassword = newValue
            case .code: code = newValue
            case .firstName: firstName = newValue
            case .lastName: lastName = newValue
            case .organizationName, .organizationSlug: organizationName = newValue
            case .legalAccepted: break
            }
        }
    }

    /// Whether `field` is typed hidden (passwords).
    public static func isSecure(_ field: FormField) -> Bool {
        field == .password || field == .confirmPassword
    }
}

@available(OS2023, *)
extension AuthDestination {
    /// A stable identifier of the screen, for accessibility identifiers and UI tests (`factor-one.password`).
    public var accessibilityIdentifier: String {
        switch self {
        case .signInFactorOne(let strategy): "factor-one.\(strategy.rawValue)"
        case .signInFactorOneChoice: "factor-one-choice"
        case .signInFactorTwo(let strategy): "factor-two.\(strategy.rawValue)"
        case .signInFactorTwoChoice: "factor-two-choice"
        case .forgotPassword: "forgot-password"
        case .resetPasswordCode(let strategy): "reset-password.\(strategy.rawValue)"
        case .newPassword: "new-password"
        case .signUp: "sign-up"
        case .signUpVerifyEmail: "verify-email"
        case .signUpVerifyPhone: "verify-phone"
        case .signUpCompleteProfile: "complete-profile"
        case .chooseOrganization: "choose-organization"
        case .createOrganization: "create-organization"
        case .setUpSecondFactor: "set-up-two-step"
        case .setUpAuthenticatorApp: "set-up-two-step.totp"
        case .setUpPhoneNumber: "set-up-two-step.phone"
        case .setUpPhoneCode: "set-up-two-step.phone-code"
        case .backupCodes: "backup-codes"
        case .done: "done"
        }
    }
}
