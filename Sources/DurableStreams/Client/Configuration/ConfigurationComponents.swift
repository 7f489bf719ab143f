/// Turns on the idempotent producer behind the fire-and-forget `append` family.
@available(OS2022, *)
public struct Producer: ConfigurationComponent {
    /// The producer's settings.
    public var configuration: IdempotentProducerConfiguration

    /// A producer with the given identity; the other values are ``IdempotentProducerConfiguration``'s defaults.
    public init(
        id: String,
        epoch: Int = 0,
        autoClaimOnStaleEpoch: Bool = true,
        maxInFlight: Int = 5,
        maxBatchBytes: Int? = 1_048_576,
        maxBatchItems: Int? = nil,
        linger: Duration? = .milliseconds(5),
        retryPolicy: RetryPolicy = .idempotentWriteDefault,
        onError: (@Sendable (DurableStreamError) -> Void)? = nil
    ) {
        configuration = IdempotentProducerConfiguration(
            producerId: id, initialEpoch: epoch, autoClaimOnStaleEpoch: autoClaimOnStaleEpoch,
            maxInFlight: maxInFlight, maxBatchBytes: maxBatchBytes, maxBatchItems: maxBatchItems,
            lingerTime: linger, retryPolicy: retryPolicy, onError: onError)
    }

    /// A producer with these settings.
    public init(_ configuration: IdempotentProducerConfiguration) {
        self.configuration = configuration
    }

    /// Applies this setting to `configuration`.
    public func apply(to configuration: inout HandleConfiguration) {
        configuration.idempotentProducer = self.configuration
    }
}

/// How appends are grouped into requests (``HandleConfiguration/batching``).
@available(OS2022, *)
public struct Batching: ConfigurationComponent {
    /// The batching settings.
    public var configuration: BatchingConfiguration

    /// Batches of up to `maxBytes`, waiting at most `linger` for more appends.
    public init(maxBytes: Int, linger: Duration) {
        configuration = BatchingConfiguration(maxBytes: maxBytes, lingerTime: linger)
    }

    /// These batching settings, e.g. `Batching(.disabled)`.
    public init(_ configuration: BatchingConfiguration) {
        self.configuration = configuration
    }

    /// Applies this setting to `configuration`.
    public func apply(to configuration: inout HandleConfiguration) {
        configuration.batching = self.configuration
    }
}

/// A retry policy for reads or for plain writes.
@available(OS2022, *)
public struct Retry: ConfigurationComponent {
    /// The requests a ``Retry`` applies to.
    public enum Requests: Sendable, Hashable {
        /// Reads, creates and metadata requests (``HTTPConfiguration/readRetryPolicy``).
        case reads
        /// Plain appends (``HTTPConfiguration/writeRetryPolicy``); retrying them may store data twice.
        case writes
    }

    /// How the delay between attempts grows.
    public enum Backoff: Sendable, Hashable {
        /// `base`, then doubling (or growing by `multiplier`) up to `max`, each delay shortened or lengthened by
        /// up to `jitter` of itself.
        case exponential(
            base: Duration, max: Duration = .seconds(5), multiplier: Double = 2, jitter: Double = 0.2)
        /// The same delay before every retry.
        case constant(Duration)
    }

    /// The requests this policy is for.
    public var requests: Requests

    /// The policy.
    public var policy: RetryPolicy

    /// Up to `maxAttempts` attempts in all, with `backoff` between them.
    public init(_ requests: Requests = .reads, maxAttempts: Int, backoff: Backoff) {
        self.requests = requests
        switch backoff {
        case .exponential(let base, let max, let multiplier, let jitter):
            policy = RetryPolicy(
                maxAttempts: maxAttempts, baseDelay: base, maxDelay: max, multiplier: multiplier,
                jitterFactor: jitter)
        case .constant(let delay):
            policy = RetryPolicy(maxAttempts: maxAttempts, baseDelay: delay, maxDelay: delay, jitterFactor: 0)
        }
    }

    /// This policy, e.g. `Retry(.writes, policy: .atLeastOnceWrite)`.
    public init(_ requests: Requests = .reads, policy: RetryPolicy) {
        self.requests = requests
        self.policy = policy
    }

    /// Applies this setting to `configuration`.
    public func apply(to configuration: inout HandleConfiguration) {
        switch requests {
        case .reads: configuration.http.readRetryPolicy = policy
        case .writes: configuration.http.writeRetryPolicy = policy
        }
    }
}

/// Request timeouts; a `nil` value leaves the current one.
@available(OS2022, *)
public struct Timeouts: ConfigurationComponent {
    /// How long a request may wait for its response to start.
    public var request: Duration?
    /// The longest the server is expected to hold a long-poll open.
    public var longPoll: Duration?

    /// Creates the component.
    public init(request: Duration? = nil, longPoll: Duration? = nil) {
        self.request = request
        self.longPoll = longPoll
    }

    /// Applies this setting to `configuration`.
    public func apply(to configuration: inout HandleConfiguration) {
        if let request { configuration.http.timeout = request }
        if let longPoll { configuration.http.longPollTimeout = longPoll }
    }
}

/// Static headers for every request, added to (and overriding) those set earlier.
@available(OS2022, *)
public struct Headers: ConfigurationComponent {
    /// The headers.
    public var fields: [String: String]

    /// Creates the component.
    public init(_ fields: [String: String]) { self.fields = fields }

    /// One header.
    public init(_ name: String, _ value: String) { self.fields = [name: value] }

    /// Applies this setting to `configuration`.
    public func apply(to configuration: inout HandleConfiguration) {
        configuration.http.headers.merge(fields) { _, new in new }
    }
}

/// Headers computed for every request (e.g. a fresh token): ``HTTPConfiguration/dynamicHeaders``.
@available(OS2022, *)
public struct DynamicHeaders: ConfigurationComponent {
    /// The function that computes them.
    public var values: DynamicValues

    /// Creates the component.
    public init(_ values: @escaping DynamicValues) { self.values = values }

    /// Applies this setting to `configuration`.
    public func apply(to configuration: inout HandleConfiguration) {
        configuration.http.dynamicHeaders = values
    }
}

/// Query parameters computed for every request: ``HTTPConfiguration/dynamicParameters``.
@available(OS2022, *)
public struct DynamicParameters: ConfigurationComponent {
    /// The function that computes them.
    public var values: DynamicValues

    /// Creates the component.
    public init(_ values: @escaping DynamicValues) { self.values = values }

    /// Applies this setting to `configuration`.
    public func apply(to configuration: inout HandleConfiguration) {
        configuration.http.dynamicParameters = values
    }
}

/// Limits on what a response may hold in memory; a `nil` value leaves the current one.
@available(OS2022, *)
public struct ResponseLimits: ConfigurationComponent {
    /// The largest response body held in memory (``HTTPConfiguration/maxResponseBytes``).
    public var maxBodyBytes: Int?
    /// The largest single SSE event (``HTTPConfiguration/maxSSEEventBytes``).
    public var maxSSEEventBytes: Int?

    /// Creates the component.
    public init(maxBodyBytes: Int? = nil, maxSSEEventBytes: Int? = nil) {
        self.maxBodyBytes = maxBodyBytes
        self.maxSSEEventBytes = maxSSEEventBytes
    }

    /// Applies this setting to `configuration`.
    public func apply(to configuration: inout HandleConfiguration) {
        if let maxBodyBytes { configuration.http.maxResponseBytes = maxBodyBytes }
        if let maxSSEEventBytes { configuration.http.maxSSEEventBytes = maxSSEEventBytes }
    }
}

/// The transport that sends the requests (``HTTPConfiguration/transport``).
@available(OS2022, *)
public struct Transport: ConfigurationComponent {
    /// The transport.
    public var transport: any HTTPTransport

    /// Creates the component.
    public init(_ transport: any HTTPTransport) { self.transport = transport }

    /// Applies this setting to `configuration`.
    public func apply(to configuration: inout HandleConfiguration) {
        configuration.http.transport = transport
    }
}

/// What to do about errors the retry policy gives up on (``HandleConfiguration/errorHandler``).
@available(OS2022, *)
public struct ErrorHandling: ConfigurationComponent {
    /// The handler.
    public var handler: StreamErrorHandler

    /// Creates the component.
    public init(_ handler: StreamErrorHandler) { self.handler = handler }

    /// A handler from a closure.
    public init(_ handler: @escaping StreamErrorHandler.Handler) { self.handler = StreamErrorHandler(handler) }

    /// Applies this setting to `configuration`.
    public func apply(to configuration: inout HandleConfiguration) {
        configuration.errorHandler = handler
    }
}
