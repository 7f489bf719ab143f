/// What every screen shows besides its fields: whether a request is in flight, the errors under fields, and
/// one message for the whole screen.
///
/// Models hold one `ScreenState` and change it only through ``ScreenModel/perform(_:)`` and the mutating
/// functions here, so a screen can never stay loading after its request ended, however it ended.
public struct ScreenState: Hashable, Sendable {
    /// Whether a request is in flight (show a spinner, disable the buttons).
    public var isLoading = false
    /// An error under each field that has one.
    public var fieldErrors: [FormField: UIText] = [:]
    /// A message for the whole screen (the server's, or a connection problem).
    public var errorMessage: UIText?

    /// An idle screen without errors.
    public init() {}

    /// Whether a field or the screen shows an error.
    public var hasErrors: Bool { !fieldErrors.isEmpty || errorMessage != nil }

    /// Removes every error.
    public mutating func clearErrors() {
        fieldErrors = [:]
        errorMessage = nil
    }

    /// Sets the errors found by validation; returns whether there were none.
    @discardableResult
    public mutating func validate(_ checks: [FormField: UIText?]) -> Bool {
        clearErrors()
        for (field, problem) in checks {
            if let problem { fieldErrors[field] = problem }
        }
        return fieldErrors.isEmpty
    }
}
