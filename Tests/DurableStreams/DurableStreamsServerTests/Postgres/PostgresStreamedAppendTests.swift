import CourierTestSupport
import Crypto
import ExactHTTPClient
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Non-JSON appends to `durable-streams serve --store postgres` are streamed into the store as they arrive: a body
/// far larger than the server's request-body limit is stored in records of at most 1 MiB without the node holding
/// it, and a body that does not end, or that the rules refuse, stores nothing.
///
/// The cases run one at a time: they watch the database's sessions for the upload in progress.
@Suite("PostgreSQL store: streamed appends", .serialized, .enabled(if: PostgresCluster.isEnabled))
struct PostgresStreamedAppendTests {
    static let mebibyte = 1 << 20

    /// A server on a schema of its own; `body` gets it and its client, and both are ended after.
    @available(OS2023, *)
    static func withServer(
        _ extra: [String] = [], _ body: (ServerProcess, ExactHTTPClient, String) async throws -> Void
    ) async throws {
        let schema = PostgresCluster.uniqueSchema()
        let server = try await ServerProcess.start(
            arguments: try PostgresCluster.serveArguments(schema: schema) + ["--log-level", "error"] + extra)
        let client = ExactHTTPClient()
        var failure: (any Error)?
        do {
            try await body(server, client, schema)
        } catch {
            failure = error
        }
        server.child.signal(SIGTERM)
        _ = try? await server.child.waitForExit(within: .seconds(30))
        await client.shutdown()
        try? await PostgresCluster.dropSchema(schema)
        if let failure { throw failure }
    }

    /// Creates a stream and returns its URL.
    @available(OS2023, *)
    static func create(
        _ server: ServerProcess, _ client: ExactHTTPClient, contentType: String = "application/octet-stream"
    ) async throws -> String {
        let url = server.base + "/big/\(UUID().uuidString.lowercased())"
        let response = try await client.request(.PUT, url, headers: [("Content-Type", contentType)])
        #expect(response.status == 201)
        return url
    }

    /// The stream's tail token.
    @available(OS2023, *)
    static func tail(_ url: String, _ client: ExactHTTPClient) async throws -> String? {
        try await client.request(.HEAD, url).nextOffset
    }

    @Test(
        "a 256 MiB chunked append is stored in 1 MiB records, read back identical, without the node holding it",
        .enabled(if: TestPass.isHeavy, "sends and reads back 256 MiB, loading the machine: the second pass")
    )
    @available(OS2023, *)
    func largeAppend() async throws {
        try await Self.withServer { server, client, schema in
            let url = try await Self.create(server, client)
            // Warm up the paths a streamed append takes, so the peak below is the upload's own.
            let warm = try await StreamedUpload.start(url)
            try await StreamedUpload.send(Array(repeating: 7, count: 2 * Self.mebibyte), on: warm)
            #expect(try await StreamedUpload.finish(warm) == 204)
            let before = try StreamedUpload.peakMemory(of: server.child.pid)

            let size = 256
            let seed = StreamedUpload.seed()
            var sent = SHA256()
            sent.update(data: Array(repeating: UInt8(7), count: 2 * Self.mebibyte))
            let connection = try await StreamedUpload.start(url)
            let started = ContinuousClock.now
            for index in 0..<size {
                let block = StreamedUpload.block(index, seed: seed)
                sent.update(data: block)
                try await StreamedUpload.send(block, on: connection)
            }
            #expect(try await StreamedUpload.finish(connection) == 204)
            let elapsed = started.duration(to: .now)
            let after = try StreamedUpload.peakMemory(of: server.child.pid)
            print("streamed \(size) MiB in \(elapsed); server peak RSS \(before >> 20) MiB → \(after >> 20) MiB")
            #expect(after - before < 64 * Self.mebibyte, "the node does not hold the body")

            var received = SHA256()
            var count = 0
            var offset = "-1"
            while true {
                let response = try await client.request(.GET, "\(url)?offset=\(offset)", timeout: .seconds(60))
                try #require(response.status == 200)
                received.update(data: response.body)
                count += response.body.count
                if response.header("Stream-Up-To-Date") == "true" { break }
                offset = try #require(response.nextOffset)
            }
            #expect(count == (size + 2) * Self.mebibyte)
            #expect(StreamedUpload.hex(received.finalize()) == StreamedUpload.hex(sent.finalize()))
            let rows = try await StreamedUpload.sql(
                "SELECT count(*), max(length(payload)) FROM \(schema).records")
            #expect(rows == "\(size + 2)|\(Self.mebibyte)", "records of at most 1 MiB")
        }
    }

    @Test("a client gone mid-body stores nothing; the next append works")
    @available(OS2023, *)
    func disconnectMidBody() async throws {
        try await Self.withServer { server, client, schema in
            let url = try await Self.create(server, client)
            let first = try await client.request(
                .POST, url, headers: [("Content-Type", "application/octet-stream")], body: Array("a".utf8))
            #expect(first.status == 204)
            let tail = try await Self.tail(url, client)

            let connection = try await StreamedUpload.start(url)
            for _ in 0..<3 { try await StreamedUpload.send(Array(repeating: 1, count: Self.mebibyte), on: connection) }
            // The upload has reached the database before the client goes.
            #expect(
                try await eventually {
                    try await StreamedUpload.sql(
                        "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'INSERT INTO durable_streams_upload%'")
                        != "0"
                })
            await connection.close()
            #expect(
                try await eventually {
                    try await StreamedUpload.sql(
                        """
                        SELECT count(*) FROM pg_stat_activity
                        WHERE query LIKE 'INSERT INTO durable_streams_upload%' AND state <> 'idle'
                        """) == "0"
                }, "the upload's transaction ended")
            #expect(try await Self.tail(url, client) == tail)

            let next = try await client.request(
                .POST, url, headers: [("Content-Type", "application/octet-stream")], body: Array("b".utf8))
            #expect(next.status == 204)
            #expect(try await client.readAll(url) == "ab")
            #expect(try await StreamedUpload.sql("SELECT count(*) FROM \(schema).records") == "2")
        }
    }

    @Test("an append refused by the stream fails before its body is read and stores nothing")
    @available(OS2023, *)
    func refusedEarly() async throws {
        try await Self.withServer { server, client, _ in
            // A stale producer epoch: 403.
            let fenced = try await Self.create(server, client)
            let newer = try await client.request(
                .POST, fenced,
                headers: [
                    ("Content-Type", "application/octet-stream"), ("Producer-Id", "p"), ("Producer-Epoch", "1"),
                    ("Producer-Seq", "0"),
                ], body: Array("x".utf8))
            #expect(newer.status == 200)
            let stale = try await StreamedUpload.start(
                fenced, headers: ["Producer-Id: p", "Producer-Epoch: 0", "Producer-Seq: 1"])
            #expect(StreamedUpload.status(of: try await stale.receiveResponse()) == 403)
            #expect(try await client.readAll(fenced) == "x")

            // A closed stream: 409.
            let closed = try await Self.create(server, client)
            let close = try await client.request(.POST, closed, headers: [("Stream-Closed", "true")])
            #expect(close.status == 204)
            let late = try await StreamedUpload.start(closed)
            #expect(StreamedUpload.status(of: try await late.receiveResponse()) == 409)

            // Another content type: 409.
            let text = try await Self.create(server, client, contentType: "text/plain")
            let binary = try await StreamedUpload.start(text)
            #expect(StreamedUpload.status(of: try await binary.receiveResponse()) == 409)
            #expect(try await client.readAll(text) == "")
        }
    }

    @Test("a small append goes on during a slow upload; the upload refused at its end stores nothing")
    @available(OS2023, *)
    func unlockedDuringUpload() async throws {
        try await Self.withServer { server, client, schema in
            let url = try await Self.create(server, client)
            let slow = try await StreamedUpload.start(url)
            try await StreamedUpload.send(Array(repeating: 2, count: 2 * Self.mebibyte), on: slow)
            #expect(
                try await eventually {
                    try await StreamedUpload.sql(
                        "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'INSERT INTO durable_streams_upload%'")
                        != "0"
                })
            let small = try await client.request(
                .POST, url, headers: [("Content-Type", "application/octet-stream")], body: Array("s".utf8),
                timeout: .seconds(20))
            #expect(small.status == 204, "the stream is not locked by the upload")
            try await StreamedUpload.send(Array(repeating: 3, count: Self.mebibyte), on: slow)
            #expect(try await StreamedUpload.finish(slow) == 204)
            let text = try await client.readAll(url)
            #expect(text.utf8.count == 1 + 3 * Self.mebibyte)
            #expect(text.hasPrefix("s"))

            // Closed while a second upload runs: refused when it ends, nothing of it stored.
            let refused = try await StreamedUpload.start(url)
            try await StreamedUpload.send(Array(repeating: 4, count: 2 * Self.mebibyte), on: refused)
            let close = try await client.request(
                .POST, url, headers: [("Stream-Closed", "true")], timeout: .seconds(20))
            #expect(close.status == 204)
            #expect(try await StreamedUpload.finish(refused) == 409)
            #expect(try await client.readAll(url).utf8.count == 1 + 3 * Self.mebibyte)
            #expect(try await StreamedUpload.sql("SELECT count(*) FROM \(schema).records") == "4")
        }
    }

    @Test("over the store's limit: 413 from Content-Length or while counting, nothing stored")
    @available(OS2023, *)
    func overLimit() async throws {
        try await Self.withServer(["--postgres-max-append-size", String(2 * Self.mebibyte)]) { server, client, schema in
            let url = try await Self.create(server, client)
            let (port, path) = try StreamedUpload.target(url)
            let announced = try await RawConnection.connect(port: port)
            try await announced.send(
                "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
                    + "Content-Length: \(3 * Self.mebibyte)\r\n\r\n")
            #expect(StreamedUpload.status(of: try await announced.receiveResponse()) == 413)

            let counted = try await StreamedUpload.start(url)
            try await StreamedUpload.send(Array(repeating: 5, count: 2 * Self.mebibyte), on: counted)
            try await StreamedUpload.send([5], on: counted)
            #expect(StreamedUpload.status(of: try await counted.receiveResponse()) == 413)
            #expect(try await client.readAll(url) == "")
            #expect(try await StreamedUpload.sql("SELECT count(*) FROM \(schema).records") == "0")

            // Up to the limit is fine.
            let fits = try await StreamedUpload.start(url)
            try await StreamedUpload.send(Array(repeating: 6, count: 2 * Self.mebibyte), on: fits)
            #expect(try await StreamedUpload.finish(fits) == 204)
        }
    }
}
