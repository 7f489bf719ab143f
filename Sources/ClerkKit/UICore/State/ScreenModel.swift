public import ClerkKit

/// A screen's model: it owns a ``ScreenState`` and runs its requests through ``perform(_:)``.
@available(OS2023, *)
@MainActor
public protocol ScreenModel: AnyObject {
    /// The loading flag and errors the screen shows.
    var screen: ScreenState { get set }
    /// Shows a failed request's error; the default puts it under its field or on the screen.
    func show(_ error: ClerkError)
}

@available(OS2023, *)
extension ScreenModel {
    /// Runs one request of the screen: marks it loading, clears the old errors, and on failure shows the
    /// error under its field or for the screen. Loading ends whatever happens, cancellation included.
    ///
    /// Returns nil when the request failed, or when another request of the screen is still in flight (a
    /// second tap on a button does not send a second request).
    public func perform<Value>(_ operation: () async throws(ClerkError) -> Value) async -> Value? {
        guard !screen.isLoading else { return nil }
        screen.isLoading = true
        screen.clearErrors()
        defer { screen.isLoading = false }
        do {
            return try await operation()
        } catch {
            show(error)
            return nil
        }
    }

    /// Shows `error` under its field or for the whole screen (nothing for a cancellation).
    public func show(_ error: ClerkError) {
        guard let presentation = ErrorPresentation(error) else { return }
        if let field = presentation.field {
            screen.fieldErrors[field] = presentation.message
        } else {
            screen.errorMessage = presentation.message
        }
    }
}
