import DurableStreams

#if os(Linux)
import DurableStreamsAsyncHTTPClient
#endif

/// The client transports measured, side by side.
@available(OS2023, *)
enum BenchmarkTransport {
    /// AsyncHTTPClient where the package builds it (Linux), and URLSession.
    #if os(Linux)
    static let names = ["AHC", "URLSession"]
    #else
    static let names = ["URLSession"]
    #endif

    /// A fresh transport of the named kind, and how to shut it down.
    static func make(_ name: String) -> (transport: any HTTPTransport, shutdown: () async -> Void) {
        #if os(Linux)
        if name == "AHC" {
            let transport = AsyncHTTPClientTransport(readTimeout: .seconds(60))
            return (transport, { try? await transport.shutdown() })
        }
        #endif
        let transport = URLSessionTransport()
        return (transport, { transport.shutdown() })
    }
}
