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
        }
    }
}
