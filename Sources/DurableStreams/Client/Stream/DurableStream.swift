public import Foundation

/// The entry point for reading a stream without a handle.
///
/// ```swift
/// let result = try await DurableStream.stream(url: url).json(as: Event.self)
/// print(result.items, result.offset)
/// ```
@available(OS2022, *)
public enum DurableStream {
    /// Starts reading a stream: makes the first request and returns once its response has started.
    ///
    /// - Parameters:
    ///   - url: The stream's URL.
    ///   - offset: Where to start: ``Offset/start``, ``Offset/now`` or an offset from an earlier read.
    ///   - live: How to continue once caught up; see ``LiveMode``.
    ///   - headers: Headers computed for every request, e.g. a fresh token.
    ///   - parameters: Query parameters computed for every request.
    ///   - configuration: HTTP settings (transport, timeouts, retry policies).
    ///   - errorHandler: What to do about errors the retry policy gives up on.
    /// With `offset: .now` and `live: .longPoll` the first request is already a long-poll, so this call returns
    /// when new data arrives or the server's long-poll times out; start from a known offset (e.g. from `head()`)
    /// to return at once.
    /// - Returns: A response to consume once, with an accumulator, a stream or a subscriber.
    /// - Throws: ``DurableStreamError/invalidArgument`` for an invalid URL or configuration value (before any
    ///   request), or ``DurableStreamError`` if the first request fails (e.g. ``DurableStreamError/notFound``).
    public static func stream(
        url: URL,
        offset: Offset = .start,
        live: LiveMode = .auto,
        headers: DynamicValues? = nil,
        parameters: DynamicValues? = nil,
        configuration: HTTPConfiguration = .default,
        errorHandler: StreamErrorHandler = .default
    ) async throws(DurableStreamError) -> StreamResponse {
        var http = configuration
        if let headers {
            let earlier = http.dynamicHeaders
            http.dynamicHeaders = {
                var values = await earlier?() ?? [:]
                values.merge(await headers()) { _, new in new }
                return values
            }
        }
        if let parameters {
            let earlier = http.dynamicParameters
            http.dynamicParameters = {
                var values = await earlier?() ?? [:]
                values.merge(await parameters()) { _, new in new }
                return values
            }
        }
        let client = try StreamClient(url: url, http: http, errorHandler: errorHandler)
        return try await StreamResponse.start(client: client, offset: offset, live: live)
    }
}
