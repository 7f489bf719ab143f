import DurableStreamsServer
import DurableStreamsStorage
import DurableStreamsTestSupport
import ExactHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A response, fully read.
@available(OS2023, *)
struct TestResponse: Sendable {
    let status: Int
    let headers: HTTPHeaders
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? { headers.first(name: name) }

    /// `Stream-Next-Offset`.
    var nextOffset: String? { header("Stream-Next-Offset") }

    /// The body parsed as JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) }
}

/// A server on 127.0.0.1 with an ephemeral port, and an HTTP client to talk to it, for one test.
@available(OS2023, *)
struct ServerHarness: Sendable {
    let server: DurableStreamsServer
    let base: String
    let client: ExactHTTPClient

    /// Runs `body` against a fresh server (in memory, long-poll timeout 500 ms, fault injection on, unless
    /// `configure` says otherwise), then stops it.
    static func run(
        _ configuration: DurableStreamsServer.Configuration = .forTests(),
        _ body: (ServerHarness) async throws -> Void
    ) async throws {
        try await withStartedServer(configuration) { started in
            let client = ExactHTTPClient()
            do {
                try await body(ServerHarness(server: started.server, base: started.baseURL, client: client))
                await client.shutdown()
            } catch {
                await client.shutdown()
                throw error
            }
        }
    }

    /// A client for a server the test started itself (and stops itself); shut the client down after use.
    static func client(for server: DurableStreamsServer) async throws -> ServerHarness {
        guard let url = server.url else { throw HarnessError("the server is not running") }
        let client = ExactHTTPClient()
        return ServerHarness(server: server, base: url, client: client)
    }

    /// A path no other test uses.
    static func uniquePath(_ label: String = "stream") -> String {
        "/test/\(label)-\(UUID().uuidString.lowercased())"
    }

    /// Sends a request and reads the whole response.
    @discardableResult
    func send(
        _ method: HTTPMethod,
        _ target: String,
        headers: [(String, String)] = [],
        body: [UInt8]? = nil
    ) async throws -> TestResponse {
        try await client.request(method, base + target, headers: headers, body: body, timeout: .seconds(60))
    }

    /// Sends a request with a text body.
    @discardableResult
    func send(
        _ method: HTTPMethod,
        _ target: String,
        headers: [(String, String)] = [],
        text: String
    ) async throws -> TestResponse {
        try await send(method, target, headers: headers, body: Array(text.utf8))
    }

    /// Creates a stream (`PUT`) and returns the response.
    @discardableResult
    func create(
        _ path: String,
        contentType: String = "text/plain",
        headers: [(String, String)] = [],
        body: String? = nil
    ) async throws -> TestResponse {
        try await send(
            .PUT, path, headers: [("Content-Type", contentType)] + headers, body: body.map { Array($0.utf8) })
    }

    /// Appends text (`POST`) and returns the response.
    @discardableResult
    func append(
        _ path: String,
        _ text: String,
        contentType: String = "text/plain",
        headers: [(String, String)] = []
    ) async throws -> TestResponse {
        try await send(.POST, path, headers: [("Content-Type", contentType)] + headers, text: text)
    }

    /// Reads (`GET`) with optional query parameters.
    func read(_ path: String, query: String = "", headers: [(String, String)] = []) async throws -> TestResponse {
        try await send(.GET, query.isEmpty ? path : "\(path)?\(query)", headers: headers)
    }

    /// Opens an SSE stream and returns its events as they arrive.
    func events(_ path: String, query: String) async throws -> SSEConnection {
        let response = try await client.execute(.GET, "\(base)\(path)?\(query)")
        return SSEConnection(status: response.status, headers: response.headers, body: response.body)
    }
}

/// A test setup problem.
@available(OS2023, *)
struct HarnessError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

@available(OS2023, *)
extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Every element until the sequence ends.
    func collect() async rethrows -> [Element] {
        var all: [Element] = []
        for try await element in self { all.append(element) }
        return all
    }
}
