import CourierPrimitives
public import Foundation

/// A stream you create, connect to, read and write.
///
/// ```swift
/// let handle = try await DurableStreamHandle.createOrConnect(url: url)
/// try await handle.appendSync(Event(kind: "created"))      // awaits the server's acknowledgment
/// handle.append(Event(kind: "updated"))                   // fire-and-forget, batched, exactly once
/// try await handle.flush()
/// for try await event in handle.messages(as: Event.self) { print(event) }
/// ```
///
/// The fire-and-forget `append` family goes through an ``IdempotentProducer``: the configured one, or one
/// with a random producer id when none is configured.
@available(OS2022, *)
public actor DurableStreamHandle {
    /// The stream's URL.
    public nonisolated let url: URL

    /// The stream's content type.
    public nonisolated let contentType: String

    /// Whether this handle's `create` made a new stream (201) rather than finding a matching one (200).
    public nonisolated let wasCreated: Bool

    /// The handle's configuration.
    public nonisolated let configuration: HandleConfiguration

    /// The producer behind the fire-and-forget appends.
    public nonisolated let producer: IdempotentProducer

    let client: StreamClient
    var lastKnownOffset: Offset?
    var isSuspended = false

    init(
        url: URL,
        contentType: String,
        wasCreated: Bool,
        offset: Offset?,
        client: StreamClient,
        configuration: HandleConfiguration
    ) throws(DurableStreamError) {
        self.url = url
        self.contentType = contentType
        self.wasCreated = wasCreated
        self.configuration = configuration
        self.client = client
        self.lastKnownOffset = offset
        let producerConfiguration =
            configuration.idempotentProducer
            ?? IdempotentProducerConfiguration(producerId: "handle-\(UUID().uuidString.lowercased())")
        self.producer = try IdempotentProducer(
            client: client,
            contentType: contentType,
            configuration: producerConfiguration,
            batching: configuration.batching
        )
    }

    // MARK: - Creating and connecting

    /// Creates a stream, or finds an existing one with the same configuration.
    ///
    /// - Parameters:
    ///   - url: The stream's URL.
    ///   - contentType: The stream's content type.
    ///   - expireAfter: A sliding time-to-live (whole seconds are sent).
    ///   - expiresAt: An absolute expiry time (not together with `expireAfter`).
    ///   - closed: Create the stream already closed, with `initialData` as its whole content.
    ///   - initialData: Bytes the stream starts with.
    ///   - headers: Extra headers for the create request.
    ///   - configuration: The handle's configuration.
    /// - Returns: A handle; ``wasCreated`` tells whether the stream is new.
    /// - Throws: ``DurableStreamError/conflict`` if a stream with a different configuration exists.
    public static func create(
        url: URL,
        contentType: String = "application/json",
        expireAfter: Duration? = nil,
        expiresAt: Date? = nil,
        closed: Bool = false,
        initialData: Data? = nil,
        headers: [String: String] = [:],
        configuration: HandleConfiguration = .default
    ) async throws(DurableStreamError) -> DurableStreamHandle {
        try HTTPSyntax.checkMediaType(contentType, named: "contentType")
        var fields = try creationFields(
            expireAfter: expireAfter, expiresAt: expiresAt, closed: closed, headers: headers)
        fields[ProtocolHeader.contentType] = contentType
        return try await put(
            url: url, fields: fields, initialData: initialData, contentType: contentType, configuration: configuration)
    }

    /// A client for `url` once every value of `configuration` has been checked.
    static func makeClient(for url: URL, _ configuration: HandleConfiguration) throws(DurableStreamError)
        -> StreamClient
    {
        try configuration.validate()
        return try StreamClient(url: url, http: configuration.http, errorHandler: configuration.errorHandler)
    }

    /// The headers of a create request other than the content type.
    static func creationFields(
        expireAfter: Duration?,
        expiresAt: Date?,
        closed: Bool,
        headers: [String: String]
    ) throws(DurableStreamError) -> [String: String] {
        if expireAfter != nil && expiresAt != nil {
            throw .invalidArgument(message: "expireAfter and expiresAt are mutually exclusive")
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            try HTTPSyntax.checkField(name: name, value: value, in: "headers")
        }
        var fields = headers
        if let expireAfter {
            let (seconds, attoseconds) = expireAfter.components
            guard seconds >= 0, attoseconds == 0 else {
                throw .invalidArgument(
                    message: "expireAfter must be a whole, non-negative number of seconds (got \(expireAfter))")
            }
            fields[ProtocolHeader.ttl] = String(seconds)
        }
        if let expiresAt {
            fields[ProtocolHeader.expiresAt] = ISO8601DateFormatter.string(
                from: expiresAt, timeZone: TimeZone(identifier: "UTC") ?? .current,
                formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        }
        if closed { fields[ProtocolHeader.streamClosed] = "true" }
        return fields
    }

    /// Sends a create request and makes a handle from the answer; `contentType` is used if the answer names none.
    static func put(
        url: URL,
        fields: [String: String],
        initialData: Data?,
        contentType: String,
        configuration: HandleConfiguration
    ) async throws(DurableStreamError) -> DurableStreamHandle {
        let client = try makeClient(for: url, configuration)
        let response = try await client.send(
            policy: configuration.http.readRetryPolicy, context: client.context(.create, .put)
        ) { () throws(DurableStreamError) in
            try await client.makeRequest(.put, headers: fields, body: initialData, timeout: configuration.http.timeout)
        }
        await response.body.drain()
        let offset = response.headers[ProtocolHeader.nextOffset].map(Offset.init(rawValue:))
        return try DurableStreamHandle(
            url: url,
            contentType: response.headers[ProtocolHeader.contentType] ?? contentType,
            wasCreated: response.status == 201,
            offset: offset,
            client: client,
            configuration: configuration
        )
    }

    /// Connects to an existing stream (one `HEAD` request).
    ///
    /// - Throws: ``DurableStreamError/notFound`` if the stream does not exist.
    public static func connect(
        url: URL,
        configuration: HandleConfiguration = .default
    ) async throws(DurableStreamError) -> DurableStreamHandle {
        let client = try makeClient(for: url, configuration)
        let info = try await fetchInfo(client)
        return try DurableStreamHandle(
            url: url,
            contentType: info.contentType ?? "application/octet-stream",
            wasCreated: false,
            offset: info.offset,
            client: client,
            configuration: configuration
        )
    }

    /// Creates the stream, or connects to it if it already exists, whatever its configuration.
    ///
    /// - Throws: ``DurableStreamError`` for failures other than the stream existing.
    public static func createOrConnect(
        url: URL,
        contentType: String = "application/json",
        expireAfter: Duration? = nil,
        configuration: HandleConfiguration = .default
    ) async throws(DurableStreamError) -> DurableStreamHandle {
        do {
            return try await create(
                url: url, contentType: contentType, expireAfter: expireAfter, configuration: configuration)
        } catch {
            guard case .conflict = error else { throw error }
            return try await connect(url: url, configuration: configuration)
        }
    }

    /// Reads a stream's metadata without a handle.
    ///
    /// - Throws: ``DurableStreamError/notFound`` if the stream does not exist.
    public static func head(url: URL, configuration: HandleConfiguration = .default) async throws(DurableStreamError)
        -> StreamMetadata
    {
        try await fetchInfo(try makeClient(for: url, configuration))
    }

    /// Deletes a stream without a handle.
    ///
    /// - Throws: ``DurableStreamError/notFound`` if the stream does not exist.
    public static func delete(url: URL, configuration: HandleConfiguration = .default) async throws(DurableStreamError)
    {
        try await remove(try makeClient(for: url, configuration))
    }

    // MARK: - Metadata and deletion

    /// Reads the stream's metadata.
    ///
    /// - Throws: ``DurableStreamError/notFound`` if the stream no longer exists.
    public func head() async throws(DurableStreamError) -> StreamMetadata {
        let info = try await Self.fetchInfo(client)
        lastKnownOffset = info.offset
        return info
    }

    /// Deletes the stream.
    ///
    /// - Throws: ``DurableStreamError/notFound`` if the stream does not exist.
    public func delete() async throws(DurableStreamError) {
        try await Self.remove(client)
    }

    static func fetchInfo(_ client: StreamClient) async throws(DurableStreamError) -> StreamMetadata {
        let response = try await client.send(
            policy: client.http.readRetryPolicy, context: client.context(.head, .head)
        ) { () throws(DurableStreamError) in
            try await client.makeRequest(.head, timeout: client.http.timeout)
        }
        await response.body.drain()
        guard let offset = response.headers[ProtocolHeader.nextOffset] else {
            throw .invalidResponse(message: "HEAD \(client.url.path): no Stream-Next-Offset")
        }
        let expires = response.headers[ProtocolHeader.expiresAt].flatMap { value in
            ISO8601DateFormatter().date(from: value)
                ?? {
                    let formatter = ISO8601DateFormatter()
                    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                    return formatter.date(from: value)
                }()
        }
        return StreamMetadata(
            offset: Offset(rawValue: offset),
            contentType: response.headers[ProtocolHeader.contentType],
            expires: expires,
            timeToLive: response.headers[ProtocolHeader.ttl].flatMap { Int($0) },
            isClosed: response.headers[ProtocolHeader.streamClosed]?.lowercased() == "true",
            cacheControl: response.headers["Cache-Control"],
            etag: response.headers["ETag"],
            incarnation: response.headers[ProtocolHeader.incarnation]
        )
    }

    static func remove(_ client: StreamClient) async throws(DurableStreamError) {
        let response = try await client.send(
            policy: client.http.readRetryPolicy, context: client.context(.delete, .delete)
        ) { () throws(DurableStreamError) in
            try await client.makeRequest(.delete, timeout: client.http.timeout)
        }
        await response.body.drain()
    }

    // MARK: - Reading

    /// Starts a read of this stream.
    ///
    /// - Throws: ``DurableStreamError`` if the first request fails.
    public func stream(offset: Offset = .start, live: LiveMode = .auto) async throws(DurableStreamError)
        -> StreamResponse
    {
        try await StreamResponse.start(client: client, offset: offset, live: live)
    }

    /// The stream's JSON messages decoded as `T`, from `offset` on, following the stream live (long-poll)
    /// until it is closed or the consuming task is cancelled.
    public nonisolated func messages<T: Decodable & Sendable>(
        as type: T.Type,
        from offset: Offset = .start,
        live: LiveMode = .auto
    ) -> MessageSequence<T> {
        MessageSequence(client: client, offset: offset, live: live)
    }
}

@available(OS2022, *)
extension DurableStreamHandle {
    /// A handle for a stream whose content type is already known, made without any request.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` if the URL, content type or configuration is invalid.
    public static func attach(
        url: URL,
        contentType: String,
        configuration: HandleConfiguration = .default
    ) throws(DurableStreamError) -> DurableStreamHandle {
        try HTTPSyntax.checkMediaType(contentType, named: "contentType")
        return try DurableStreamHandle(
            url: url,
            contentType: contentType,
            wasCreated: false,
            offset: nil,
            client: try makeClient(for: url, configuration),
            configuration: configuration
        )
    }
}
