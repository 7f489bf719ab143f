import CourierTooling
import DurableStreams
import DurableStreamsServer
import Foundation
import Logging

/// A server to measure against: this repository's (in process) or rakaia-streams (a Python child process).
@available(OS2023, *)
struct BenchmarkTarget: Sendable {
    let name: String
    let baseURL: String
    let stop: @Sendable () async -> Void

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
        guard let server = try? await RakaiaStreams.start(longPollTimeout: 20) else { return nil }
        return BenchmarkTarget(name: "rakaia-streams", baseURL: server.baseURL) { await server.stop() }
    }

    func url(_ name: String) -> URL {
        URL(string: "\(baseURL)/bench-\(name)-\(UUID().uuidString.prefix(8))") ?? URL(fileURLWithPath: "/")
    }
}
