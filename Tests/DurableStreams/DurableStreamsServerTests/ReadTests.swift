import Foundation
import Testing

@Suite("GET catch-up reads")
struct ReadTests {
    @Test("Headers of a read: content type, next offset, up-to-date, ETag, Cache-Control, security headers")
    @available(OS2023, *)
    func headers() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "test data")
            let read = try await server.read(path)
            #expect(read.status == 200)
            #expect(read.text == "test data")
            #expect(read.header("Content-Type") == "text/plain")
            #expect(read.header("Stream-Up-To-Date") == "true")
            #expect(read.header("ETag")?.isEmpty == false)
            // Up to the tail of an open stream: kept only with revalidation (ReadCachingTests covers the others).
            #expect(read.header("Cache-Control") == "public, no-cache")
            #expect(read.header("X-Content-Type-Options") == "nosniff")
            #expect(read.header("Cross-Origin-Resource-Policy") == "cross-origin")
            #expect(read.header("Access-Control-Allow-Origin") == "*")
            #expect(read.header("Stream-Cursor") == nil)
        }
    }

    @Test("No offset, -1 and 0 all read from the start; a stored offset resumes exactly there")
    @available(OS2023, *)
    func offsets() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let middle = try #require(try await server.append(path, "0123456789").nextOffset)
            try await server.append(path, "abcdefghij")
            for query in ["", "offset=-1", "offset=0", "offset=-1&foo=bar&baz=qux"] {
                #expect(try await server.read(path, query: query).text == "0123456789abcdefghij")
            }
            #expect(try await server.read(path, query: "offset=\(middle)").text == "abcdefghij")
            #expect(try await server.read(path, query: "offset=\(middle)").text == "abcdefghij")
        }
    }

    @Test(
        "offset=now returns no data, the tail, up-to-date and no-store; [] for JSON streams; resuming from it sees only new data"
    )
    @available(OS2023, *)
    func offsetNow() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "historical")
            let tail = try await server.read(path).nextOffset
            let now = try await server.read(path, query: "offset=now")
            #expect(now.status == 200)
            #expect(now.body.isEmpty)
            #expect(now.nextOffset == tail)
            #expect(now.header("Stream-Up-To-Date") == "true")
            #expect(now.header("Cache-Control") == "no-store")
            #expect(now.header("ETag") == nil)
            try await server.append(path, "new")
            #expect(try await server.read(path, query: "offset=\(try #require(now.nextOffset))").text == "new")

            let json = ServerHarness.uniquePath()
            try await server.create(json, contentType: "application/json", body: "[{\"e\":1}]")
            let jsonNow = try await server.read(json, query: "offset=now")
            #expect(jsonNow.text == "[]")
            #expect(jsonNow.header("Content-Type") == "application/json")
            #expect(try await server.read(ServerHarness.uniquePath("missing"), query: "offset=now").status == 404)
        }
    }

    @Test("At the tail: empty 200, up-to-date, not cacheable; past the tail: the same, with the real tail")
    @available(OS2023, *)
    func atAndPastTail() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let tail = try #require(try await server.create(path, body: "small").nextOffset)
            for offset in [tail, "ffffffffffffffff"] {
                let read = try await server.read(path, query: "offset=\(offset)")
                #expect(read.status == 200)
                #expect(read.body.isEmpty)
                #expect(read.nextOffset == tail)
                #expect(read.header("Stream-Up-To-Date") == "true")
                #expect(read.header("Cache-Control") == "no-store")
            }
        }
    }

    @Test(
        "Malformed offsets are refused with 400",
        arguments: [
            "offset=", "offset=0,1", "offset=0%201", "offset=a&offset=b", "offset=not-a-valid-offset-format",
            "offset=..%2Fetc", "offset=%00", "offset=0%0A", "offset=00000000000000000", "offset=FF", "offset=1_2",
        ])
    @available(OS2023, *)
    func malformedOffsets(query: String) async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "test")
            #expect(try await server.read(path, query: query).status == 400)
        }
    }

    @Test("An offset that is not a position of the stream is refused with 400")
    @available(OS2023, *)
    func foreignOffset() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "0123456789")
            let response = try await server.read(path, query: "offset=0000000000000003")
            #expect(response.status == 400)
            #expect(response.text.contains("not a position"))
        }
    }

    @Test("If-None-Match with the current ETag gets 304; after an append or a close the ETag changes")
    @available(OS2023, *)
    func conditional() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "test data")
            let first = try await server.read(path)
            let etag = try #require(first.header("ETag"))
            let cached = try await server.read(path, headers: [("If-None-Match", etag)])
            #expect(cached.status == 304)
            #expect(cached.body.isEmpty)
            #expect(try await server.read(path, headers: [("If-None-Match", "\"other\", W/\(etag)")]).status == 304)
            #expect(try await server.read(path, headers: [("If-None-Match", "\"wrong-etag\"")]).status == 200)
            try await server.append(path, " more")
            let second = try await server.read(path)
            #expect(second.header("ETag") != etag)
            #expect(try await server.read(path, headers: [("If-None-Match", etag)]).status == 200)
            let beforeClose = try #require(second.header("ETag"))
            try await server.send(.POST, path, headers: [("Stream-Closed", "true")])
            let closed = try await server.read(path)
            #expect(closed.header("ETag") != beforeClose)
            #expect(try await server.read(path, headers: [("If-None-Match", beforeClose)]).status == 200)
        }
    }

    @Test("A stream deleted and created again has new data and new ETags")
    @available(OS2023, *)
    func recreate() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "old data")
            try await server.append(path, " more old data")
            let old = try await server.read(path)
            #expect(try await server.send(.DELETE, path).status == 204)
            #expect(try await server.read(path).status == 404)
            #expect(try await server.create(path, body: "new data").status == 201)
            let new = try await server.read(path)
            #expect(new.text == "new data")
            #expect(new.header("ETag") != old.header("ETag"))
            #expect(try await server.send(.DELETE, ServerHarness.uniquePath()).status == 404)
        }
    }

    @Test("Large streams are read in chunks that join up byte for byte")
    @available(OS2023, *)
    func pagination() async throws {
        try await ServerHarness.run(.forTests { $0.maximumReadBytes = 4096 }) { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, contentType: "application/octet-stream")
            var expected: [UInt8] = []
            for index in 0..<40 {
                let chunk = (0..<1000).map { UInt8(($0 + index) % 251) }
                expected += chunk
                try await server.send(.POST, path, headers: [("Content-Type", "application/octet-stream")], body: chunk)
            }
            var collected: [UInt8] = []
            var offset = "-1"
            var reads = 0
            while true {
                let read = try await server.read(path, query: "offset=\(offset)")
                collected += read.body
                reads += 1
                if read.header("Stream-Up-To-Date") == "true" { break }
                #expect(read.body.count <= 4096)
                offset = try #require(read.nextOffset)
            }
            #expect(collected == expected)
            #expect(reads > 5)
        }
    }

    @Test("Large bodies are gzip- or deflate-compressed for clients that accept it")
    @available(OS2023, *)
    func compression() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let text = String(repeating: "compressible text ", count: 200)
            try await server.create(path, body: text)
            let gzip = try await server.read(path, headers: [("Accept-Encoding", "gzip, deflate")])
            #expect(gzip.header("Content-Encoding") == "gzip")
            #expect(gzip.header("Vary") == "Accept-Encoding")
            #expect(gzip.body.count < text.utf8.count / 4)
            #expect(gzip.body.prefix(2) == [0x1F, 0x8B])
            let deflate = try await server.read(path, headers: [("Accept-Encoding", "deflate")])
            #expect(deflate.header("Content-Encoding") == "deflate")
            #expect(
                try await server.read(path, headers: [("Accept-Encoding", "gzip;q=0")]).header("Content-Encoding")
                    == nil)
            #expect(try await server.read(path).text == text)
            let small = ServerHarness.uniquePath()
            try await server.create(small, body: "tiny")
            #expect(
                try await server.read(small, headers: [("Accept-Encoding", "gzip")]).header("Content-Encoding") == nil)
        }
    }

    @Test("HEAD: metadata without a body, never cached, TTL and expiry echoed, 404 when missing")
    @available(OS2023, *)
    func head() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, headers: [("Stream-TTL", "3600")], body: "test data")
            let head = try await server.send(.HEAD, path)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Type") == "text/plain")
            #expect(head.header("Cache-Control") == "no-store")
            #expect(head.header("Stream-TTL") == "3600")
            #expect(head.header("Stream-Closed") == nil)
            #expect(head.nextOffset == (try await server.read(path)).nextOffset)
            let expiring = ServerHarness.uniquePath()
            try await server.create(expiring, headers: [("Stream-Expires-At", "2099-01-01T00:00:00+01:00")])
            #expect(try await server.send(.HEAD, expiring).header("Stream-Expires-At") == "2099-01-01T00:00:00+01:00")
            #expect(try await server.send(.HEAD, ServerHarness.uniquePath()).status == 404)
        }
    }

    @Test("OPTIONS answers CORS preflight; unknown methods get 405; errors carry the security headers")
    @available(OS2023, *)
    func corsAndMethods() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let preflight = try await server.send(
                .OPTIONS, path, headers: [("Origin", "https://example.com"), ("Access-Control-Request-Method", "POST")])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
            #expect(preflight.header("Access-Control-Allow-Headers")?.contains("Producer-Id") == true)
            let trace = try await server.send(.TRACE, path)
            #expect(trace.status == 405)
            #expect(trace.header("Allow")?.contains("PATCH") == true)
            let missing = try await server.read(path)
            #expect(missing.status == 404)
            #expect(missing.header("X-Content-Type-Options") == "nosniff")
        }
    }
}
