public import Foundation

/// The time source ClerkKit reads and sleeps on; replace it in tests to move time by hand.
@available(OS2023, *)
public protocol ClerkClock: Sendable {
    /// The current wall-clock time.
    var now: Date { get }
    /// Suspends for `duration`; throws ``ClerkError/Code/cancelled`` when the task is cancelled.
    func sleep(for duration: Duration) async throws(ClerkError)
}

/// The system clock.
@available(OS2023, *)
public struct SystemClock: ClerkClock {
    /// Creates the system clock.
    public init() {}

    /// The current wall-clock time.
    public var now: Date { Date() }

    /// Sleeps with `Task.sleep`.
    public func sleep(for duration: Duration) async throws(ClerkError) {
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw ClerkError(.cancelled, "The wait was cancelled.")
        }
    }
}
