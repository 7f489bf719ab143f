import CourierTestSupport
import ExactHTTPClient
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
    @Test(
        "Requests, 5xx and limits are logged one line each; no body, token or signature ever is",
        arguments: ["debug", "trace"])
    @available(OS2023, *)
    func operatorLog(level: String) async throws {
        let server = try await ServerProcess.start(
            arguments: ["--memory", "--fault-injection", "--log-level", level, "--max-body-size", "64"])
        let client = ExactHTTPClient()
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
            await client.shutdown()
            throw error
        }
        await client.shutdown()
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

    @Test("A log file replaced by a FIFO or a directory while serving: 500, and an error line with the reason")
    @available(OS2023, *)
    func storageFailureIsLogged() async throws {
        try await withTemporaryDirectory(prefix: "ds-failing") { directory in
            // One open log at most, so the broken streams' logs are closed and must be reopened.
            let server = try await ServerProcess.start(
                arguments: ["--data-dir", directory.path, "--max-open-logs", "1", "--log-level", "info"])
            let client = ExactHTTPClient()
            let secret = [("Authorization", "Bearer SECRET-TOKEN-1"), ("Content-Type", "text/plain")]
            let fifo: String
            let folder: String
            do {
                for name in ["fifo", "dir", "a", "b", "c", "d"] {
                    let url = server.base + "/broken/\(name)"
                    #expect(
                        try await client.request(.PUT, url, headers: secret, body: Array("SECRET-2".utf8)).status == 201
                    )
                }
                fifo = try Self.logFile(of: "/broken/fifo", in: directory.path)
                #expect(unlink(fifo) == 0 && mkfifo(fifo, 0o600) == 0)
                folder = try Self.logFile(of: "/broken/dir", in: directory.path)
                #expect(unlink(folder) == 0 && mkdir(folder, 0o700) == 0)

                let read = try await client.request(.GET, server.base + "/broken/fifo?token=SECRET-3", headers: secret)
                #expect(read.status == 500)
                let append = try await client.request(
                    .POST, server.base + "/broken/dir", headers: secret, body: Array("SECRET-4".utf8))
                #expect(append.status == 500)
                #expect(try await client.request(.GET, server.base + "/broken/a").text == "SECRET-2")
            } catch {
                await client.shutdown()
                throw error
            }
            await client.shutdown()
            server.child.signal(SIGTERM)
            #expect(try await server.child.waitForExit(within: .seconds(5)) == 0)

            let log = server.child.standardError
            let errors = log.split(separator: "\n").filter { $0.contains("error") && $0.contains("status=500") }
            let fifoLine = errors.filter { $0.contains("path=/broken/fifo") }
            #expect(fifoLine.count == 1, "\(log)")
            #expect(fifoLine.first?.contains("\(fifo) is not a regular file") == true, "\(log)")
            let folderLine = errors.filter { $0.contains("path=/broken/dir") }
            #expect(folderLine.count == 1, "\(log)")
            #expect(folderLine.first?.contains(folder) == true, "\(log)")
            #expect(!log.contains("SECRET"), "\(log)")
        }
    }

    /// The log file of the stream at `path` in a data directory.
    @available(OS2023, *)
    private static func logFile(of path: String, in root: String) throws -> String {
        let streams = root + "/streams"
        for name in try FileManager.default.contentsOfDirectory(atPath: streams) {
            let meta = try Data(contentsOf: URL(fileURLWithPath: "\(streams)/\(name)/meta.json"))
            let fields = try JSONSerialization.jsonObject(with: meta) as? [String: Any]
            if fields?["path"] as? String == path { return "\(streams)/\(name)/log" }
        }
        throw HarnessError("no stream \(path) in \(root)")
    }
}
