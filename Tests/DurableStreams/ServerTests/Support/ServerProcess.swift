import CourierTestSupport
import Testing

/// `durable-streams serve` as a child process on an ephemeral port, storing in a given directory.
struct ServerProcess {
    /// The process.
    let child: ChildProcess

    /// The server's base URL, e.g. `http://127.0.0.1:40123`.
    let base: String

    /// Starts the server on `directory` and waits until it listens.
    static func start(dataDirectory directory: TemporaryDirectory) async throws -> ServerProcess {
        let child = try ChildProcess(
            product: "durable-streams",
            arguments: ["serve", "--port", "0", "--data-dir", directory.path, "--log-level", "error"]
        )
        let line = try await child.lines.firstValue(within: .seconds(60)) { $0.contains("listening on") }
        let url = try #require(line?.split(separator: " ").last.map(String.init))
        return ServerProcess(child: child, base: url)
    }
}
