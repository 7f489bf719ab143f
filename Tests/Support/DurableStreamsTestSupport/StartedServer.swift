public import DurableStreamsServer

/// The one way the Durable Streams tests start a server: in process, on 127.0.0.1, on a port the system picks.
@available(OS2023, *)
public struct StartedServer: Sendable {
    /// The running server.
    public let server: DurableStreamsServer
    /// The port it listens on.
    public let port: Int

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts a server with `configuration` (default: ``DurableStreamsServer/Configuration/forTests(_:)``).
    public static func start(_ configuration: DurableStreamsServer.Configuration = .forTests()) async throws
        -> StartedServer
    {
        let server = DurableStreamsServer(configuration: configuration)
        return StartedServer(server: server, port: try await server.start())
    }

    /// Stops the server, ending every live read.
    public func stop() async {
        await server.stop()
    }
}

/// Starts a server, runs `body` with it, and stops it whether `body` returns or throws.
@available(OS2023, *)
public func withStartedServer<Value>(
    _ configuration: DurableStreamsServer.Configuration = .forTests(),
    _ body: (StartedServer) async throws -> Value
) async throws -> Value {
    let started = try await StartedServer.start(configuration)
    do {
        let value = try await body(started)
        await started.stop()
        return value
    } catch {
        await started.stop()
        throw error
    }
}

@available(OS2023, *)
extension DurableStreamsServer.Configuration {
    /// In memory on 127.0.0.1 with an ephemeral port, long-poll timeout 500 ms, fault injection on, quiet
    /// logs; then `adjust`.
    public static func forTests(_ adjust: (inout Self) -> Void = { _ in }) -> Self {
        var configuration = Self(
            host: "127.0.0.1",
            port: 0,
            storage: .memory,
            longPollTimeout: .milliseconds(500),
            faultInjection: true
        )
        configuration.logger.logLevel = .warning
        adjust(&configuration)
        return configuration
    }
}
