public import Foundation

/// The entry points with the configuration written as a block; see ``HandleConfigurationBuilder``.
@available(OS2022, *)
extension DurableStreamHandle {
    /// Creates a stream, or finds an existing one with the same configuration, configured by a block.
    ///
    /// ```swift
    /// let handle = try await DurableStreamHandle.create(url: url) {
    ///     Producer(id: "orders-writer")
    ///     Batching(maxBytes: 128_000, linger: .milliseconds(10))
    /// }
    /// ```
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` for an invalid value (before any request), and the
    ///   errors of ``create(url:contentType:expireAfter:expiresAt:closed:initialData:headers:configuration:)``.
    public static func create(
        url: URL,
        contentType: String = "application/json",
        expireAfter: Duration? = nil,
        expiresAt: Date? = nil,
        closed: Bool = false,
        initialData: Data? = nil,
        headers: [String: String] = [:],
        @HandleConfigurationBuilder configuration: () -> HandleConfiguration
    ) async throws(DurableStreamError) -> DurableStreamHandle {
        try await create(
            url: url, contentType: contentType, expireAfter: expireAfter, expiresAt: expiresAt, closed: closed,
            initialData: initialData, headers: headers, configuration: configuration())
    }

    /// Connects to an existing stream, configured by a block.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` for an invalid value (before any request), and the
    ///   errors of ``connect(url:configuration:)``.
    public static func connect(
        url: URL,
        @HandleConfigurationBuilder configuration: () -> HandleConfiguration
    ) async throws(DurableStreamError) -> DurableStreamHandle {
        try await connect(url: url, configuration: configuration())
    }

    /// Creates the stream or connects to it, configured by a block.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` for an invalid value (before any request), and the
    ///   errors of ``createOrConnect(url:contentType:expireAfter:configuration:)``.
    public static func createOrConnect(
        url: URL,
        contentType: String = "application/json",
        expireAfter: Duration? = nil,
        @HandleConfigurationBuilder configuration: () -> HandleConfiguration
    ) async throws(DurableStreamError) -> DurableStreamHandle {
        try await createOrConnect(
            url: url, contentType: contentType, expireAfter: expireAfter, configuration: configuration())
    }

    /// A handle for a stream whose content type is known, made without any request, configured by a block.
    ///
    /// - Throws: ``DurableStreamError/invalidArgument`` for an invalid value.
    public static func attach(
        url: URL,
        contentType: String,
        @HandleConfigurationBuilder configuration: () -> HandleConfiguration
    ) throws(DurableStreamError) -> DurableStreamHandle {
        try attach(url: url, contentType: contentType, configuration: configuration())
    }
}
