public import ClerkKit

/// What a new password must satisfy, read from the instance's `password_settings`.
@available(OS2023, *)
public struct PasswordRules: Hashable, Sendable {
    /// The fewest characters (8 unless the instance says otherwise).
    public var minimumLength: Int
    /// The most characters (72 unless the instance says otherwise).
    public var maximumLength: Int
    /// Whether a digit is required.
    public var requiresNumber: Bool
    /// Whether an uppercase letter is required.
    public var requiresUppercase: Bool
    /// Whether a lowercase letter is required.
    public var requiresLowercase: Bool
    /// The special characters, when one is required; nil when none is.
    public var requiredSpecialCharacters: String?

    /// Rules with explicit values.
    public init(
        minimumLength: Int = 8, maximumLength: Int = 72, requiresNumber: Bool = false,
        requiresUppercase: Bool = false, requiresLowercase: Bool = false, requiredSpecialCharacters: String? = nil
    ) {
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.requiresNumber = requiresNumber
        self.requiresUppercase = requiresUppercase
        self.requiresLowercase = requiresLowercase
        self.requiredSpecialCharacters = requiredSpecialCharacters
    }

    /// The rules of an instance's settings; the defaults where it says nothing. A length of `0` (the real
    /// service's `max_length` when the instance sets no maximum) counts as unset.
    public init(settings: UserSettings.PasswordSettings?) {
        let defaults = PasswordRules()
        self.init(
            minimumLength: settings?.minLength.flatMap { $0 > 0 ? $0 : nil } ?? defaults.minimumLength,
            maximumLength: settings?.maxLength.flatMap { $0 > 0 ? $0 : nil } ?? defaults.maximumLength,
            requiresNumber: settings?.requireNumbers ?? false,
            requiresUppercase: settings?.requireUppercase ?? false,
            requiresLowercase: settings?.requireLowercase ?? false,
            requiredSpecialCharacters: settings?.requireSpecialChar == true
                ? (settings?.allowedSpecialCharacters ?? "!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~") : nil)
    }

    /// The rules of an environment (`user_settings.password_settings`).
    public init(environment: ClerkEnvironment?) {
        self.init(settings: environment?.userSettings?.passwordSettings)
    }

    /// Every rule `password` breaks, in the order the screens list them.
    public func problems(with password: String) -> [UIText] {
        guard !password.isEmpty else { return [.localized(.fieldRequired)] }
        var problems: [UIText] = []
        if password.count < minimumLength { problems.append(.localized(.passwordTooShort, count: minimumLength)) }
        if password.count > maximumLength { problems.append(.localized(.passwordTooLong, count: maximumLength)) }
        if requiresNumber, !password.contains(where: \.isNumber) {
            problems.append(.localized(.passwordNeedsNumber))
        }
        if requiresUppercase, !password.contains(where: \.isUppercase) {
            problems.append(.localized(.passwordNeedsUppercase))
        }
        if requiresLowercase, !password.contains(where: \.isLowercase) {
            problems.append(.localized(.passwordNeedsLowercase))
        }
        if let special = requiredSpecialCharacters, !password.contains(where: special.contains) {
            problems.append(.localized(.passwordNeedsSpecialCharacter, arguments: ["characters": special]))
        }
        return problems
    }

    /// The first rule `password` breaks, or nil; with `confirmation`, also that the two match.
    public func problem(with password: String, confirmation: String? = nil) -> UIText? {
        if let first = problems(with: password).first { return first }
        if let confirmation, confirmation != password { return .localized(.passwordsDoNotMatch) }
        return nil
    }
}
