import LoopbackHTTPServer

/// A webhook endpoint on 127.0.0.1 (an ephemeral port) that answers every delivery `{"done": true}` at once and
/// reports the instant each one arrived.
@available(OS2023, *)
final class WebhookSink: Sendable {
    /// The arrival instant of each delivery.
    let arrivals: AsyncStream<ContinuousClock.Instant>
    private let server: LoopbackHTTPServer

    init() async throws {
        let (arrivals, continuation) = AsyncStream.makeStream(of: ContinuousClock.Instant.self)
        self.arrivals = arrivals
        server = try await LoopbackHTTPServer { _ in
            continuation.yield(.now)
            return LoopbackHTTPServer.Answer(status: 200, body: #"{"done":true}"#)
        }
    }

    var url: String { "http://127.0.0.1:\(server.port)/hook" }

    func stop() async {
        await server.stop()
    }
}
