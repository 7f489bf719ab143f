/// How often a transport is tried for one message, and how long to wait between tries.
///
/// The wait before the `n`th retry is `initialBackoff × multiplier^(n−1)`, at most `maxBackoff`. There is no
/// jitter: one phone talks to one watch, so there is no herd to spread.
@available(OS2022, *)
public struct RetryPolicy: Sendable, Hashable {
    /// Tries per transport, at least 1; after that many failures the next transport of the chain is used.
    public var maxAttempts: Int
    /// The wait before the first retry.
    public var initialBackoff: Duration
    /// What each further wait is multiplied by (at least 1).
    public var multiplier: Double
    /// The longest wait.
    public var maxBackoff: Duration

    /// Creates a policy: 3 tries, waiting 0.5 s, then 1 s (doubling, at most 8 s) by default.
    public init(
        maxAttempts: Int = 3,
        initialBackoff: Duration = .milliseconds(500),
        multiplier: Double = 2,
        maxBackoff: Duration = .seconds(8)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = max(.zero, initialBackoff)
        self.multiplier = multiplier.isFinite ? max(1, multiplier) : 1
        self.maxBackoff = max(.zero, maxBackoff)
    }

    /// One try per transport: a failure moves to the next transport at once.
    public static let once = RetryPolicy(maxAttempts: 1, initialBackoff: .zero, maxBackoff: .zero)

    /// The wait after a transport's `failures`th failure (1 for the first).
    /// - Parameter failures: How many times the transport has failed, 1 or more.
    /// - Returns: The wait before trying again.
    public func backoff(afterFailure failures: Int) -> Duration {
        guard failures > 0 else { return .zero }
        var wait = initialBackoff
        for _ in 1..<failures {
            guard wait < maxBackoff else { break }
            wait = wait * multiplier
        }
        return min(wait, maxBackoff)
    }
}
