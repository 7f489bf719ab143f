import DurableStreams
import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation

/// This repository's server, in process on an ephemeral port, with fault injection on.
@available(OS2023, *)
final class TestServer: Sendable {
    let server: DurableStreamsServer
    let baseURL: String
    let transport: TestTransport

    private init(_ started: StartedServer, readTimeout: Duration) {
        self.server = started.server
        self.baseURL = started.baseURL
        self.transport = TestTransport(readTimeout: readTimeout)
    }

    /// Starts a server; `longPollTimeout` short so live reads cycle quickly in tests.
    static func start(
        longPollTimeout: Duration = .milliseconds(500),
        readTimeout: Duration = .seconds(20),
        maximumReadBytes: Int? = nil
    ) async throws -> TestServer {
        let started = try await StartedServer.start(
            .forTests {
                $0.longPollTimeout = longPollTimeout
                $0.compression = false
                if let maximumReadBytes { $0.maximumReadBytes = maximumReadBytes }
            })
        return TestServer(started, readTimeout: readTimeout)
    }

    func stop() async {
        await transport.shutdown()
        await server.stop()
    }

    /// A unique stream URL.
    func streamURL(_ name: String = "stream") -> URL {
        URL(string: "\(baseURL)/\(name)-\(UUID().uuidString.lowercased())") ?? URL(fileURLWithPath: "/")
    }

    var http: HTTPConfiguration {
        HTTPConfiguration(transport: transport, timeout: .seconds(10), longPollTimeout: .seconds(5))
    }

    /// `timeout` replaces the 10 s request timeout, for set-up requests that move megabytes while the whole suite
    /// loads the machine.
    func configuration(
        producer: IdempotentProducerConfiguration? = nil, timeout: Duration? = nil
    ) -> HandleConfiguration {
        var configuration = HandleConfiguration(idempotentProducer: producer, http: http)
        if let timeout { configuration.http.timeout = timeout }
        return configuration
    }

    /// Injects a fault for `path` through the control endpoint (fields as in the conformance suite).
    func inject(_ path: String, _ fields: [String: Any]) async throws {
        var body = fields
        body["path"] = path
        if body["count"] == nil { body["count"] = 1 }
        let data = try JSONSerialization.data(withJSONObject: body)
        let reply = try await raw(
            .post, "/_test/inject-error", headers: ["Content-Type": "application/json"], body: data)
        guard (200..<300).contains(reply.status) else { throw TestFailure("inject-error answered \(reply.status)") }
    }

    /// A raw request through the transport (no client logic), returning status, headers and body.
    func raw(
        _ method: StreamHTTPRequest.Method,
        _ path: String,
        headers: StreamHTTPHeaders = [:],
        body: Data? = nil
    ) async throws -> (status: Int, headers: StreamHTTPHeaders, body: Data) {
        let url = URL(string: baseURL + path) ?? URL(fileURLWithPath: "/")
        let response = try await transport.execute(
            StreamHTTPRequest(method: method, url: url, headers: headers, body: body, timeout: .seconds(10)))
        return (response.status, response.headers, try await response.body.collect(upTo: 64 << 20))
    }
}

/// A test precondition that did not hold.
@available(OS2023, *)
struct TestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Runs `body` with a fresh server, stopping it afterwards.
@available(OS2023, *)
func withTestServer<T>(
    longPollTimeout: Duration = .milliseconds(500),
    readTimeout: Duration = .seconds(20),
    _ body: (TestServer) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(longPollTimeout: longPollTimeout, readTimeout: readTimeout)
    do {
        let value = try await body(server)
        await server.stop()
        return value
    } catch {
        await server.stop()
        throw error
    }
}
