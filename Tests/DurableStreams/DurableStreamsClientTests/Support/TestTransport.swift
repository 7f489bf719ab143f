import DurableStreams
import Foundation

#if os(Linux)
import DurableStreamsAsyncHTTPClient
#endif

/// The transport the tests drive the client with: AsyncHTTPClient on Linux, URLSession on Apple platforms (where
/// the package builds without AsyncHTTPClient). `readTimeout` bounds how long a connection may stay silent.
@available(OS2023, *)
final class TestTransport: HTTPTransport {
    #if os(Linux)
    private let base: AsyncHTTPClientTransport
    #else
    private let base: URLSessionTransport
    #endif

    init(readTimeout: Duration, connectTimeout: Duration = .seconds(10)) {
        #if os(Linux)
        base = AsyncHTTPClientTransport(readTimeout: readTimeout, connectTimeout: connectTimeout)
        #else
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Double(readTimeout.components.seconds)
        base = URLSessionTransport(configuration: configuration, streamingIdleTimeout: readTimeout)
        #endif
    }

    func execute(_ request: StreamHTTPRequest) async throws(DurableStreamError) -> StreamHTTPResponse {
        try await base.execute(request)
    }

    /// Closes the transport's connections; it cannot be used afterwards.
    func shutdown() async {
        #if os(Linux)
        try? await base.shutdown()
        #else
        base.shutdown()
        #endif
    }
}
