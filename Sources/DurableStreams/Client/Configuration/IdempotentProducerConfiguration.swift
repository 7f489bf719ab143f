/// Settings of an idempotent producer: exactly-once appends keyed by `(producerId, epoch, seq)`.
@available(OS2022, *)
public struct IdempotentProducerConfiguration: Sendable {
    /// The producer's identity; keep it stable across restarts so the server can deduplicate.
    public let producerId: String

    /// The epoch to start in. Bump it when restarting a producer whose earlier incarnation may still run.
    public var initialEpoch: Int

    /// Whether to claim the next epoch automatically when the server reports a newer one (403). Convenient
    /// for ephemeral producers; it fences any other live instance with the same id.
    public var autoClaimOnStaleEpoch: Bool

    /// The most batches sent and not yet acknowledged at once.
    public var maxInFlight: Int

    /// The largest batch body in bytes; `nil` uses the handle's ``BatchingConfiguration/maxBytes``.
    public var maxBatchBytes: Int?

    /// The most appends in one batch; `nil` for no limit.
    public var maxBatchItems: Int?

    /// How long a partly filled batch waits for more appends; `nil` uses the handle's
    /// ``BatchingConfiguration/lingerTime``.
    public var lingerTime: Duration?

    /// The retry policy for batches (transient failures only: gaps and epochs are handled separately).
    public var retryPolicy: RetryPolicy

    /// Told about every batch that finally fails (appends are fire-and-forget, so this is where errors go).
    public var onError: (@Sendable (DurableStreamError) -> Void)?

    /// Creates a configuration; see ``validate()`` for the rules the values must follow.
    public init(
        producerId: String,
        initialEpoch: Int = 0,
        autoClaimOnStaleEpoch: Bool = true,
        maxInFlight: Int = 5,
        maxBatchBytes: Int? = 1_048_576,
        maxBatchItems: Int? = nil,
        lingerTime: Duration? = .milliseconds(5),
        retryPolicy: RetryPolicy = .idempotentWriteDefault,
        onError: (@Sendable (DurableStreamError) -> Void)? = nil
    ) {
        self.producerId = producerId
        self.initialEpoch = initialEpoch
        self.autoClaimOnStaleEpoch = autoClaimOnStaleEpoch
        self.maxInFlight = maxInFlight
        self.maxBatchBytes = maxBatchBytes
        self.maxBatchItems = maxBatchItems
        self.lingerTime = lingerTime
        self.retryPolicy = retryPolicy
        self.onError = onError
    }

    /// A producer with the given identity and otherwise default settings.
    public static func enabled(
        producerId: String,
        initialEpoch: Int = 0,
        autoClaimOnStaleEpoch: Bool = true,
        maxInFlight: Int = 5,
        maxBatchBytes: Int = 1_048_576,
        lingerTime: Duration = .milliseconds(5),
        onError: (@Sendable (DurableStreamError) -> Void)? = nil
    ) -> IdempotentProducerConfiguration {
        IdempotentProducerConfiguration(
            producerId: producerId,
            initialEpoch: initialEpoch,
            autoClaimOnStaleEpoch: autoClaimOnStaleEpoch,
            maxInFlight: maxInFlight,
            maxBatchBytes: maxBatchBytes,
            lingerTime: lingerTime,
            onError: onError
        )
    }

    /// No producer.
    public static let disabled: IdempotentProducerConfiguration? = nil

    /// Checks the values, naming the first invalid one.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` when the id is empty or holds a control character, the
    ///   epoch is negative or above 2^53-1, `maxInFlight` is below 1, `maxBatchBytes` / `maxBatchItems` are not
    ///   positive, `lingerTime` is negative, or the retry policy is invalid.
    public func validate() throws(DurableStreamError) {
        guard !producerId.isEmpty else {
            throw .invalidArgument(message: "producerId must not be empty")
        }
        guard initialEpoch >= 0, initialEpoch <= 9_007_199_254_740_991 else {
            throw .invalidArgument(message: "epoch must be between 0 and 2^53-1 (got \(initialEpoch))")
        }
        guard maxInFlight >= 1 else {
            throw .invalidArgument(message: "maxInFlight must be at least 1 (got \(maxInFlight))")
        }
        if let maxBatchBytes, maxBatchBytes <= 0 {
            throw .invalidArgument(message: "maxBatchBytes must be positive (got \(maxBatchBytes))")
        }
        if let maxBatchItems, maxBatchItems <= 0 {
            throw .invalidArgument(message: "maxBatchItems must be positive (got \(maxBatchItems))")
        }
        if let lingerTime, lingerTime < .zero {
            throw .invalidArgument(message: "lingerTime must not be negative (got \(lingerTime))")
        }
        guard HTTPSyntax.isFieldValue(producerId) else {
            throw .invalidArgument(message: "producerId must not contain control characters")
        }
        try retryPolicy.validate(named: "idempotentProducer.retryPolicy")
    }
}
