/// The independent `rakaia-streams` Durable Streams server (PyPI, `pip install rakaia-streams uvicorn`), run as a
/// child process on 127.0.0.1 with an ephemeral port.
///
/// uvicorn binds port 0 itself, exactly as `python -m rakaia --port N` binds its port, and the launcher prints the
/// bound port once the server listens, so no port is guessed and nothing polls. (A socket bound in Python and
/// handed to uvicorn would leave TCP_NODELAY off on accepted connections and add 40 ms delayed-ACK stalls to
/// back-to-back requests: figures that are not rakaia's.)
///
/// Idle keep-alive connections stay open for 300 s instead of uvicorn's 5 s: a client that reuses a connection just
/// as the server closes it sees the connection drop, which would fail a test over the peer rather than over the code
/// under test.
@available(OS2022, *)
public struct RakaiaStreams: Sendable {
    /// The server process.
    public let process: ChildProcess
    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private static let launcher = """
        import uvicorn

        class Server(uvicorn.Server):
            async def startup(self, sockets=None):
                await super().startup(sockets=sockets)
                print(self.servers[0].sockets[0].getsockname()[1], flush=True)

        Server(uvicorn.Config(
            "rakaia:app", host="127.0.0.1", port=0, log_level="warning", timeout_keep_alive=300)).run()
        """

    /// Starts the server and waits until it listens.
    /// - Parameter longPollTimeout: rakaia's long-poll timeout, in seconds.
    public static func start(longPollTimeout: Double = 0.5) async throws -> RakaiaStreams {
        let process = try ChildProcess(
            command: "python3",
            arguments: ["-c", launcher],
            environment: ["LONG_POLL_TIMEOUT": String(longPollTimeout)]
        )
        guard let line = try await process.lines.firstValue(within: .seconds(60)), let port = Int(line) else {
            process.signal()
            throw ChildProcessError(
                description:
                    "rakaia-streams did not start (pip install rakaia-streams uvicorn): \(process.standardError)"
            )
        }
        return RakaiaStreams(process: process, port: port)
    }

    /// Stops the server and waits for it to exit.
    public func stop() async {
        process.signal()
        _ = try? await process.waitForExit(within: .seconds(10))
    }
}
