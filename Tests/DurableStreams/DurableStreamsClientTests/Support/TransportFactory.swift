import DurableStreamsAsyncHTTPClient

/// Transports for tests that need their own timeouts.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
enum DurableStreamsAsyncHTTPClientTransportFactory {
    static func make(readTimeout: Duration) -> AsyncHTTPClientTransport {
        AsyncHTTPClientTransport(readTimeout: readTimeout, connectTimeout: .seconds(5))
    }
}
