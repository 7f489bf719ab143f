import CourierTestSupport
import DurableStreams
import DurableStreamsAsyncHTTPClient
import Foundation

/// The independent `rakaia-streams` Python server, as a child process on an ephemeral port.
///
/// A small Python launcher binds 127.0.0.1:0, prints the port, and hands the listening socket to uvicorn, so
/// the port is known before the test connects and no port is ever guessed.
final class RakaiaServer: Sendable {
    let process: ChildProcess
    let baseURL: String
    let transport: AsyncHTTPClientTransport

    private static let launcher = """
        import socket, sys, uvicorn
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind(("127.0.0.1", 0))
        s.listen(128)
        print(s.getsockname()[1], flush=True)
        uvicorn.run("rakaia:app", fd=s.fileno(), log_level="warning")
        """

    private init(process: ChildProcess, port: String) {
        self.process = process
        self.baseURL = "http://127.0.0.1:\(port)"
        self.transport = AsyncHTTPClientTransport(readTimeout: .seconds(20))
    }

    static func start() async throws -> RakaiaServer {
        let process = try ChildProcess(
            command: "python3", arguments: ["-c", launcher], environment: ["LONG_POLL_TIMEOUT": "0.5"])
        guard let port = try await process.lines.first(1, within: .seconds(30)).first, Int(port) != nil else {
            throw TestFailure("rakaia did not start: \(process.standardError)")
        }
        return RakaiaServer(process: process, port: port)
    }

    func stop() async {
        try? await transport.shutdown()
        process.signal()
        _ = try? await process.waitForExit(within: .seconds(10))
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
