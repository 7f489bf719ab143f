import CourierTestSupport
import DurableStreams
import DurableStreamsAsyncHTTPClient
import DurableStreamsServer
import Foundation
import Logging

/// A server to measure against: this repository's (in process) or rakaia-streams (a Python child process).
struct BenchmarkTarget {
    let name: String
    let baseURL: String
    let stop: () async -> Void

    static func ours() async throws -> BenchmarkTarget {
        var configuration = DurableStreamsServer.Configuration(
            host: "127.0.0.1", port: 0, storage: .memory, longPollTimeout: .seconds(20))
        configuration.compression = false
        var logger = Logger(label: "durable-streams-benchmark")
        logger.logLevel = .warning
        configuration.logger = logger
        let server = DurableStreamsServer(configuration: configuration)
        let port = try await server.start()
        return BenchmarkTarget(name: "Courier server", baseURL: "http://127.0.0.1:\(port)") { await server.stop() }
    }

    /// rakaia-streams, if python3 can import it (`pip install rakaia-streams uvicorn`); `nil` otherwise.
    static func rakaia() async -> BenchmarkTarget? {
        let launcher = """
            import socket, uvicorn
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind(("127.0.0.1", 0))
            s.listen(1024)
            print(s.getsockname()[1], flush=True)
            uvicorn.run("rakaia:app", fd=s.fileno(), log_level="warning")
            """
        guard
            let process = try? ChildProcess(
                command: "python3", arguments: ["-c", launcher], environment: ["LONG_POLL_TIMEOUT": "20"]),
            let port = try? await process.lines.first(1, within: .seconds(30)).first, Int(port) != nil
        else {
            return nil
        }
        return BenchmarkTarget(name: "rakaia-streams", baseURL: "http://127.0.0.1:\(port)") {
            process.signal()
            _ = try? await process.waitForExit(within: .seconds(10))
        }
    }

    func url(_ name: String) -> URL {
        URL(string: "\(baseURL)/bench-\(name)-\(UUID().uuidString.prefix(8))") ?? URL(fileURLWithPath: "/")
    }
}
