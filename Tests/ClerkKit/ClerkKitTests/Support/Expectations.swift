import ClerkKit
import CourierTestSupport

/// The `ClerkError` `body` throws, or `nil` when it succeeds. Any other error becomes an `.invalidState`
/// `ClerkError` whose message says so, so a test expecting a specific code fails.
@available(OS2023, *)
func caught<T>(_ body: () throws -> T) -> ClerkError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? ClerkError ?? ClerkError(.invalidState, "not a ClerkError: \(error)")
    }
}

/// The `ClerkError` `body` throws, or `nil` when it succeeds.
@available(OS2023, *)
func caught<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async -> ClerkError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? ClerkError ?? ClerkError(.invalidState, "not a ClerkError: \(error)")
    }
}

/// Waits until `condition` holds, checking every few milliseconds, failing after `limit`.
@available(OS2023, *)
func eventually(
    within limit: Duration = .seconds(60), _ condition: @escaping @Sendable () async -> Bool
) async throws {
    try await withTimeout(limit) {
        while await !condition() {
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
