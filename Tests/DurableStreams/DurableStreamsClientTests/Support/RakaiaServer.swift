import CourierTestSupport
import DurableStreams
import Foundation

/// The independent `rakaia-streams` Python server (see ``RakaiaStreams``) with a transport for the client.
@available(OS2023, *)
final class RakaiaServer: Sendable {
    let server: RakaiaStreams
    let baseURL: String
    let transport: TestTransport

    private init(server: RakaiaStreams) {
        self.server = server
        self.baseURL = server.baseURL
        self.transport = TestTransport(readTimeout: .seconds(20))
    }

    static func start() async throws -> RakaiaServer {
        RakaiaServer(server: try await RakaiaStreams.start(longPollTimeout: 0.5))
    }

    func stop() async {
        await transport.shutdown()
        await server.stop()
    }

    func streamURL(_ name: String = "stream") -> URL {
        URL(string: "\(baseURL)/\(name)-\(UUID().uuidString.lowercased())") ?? URL(fileURLWithPath: "/")
    }

    func configuration(producer: IdempotentProducerConfiguration? = nil) -> HandleConfiguration {
        HandleConfiguration(
            idempotentProducer: producer,
            http: HTTPConfiguration(transport: transport, timeout: .seconds(10), longPollTimeout: .seconds(5)))
    }
}

@available(OS2023, *)
func withRakaia<T>(_ body: (RakaiaServer) async throws -> T) async throws -> T {
    let server = try await RakaiaServer.start()
    do {
        let value = try await body(server)
        await server.stop()
        return value
    } catch {
        await server.stop()
        throw error
    }
}
