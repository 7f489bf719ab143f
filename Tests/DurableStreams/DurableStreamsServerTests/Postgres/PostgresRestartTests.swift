import CourierPrimitives
import CourierTestSupport
import ExactHTTPClient
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The database stops and starts again under a node serving appends and long-poll readers: while it is down every
/// request is answered `503` with `Retry-After` (none hangs), and afterwards the same node serves again and its
/// readers catch up, without a restart of the node.
///
/// It stops the cluster every PostgreSQL suite shares, so it runs in the heavy pass, where no other suite uses it.
@Suite(
    "PostgreSQL store: the database restarts under load", .serialized,
    .enabled(if: TestPass.isHeavy && PostgresCluster.isEnabled, "stops the shared cluster: the heavy pass"))
struct PostgresRestartTests {
    /// What the load saw.
    struct Tally: Sendable {
        var acknowledged: [String] = []
        var unavailable = 0
        var withoutRetryAfter = 0
        var unexpected: [String] = []
        var timedOut = 0
    }

    @Test("503 with Retry-After while the database is down; appends and readers resume once it is back")
    @available(OS2023, *)
    func restartUnderLoad() async throws {
        let schema = PostgresCluster.uniqueSchema()
        let server = try await ServerProcess.start(
            arguments: try PostgresCluster.serveArguments(schema: schema) + [
                "--long-poll-timeout", "2", "--postgres-pool-size", "4", "--log-level", "critical",
            ])
        let client = ExactHTTPClient()
        let tally = Locked(Tally())
        let running = Locked(true)
        // The readers' goal: the stream's length in bytes once the writers stopped (`-1` gives up).
        let target = Locked(Int?.none)
        let stream = server.base + "/restart/\(UUID().uuidString.lowercased())"
        do {
            #expect(
                try await client.request(.PUT, stream, headers: [("Content-Type", "text/plain")]).status == 201)
            let writers = (0..<4).map { writer in
                Task { await Self.write(writer, to: stream, client: client, tally: tally, while: running) }
            }
            let readers = (0..<2).map { _ in Task { await Self.follow(stream, client: client, until: target) } }

            #expect(try await eventually(within: .seconds(60)) { tally.value.acknowledged.count >= 40 })
            try await PostgresCluster.stop()
            do {
                // Down: answered at once or after the queue timeout, 503 with Retry-After; never a hang.
                for probe in 0..<3 {
                    let append = try await client.request(
                        .POST, stream, headers: [("Content-Type", "text/plain")], body: Array("probe-\(probe);".utf8),
                        timeout: .seconds(20))
                    #expect(append.status == 503)
                    #expect(append.header("Retry-After") != nil)
                    let read = try await client.request(.GET, stream + "?offset=-1", timeout: .seconds(20))
                    #expect(read.status == 503)
                    #expect(read.header("Retry-After") != nil)
                }
            } catch {
                try await PostgresCluster.start()
                throw error
            }
            try await PostgresCluster.start()

            // Back: the same node serves appends again, and the writers make progress.
            let before = tally.value.acknowledged.count
            var attempt = 0
            #expect(
                try await eventually(within: .seconds(60)) {
                    attempt += 1
                    let response = try await client.request(
                        .POST, stream, headers: [("Content-Type", "text/plain")], body: Array("after-\(attempt);".utf8),
                        timeout: .seconds(20))
                    return response.status == 204
                })
            #expect(try await eventually(within: .seconds(60)) { tally.value.acknowledged.count >= before + 40 })
            running.withLock { $0 = false }
            for writer in writers { await writer.value }

            // Readers that followed through the outage hold exactly what the stream holds.
            let text = try await client.readAll(stream)
            target.withLock { $0 = text.utf8.count }
            for reader in readers {
                let seen = try await withTimeout(.seconds(60)) { await reader.value }
                #expect(seen == text, "a long-poll reader caught up with the stream across the restart")
            }

            let tokens = text.split(separator: ";", omittingEmptySubsequences: false)
            #expect(tokens.last == "", "the stream ends with a whole append")
            let counts = Dictionary(tokens.dropLast().map { (String($0), 1) }, uniquingKeysWith: +)
            #expect(counts.values.allSatisfy { $0 == 1 }, "no append is stored twice")
            let final = tally.value
            for token in final.acknowledged {
                #expect(counts[String(token.dropLast())] == 1, "acknowledged append \(token) is stored")
            }
            #expect(final.unavailable > 0, "the writers saw the outage")
            #expect(final.withoutRetryAfter == 0, "every 503 says when to retry")
            #expect(final.unexpected.isEmpty, "only 204 and 503 answers: \(final.unexpected.prefix(5))")
            #expect(final.timedOut == 0, "no request hung")
        } catch {
            running.withLock { $0 = false }
            target.withLock { $0 = -1 }
            await Self.finish(server, client: client, schema: schema)
            throw error
        }
        await Self.finish(server, client: client, schema: schema)
    }

    /// Appends `w<writer>-<n>;` until `running` is cleared, tallying the answers.
    @available(OS2023, *)
    static func write(
        _ writer: Int, to stream: String, client: ExactHTTPClient, tally: Locked<Tally>, while running: Locked<Bool>
    ) async {
        var index = 0
        while running.value {
            let token = "w\(writer)-\(index);"
            index += 1
            do {
                let response = try await client.request(
                    .POST, stream, headers: [("Content-Type", "text/plain")], body: Array(token.utf8),
                    timeout: .seconds(20))
                tally.withLock { tally in
                    switch response.status {
                    case 204: tally.acknowledged.append(token)
                    case 503:
                        tally.unavailable += 1
                        if response.header("Retry-After") == nil { tally.withoutRetryAfter += 1 }
                    default: tally.unexpected.append("\(response.status) \(response.text.prefix(200))")
                    }
                }
                // A client honouring Retry-After backs off; a short pause keeps the loop from spinning.
                if response.status == 503 { try? await Task.sleep(for: .milliseconds(100)) }
            } catch is TimeoutError {
                tally.withLock { $0.timedOut += 1 }
            } catch {
                tally.withLock { $0.unexpected.append("\(error)") }
            }
        }
    }

    /// Follows the stream with long-polls until it has read `target` bytes (`-1`: gives up); returns what it read.
    @available(OS2023, *)
    static func follow(_ stream: String, client: ExactHTTPClient, until target: Locked<Int?>) async -> String {
        var offset = "-1"
        var bytes: [UInt8] = []
        while true {
            if let goal = target.value, goal < 0 || bytes.count >= goal { return decode(bytes) }
            let response = try? await client.request(
                .GET, stream + "?offset=\(offset)&live=long-poll", timeout: .seconds(20))
            switch response?.status {
            case 200:
                bytes += response?.body ?? []
                offset = response?.nextOffset ?? offset
            case 204:
                offset = response?.nextOffset ?? offset
            default:
                // 503 while the database is down: back off as Retry-After asks, briefly.
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    private static func decode(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @available(OS2023, *)
    private static func finish(_ server: ServerProcess, client: ExactHTTPClient, schema: String) async {
        server.child.signal(SIGTERM)
        _ = try? await server.child.waitForExit(within: .seconds(30))
        await client.shutdown()
        try? await PostgresCluster.dropSchema(schema)
    }
}
