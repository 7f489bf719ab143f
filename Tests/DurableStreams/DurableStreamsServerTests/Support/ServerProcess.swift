import CourierTestSupport
import Foundation
import Testing

/// `durable-streams serve` as a child process on an ephemeral port, storing in a given directory.
@available(OS2023, *)
struct ServerProcess {
    /// The process.
    let child: ChildProcess

    /// The server's base URL, e.g. `http://127.0.0.1:40123`.
    let base: String

    /// Starts the server on `directory` and waits until it listens.
    static func start(dataDirectory directory: TemporaryDirectory) async throws -> ServerProcess {
        try await start(arguments: ["--data-dir", directory.path, "--log-level", "error"])
    }

    /// Starts `durable-streams serve --port 0` with `arguments`, under an open-file limit (soft and hard) when
    /// one is given, and waits until it listens.
    static func start(arguments: [String], openFileLimit: Int? = nil) async throws -> ServerProcess {
        let child = try launch(arguments: arguments, openFileLimit: openFileLimit)
        let line = try await child.lines.firstValue(within: .seconds(60)) { $0.contains("listening on") }
        let url = try #require(line?.split(separator: " ").last.map(String.init))
        return ServerProcess(child: child, base: url)
    }

    /// Launches `durable-streams serve --port 0` with `arguments` without waiting for it to listen.
    ///
    /// With `openFileLimit`, the POSIX shell sets the limit (`ulimit -n`: `setrlimit(RLIMIT_NOFILE)`, soft and
    /// hard) and then `exec`s the server, so the child's process id is the server's and the limit needs no tool
    /// beyond `/bin/sh`.
    static func launch(arguments: [String], openFileLimit: Int? = nil) throws -> ChildProcess {
        let serve = ["serve", "--port", "0"] + arguments
        guard let openFileLimit else { return try ChildProcess(product: "durable-streams", arguments: serve) }
        let executable = ChildProcess.productsDirectory.appendingPathComponent("durable-streams").path
        return try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", #"ulimit -n \#(openFileLimit) && exec "$0" "$@""#, executable] + serve)
    }
}
