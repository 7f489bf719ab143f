public import Foundation

/// Makes identifiers and random numbers; replace it in tests for deterministic values.
///
/// ``ClerkDependencies/randomness`` is the source a ``Clerk`` uses; ``FileSecureStore`` takes one of its own
/// for the names of its temporary files.
@available(OS2023, *)
public protocol ClerkRandomness: Sendable {
    /// A new UUID, used for the boundary and file name of an image upload.
    func uuid() -> UUID
    /// A random number in `0..<1`, used for the jitter of the session-token refresh schedule.
    func unitInterval() -> Double
    /// `count` random bytes, used for PKCE verifiers.
    func bytes(_ count: Int) -> [UInt8]
}

/// The system random number generator.
@available(OS2023, *)
public struct SystemRandomness: ClerkRandomness {
    /// Creates the system source.
    public init() {}

    /// A random UUID.
    public func uuid() -> UUID { UUID() }

    /// A random number in `0..<1`.
    public func unitInterval() -> Double { Double.random(in: 0..<1) }

    /// Random bytes from the system generator.
    public func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(0, count)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
