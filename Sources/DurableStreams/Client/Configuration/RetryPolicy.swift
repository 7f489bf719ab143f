internal import CourierPrimitives

/// When and how often a failed request is retried, with jittered exponential backoff.
///
/// Reads (`GET`, `HEAD`) are always safe to retry. Plain appends are not: a retried `POST` may store its data
/// twice, so ``writeDefault`` never retries. Appends through an idempotent producer carry
/// `(producerId, epoch, seq)`, which the server deduplicates, so ``idempotentWriteDefault`` retries them.
@available(OS2022, *)
public struct RetryPolicy: Sendable {
    /// The most attempts in total (1 means no retry).
    public var maxAttempts: Int

    /// The delay before the first retry.
    public var baseDelay: Duration

    /// The cap on any single delay (a server's `Retry-After` may exceed it, up to ``maxRetryAfter``).
    public var maxDelay: Duration

    /// How much each delay grows over the previous one (at least 1).
    public var multiplier: Double

    /// The fraction (0...1) by which each delay is randomly shortened or lengthened.
    public var jitterFactor: Double

    /// The longest `Retry-After` honoured; longer requests fail instead of waiting.
    public var maxRetryAfter: Duration

    /// Whether an error is worth retrying.
    public var shouldRetry: @Sendable (DurableStreamError) -> Bool

    /// Creates a policy. The values are kept as given and checked by ``validate()``, which every handle and read
    /// runs before its first request.
    public init(
        maxAttempts: Int,
        baseDelay: Duration,
        maxDelay: Duration,
        multiplier: Double = 2,
        jitterFactor: Double = 0.2,
        maxRetryAfter: Duration = .seconds(60),
        shouldRetry: @escaping @Sendable (DurableStreamError) -> Bool = { $0.isTransient }
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.multiplier = multiplier
        self.jitterFactor = jitterFactor
        self.maxRetryAfter = maxRetryAfter
        self.shouldRetry = shouldRetry
    }

    /// Creates a policy from user-supplied numbers, rejecting invalid ones instead of clamping them.
    ///
    /// - Parameters:
    ///   - maxRetries: Retries after the first attempt (at least 0).
    ///   - initialDelay: The first delay (more than zero: a zero delay would retry in a tight loop).
    ///   - maxDelay: The cap on delays (not below `initialDelay`).
    ///   - multiplier: The growth factor (at least 1).
    /// - Throws: ``DurableStreamError/invalidArgument`` naming the offending parameter.
    public static func validated(
        maxRetries: Int = 4,
        initialDelay: Duration = .milliseconds(100),
        maxDelay: Duration = .seconds(5),
        multiplier: Double = 2
    ) throws(DurableStreamError) -> RetryPolicy {
        guard maxRetries >= 0 else {
            throw .invalidArgument(message: "maxRetries must not be negative (got \(maxRetries))")
        }
        guard initialDelay > .zero else {
            throw .invalidArgument(message: "initialDelayMs must be positive (got \(initialDelay))")
        }
        guard maxDelay >= initialDelay else {
            throw .invalidArgument(message: "maxDelayMs must not be less than initialDelayMs")
        }
        guard multiplier >= 1, multiplier.isFinite else {
            throw .invalidArgument(message: "multiplier must be at least 1 (got \(multiplier))")
        }
        return RetryPolicy(
            maxAttempts: maxRetries + 1, baseDelay: initialDelay, maxDelay: maxDelay, multiplier: multiplier)
    }

    /// Reads: retry rate limits, server errors, network errors and timeouts, five attempts in all.
    public static let readDefault = RetryPolicy(
        maxAttempts: 5,
        baseDelay: .milliseconds(100),
        maxDelay: .seconds(5),
        jitterFactor: 0.2
    )

    /// Plain appends: never retried, since a retry could store the data twice.
    public static let writeDefault = RetryPolicy(
        maxAttempts: 1,
        baseDelay: .zero,
        maxDelay: .zero,
        jitterFactor: 0,
        shouldRetry: { _ in false }
    )

    /// Plain appends, at least once: retried like reads when the server answers 429 or 5xx or the connection
    /// fails. Use only where a duplicate append is acceptable (a server error may come after the data was
    /// stored); prefer an idempotent producer, which gets exactly-once retries.
    public static let atLeastOnceWrite = RetryPolicy(
        maxAttempts: 5,
        baseDelay: .milliseconds(100),
        maxDelay: .seconds(5),
        jitterFactor: 0.2
    )

    /// Idempotent producer appends: safe to retry, since the server deduplicates by `(producerId, epoch, seq)`.
    /// Sequence gaps and stale epochs are handled by the producer itself, not by retrying.
    public static let idempotentWriteDefault = RetryPolicy(
        maxAttempts: 6,
        baseDelay: .milliseconds(100),
        maxDelay: .seconds(5),
        jitterFactor: 0.2
    )

    /// No retries at all.
    public static let none = RetryPolicy(maxAttempts: 1, baseDelay: .zero, maxDelay: .zero, jitterFactor: 0) { _ in
        false
    }

    /// Whether a server's `Retry-After` is within ``maxRetryAfter`` (or absent): a longer one fails the request
    /// instead of waiting.
    func honours(retryAfter: Duration?) -> Bool {
        retryAfter.map { $0 <= maxRetryAfter } ?? true
    }

    /// The delay before retry number `retry` (1 for the first retry), honouring a server's `Retry-After`.
    public func delay(beforeRetry retry: Int, retryAfter: Duration? = nil) -> Duration {
        let exponent = Double(max(0, retry - 1))
        let base = baseDelay.inSeconds * pow(multiplier, exponent)
        var seconds = min(base, maxDelay.inSeconds)
        // Values `validate()` rejects still give a delay here rather than a trap (a NaN or inverted range).
        let jitter = jitterFactor.isFinite ? min(max(jitterFactor, 0), 1) : 0
        if jitter > 0 {
            seconds *= 1 + Double.random(in: -jitter...jitter)
        }
        if let retryAfter {
            seconds = max(seconds, min(retryAfter.inSeconds, maxRetryAfter.inSeconds))
        }
        return .clampedSeconds(seconds)
    }
}

@available(OS2022, *)
private func pow(_ base: Double, _ exponent: Double) -> Double {
    var result = 1.0
    var remaining = Int(exponent)
    while remaining > 0 && result < 1e12 {
        result *= base
        remaining -= 1
    }
    return result
}
