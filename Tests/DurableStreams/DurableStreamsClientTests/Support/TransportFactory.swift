import DurableStreamsAsyncHTTPClient

/// Transports for tests that need their own timeouts.
enum DurableStreamsAsyncHTTPClientTransportFactory {
    static func make(readTimeout: Duration) -> AsyncHTTPClientTransport {
        AsyncHTTPClientTransport(readTimeout: readTimeout, connectTimeout: .seconds(5))
    }
}
