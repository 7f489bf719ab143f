import AsyncHTTPClient
import CourierTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What `durable-streams serve` logs: one line per request at `debug`, `5xx` at `error`, limits at
/// `warning`; never a body, a header value or a query.
@Suite("Server logs")
struct LoggingTests {
    @Test("Requests, 5xx and limits are logged one line each; no body, token or signature ever is")
    func operatorLog() async throws {
        let server = try await ServerProcess.start(
            arguments: ["--memory", "--fault-injection", "--log-level", "debug", "--max-body-size", "64"])
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let base = server.base
        let secret = [("Authorization", "Bearer SECRET-TOKEN-1"), ("Cookie", "session=SECRET-COOKIE-2")]
        let text = [("Content-Type", "text/plain")]
        do {
            #expect(
                try await client.request(
                    .PUT, base + "/logged?token=SECRET-QUERY-3", headers: text + secret,
                    body: Array("SECRET-BODY-4".utf8)
                ).status == 201)
            let producer = [("Producer-Id", "SECRET-PRODUCER-5"), ("Producer-Epoch", "0"), ("Producer-Seq", "0")]
            #expect(
                try await client.request(
                    .POST, base + "/logged", headers: text + secret + producer, body: Array("SECRET-BODY-6".utf8)
                ).status == 200)
            #expect(
                try await client.request(.GET, base + "/logged?signature=SECRET-SIG-7", headers: secret).status == 200)
            let fault = #"{"path":"/failing","status":503}"#
            #expect(
                try await client.request(.POST, base + "/_test/inject-error", body: Array(fault.utf8)).status == 200)
            #expect(try await client.request(.GET, base + "/failing", headers: secret).status == 503)
            let large = Array("SECRET-LARGE-8".utf8) + [UInt8](repeating: 0x61, count: 100)
            #expect(try await client.request(.POST, base + "/logged", headers: text, body: large).status == 413)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
        server.child.signal(SIGTERM)
        #expect(try await server.child.waitForExit(within: .seconds(5)) == 0)

        let log = server.child.standardError
        #expect(!log.contains("SECRET"), "\(log)")
        let lines = log.split(separator: "\n")
        let requests = lines.filter { $0.contains("path=/logged") }
        #expect(requests.contains { $0.contains("debug") && $0.contains("method=PUT") && $0.contains("status=201") })
        #expect(requests.contains { $0.contains("method=POST") && $0.contains("status=200") && $0.contains("bytes=") })
        #expect(requests.contains { $0.contains("method=GET") && $0.contains("duration_ms=") })
        #expect(requests.contains { $0.contains("warning") && $0.contains("status=413") })
        #expect(lines.contains { $0.contains("error") && $0.contains("path=/failing") && $0.contains("status=503") })
    }
}
