/// Header or query values computed afresh for every request (including retries), e.g. a current token.
@available(OS2022, *)
public typealias DynamicValues = @Sendable () async -> [String: String]

/// HTTP settings shared by reads and writes.
@available(OS2022, *)
public struct HTTPConfiguration: Sendable {
    /// The transport that sends requests. Defaults to a shared `URLSessionTransport`.
    public var transport: any HTTPTransport

    /// How long a request may wait for the response to start.
    public var timeout: Duration

    /// The longest a server is expected to hold a long-poll open; long-poll requests wait this plus
    /// ``timeout``.
    public var longPollTimeout: Duration

    /// The retry policy for reads (`GET`, `HEAD`).
    public var readRetryPolicy: RetryPolicy

    /// The retry policy for plain appends, creates and deletes. Idempotent producers use
    /// ``RetryPolicy/idempotentWriteDefault`` instead.
    public var writeRetryPolicy: RetryPolicy

    /// Static headers sent with every request.
    public var headers: [String: String]

    /// Headers computed for every request; they override ``headers`` of the same name.
    public var dynamicHeaders: DynamicValues?

    /// Query parameters computed for every request.
    public var dynamicParameters: DynamicValues?

    /// The largest response body (catch-up chunk or error body) held in memory.
    public var maxResponseBytes: Int

    /// The largest single SSE event accepted.
    public var maxSSEEventBytes: Int

    /// Creates a configuration.
    public init(
        transport: any HTTPTransport = URLSessionTransport.shared,
        timeout: Duration = .seconds(30),
        longPollTimeout: Duration = .seconds(55),
        readRetryPolicy: RetryPolicy = .readDefault,
        writeRetryPolicy: RetryPolicy = .writeDefault,
        headers: [String: String] = [:],
        dynamicHeaders: DynamicValues? = nil,
        dynamicParameters: DynamicValues? = nil,
        maxResponseBytes: Int = 64 * 1024 * 1024,
        maxSSEEventBytes: Int = 16 * 1024 * 1024
    ) {
        self.transport = transport
        self.timeout = timeout
        self.longPollTimeout = longPollTimeout
        self.readRetryPolicy = readRetryPolicy
        self.writeRetryPolicy = writeRetryPolicy
        self.headers = headers
        self.dynamicHeaders = dynamicHeaders
        self.dynamicParameters = dynamicParameters
        self.maxResponseBytes = maxResponseBytes
        self.maxSSEEventBytes = maxSSEEventBytes
    }

    /// The default configuration.
    public static var `default`: HTTPConfiguration { HTTPConfiguration() }
}

/// How an idempotent producer groups appends into requests.
@available(OS2022, *)
public struct BatchingConfiguration: Sendable, Hashable {
    /// The largest batch body in bytes; 0 sends every append on its own.
    public var maxBytes: Int

    /// How long a partly filled batch waits for more appends before it is sent.
    public var lingerTime: Duration

    /// Creates a configuration.
    public init(maxBytes: Int, lingerTime: Duration) {
        self.maxBytes = maxBytes
        self.lingerTime = lingerTime
    }

    /// Every append is sent on its own, at once.
    public static let disabled = BatchingConfiguration(maxBytes: 0, lingerTime: .zero)

    /// Batches of up to 64 KB, waiting at most 5 ms for more appends.
    public static let `default` = BatchingConfiguration(maxBytes: 64_000, lingerTime: .milliseconds(5))
}

/// The configuration of a ``DurableStreamHandle``.
@available(OS2022, *)
public struct HandleConfiguration: Sendable {
    /// Idempotent producer settings; `nil` disables the fire-and-forget `append` family.
    public var idempotentProducer: IdempotentProducerConfiguration?

    /// How the producer batches appends (its own settings may override these).
    public var batching: BatchingConfiguration

    /// HTTP settings.
    public var http: HTTPConfiguration

    /// What to do about errors the retry policy gives up on.
    public var errorHandler: StreamErrorHandler

    /// Creates a configuration.
    public init(
        idempotentProducer: IdempotentProducerConfiguration? = nil,
        batching: BatchingConfiguration = .default,
        http: HTTPConfiguration = .default,
        errorHandler: StreamErrorHandler = .default
    ) {
        self.idempotentProducer = idempotentProducer
        self.batching = batching
        self.http = http
        self.errorHandler = errorHandler
    }

    /// The default configuration: no producer, default batching and HTTP settings.
    public static var `default`: HandleConfiguration { HandleConfiguration() }
}
