/// The password rules the emulated instance enforces: the configured minimum length, and the lengths in the
/// environment overlay's `user_settings.password_settings` when it has them (a `max_length` of `0`, as the real
/// service sends it, means no maximum).
@available(OS2023, *)
struct PasswordPolicy: Sendable, Equatable {
    /// The fewest characters.
    var minimumLength: Int
    /// The most characters; nil when there is no maximum.
    var maximumLength: Int?

    init(minimumLength: Int, maximumLength: Int?) {
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
    }

    /// The rules of `configuration`, with the overlay's lengths laid over them.
    init(configuration: ClerkEmulator.Configuration, overlay: JSON?) {
        let settings = overlay?["user_settings"]?["password_settings"]
        var minimum = configuration.signUp.minimumPasswordLength
        if let value = settings?["min_length"]?.integerValue, value > 0 { minimum = value }
        var maximum: Int? = 72
        if let value = settings?["max_length"] {
            if value == .null {
                maximum = 72
            } else if let length = value.integerValue {
                maximum = length > 0 ? length : nil
            }
        }
        self.init(minimumLength: minimum, maximumLength: maximum)
    }

    /// Clerk's error for the first rule `password` breaks, or nil.
    func problem(with password: String) -> FAPIError? {
        if password.count < minimumLength { return .passwordTooShort(minimumLength) }
        if let maximumLength, password.count > maximumLength { return .passwordTooLong(maximumLength) }
        return nil
    }
}

@available(OS2023, *)
extension JSON {
    /// The number, when this is an integer that fits an `Int`.
    var integerValue: Int? {
        if case .int(let value) = self { return Int(exactly: value) }
        return nil
    }
}
