public import ClerkKit

/// What a sign-in identifier is, read from what was typed.
@available(OS2023, *)
public enum IdentifierKind: String, Sendable, Hashable, CaseIterable {
    /// Contains `@`.
    case emailAddress = "email_address"
    /// Starts with `+` or a digit and has only digits and separators.
    case phoneNumber = "phone_number"
    /// Anything else.
    case username

    /// The kind of `input`.
    public init(_ input: String) {
        let text = input.trimmedForInput
        if text.contains("@") {
            self = .emailAddress
        } else if let first = text.first, first == "+" || first == "(" || first.isNumber,
            text.allSatisfy({ $0.isNumber || " +-.()".contains($0) })
        {
            self = .phoneNumber
        } else {
            self = .username
        }
    }

    /// The kinds an environment lets people sign in with (`auth_config.identification_strategies`); all three
    /// when it does not say.
    public static func allowed(by environment: ClerkEnvironment?) -> [IdentifierKind] {
        let strategies = environment?.authConfig?.identificationStrategies ?? []
        let allowed = allCases.filter { strategies.contains($0.rawValue) }
        return strategies.isEmpty ? allCases : allowed
    }
}
