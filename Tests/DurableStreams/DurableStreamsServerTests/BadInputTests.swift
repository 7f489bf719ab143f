import CourierTestSupport
import DurableStreamsServer
import Foundation
import Testing

@Suite("Bad input and hostile clients")
struct BadInputTests {
    @Test(
        "Stream-TTL must be plain decimal digits; TTL with Expires-At and bad timestamps are refused",
        arguments: [
            [("Stream-TTL", "+3600")], [("Stream-TTL", "03600")], [("Stream-TTL", "3600.0")], [("Stream-TTL", "3.6e3")],
            [("Stream-TTL", "-1")], [("Stream-TTL", "abc")], [("Stream-TTL", "")],
            [("Stream-TTL", "99999999999999999999")], [("Stream-TTL", "0")],
            [("Stream-Expires-At", "2001-01-01T00:00:00Z")],
            [("Stream-TTL", "60"), ("Stream-Expires-At", "2099-01-01T00:00:00Z")],
            [("Stream-Expires-At", "not-a-timestamp")],
            [("Stream-Expires-At", "2099-02-30T00:00:00Z")], [("Stream-Expires-At", "2099-01-01 00:00:00")],
            [("Content-Type", "nonsense")], [("Stream-TTL", "1"), ("Stream-TTL", "2")],
        ])
    @available(OS2023, *)
    func createHeaders(headers: [(String, String)]) async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            #expect(try await server.send(.PUT, path, headers: headers).status == 400)
            #expect(try await server.send(.HEAD, path).status == 404)
        }
    }

    @Test(
        "Valid TTL and expiry forms are accepted",
        arguments: [
            [("Stream-TTL", "1")], [("Stream-TTL", "3600")], [("Stream-Expires-At", "2099-01-01T00:00:00Z")],
            [("Stream-Expires-At", "2099-01-01T00:00:00.123456+05:30")],
            [("Stream-Expires-At", "2099-01-01t00:00:00z")],
        ])
    @available(OS2023, *)
    func validCreateHeaders(headers: [(String, String)]) async throws {
        try await ServerHarness.run { server async throws in
            #expect(try await server.send(.PUT, ServerHarness.uniquePath(), headers: headers).status == 201)
        }
    }

    @Test(
        "Path traversal and malformed paths are refused before reaching any stream",
        arguments: [
            "/a/../b", "/a/./b", "/a/%2e%2E/b", "/a//b", "/a/", "/", "/a%00b", "/a%ZZ", "/a b", "/a\\b", "/é",
        ])
    @available(OS2023, *)
    func paths(target: String) async throws {
        try await ServerHarness.run { server async throws in
            let port = try #require(server.server.port)
            let connection = try await RawConnection.connect(port: port)
            try await connection.send(
                "PUT \(target) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            let response = try await withTimeout(.seconds(20)) { try await connection.receive() }
            #expect(response.hasPrefix("HTTP/1.1 400"))
        }
    }

    @Test("Equivalent paths name the same stream")
    @available(OS2023, *)
    func pathNormalisation() async throws {
        try await ServerHarness.run { server async throws in
            try await server.create("/v1/stream/abc", body: "x")
            #expect(try await server.read("/v1/str%65am/a%62c").text == "x")
        }
    }

    @Test("A body over the limit gets 413 without being read, and the stream is unchanged")
    @available(OS2023, *)
    func oversize() async throws {
        try await ServerHarness.run(.forTests { $0.maximumBodyBytes = 1024 }) { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "kept")
            let tooBig = try await server.send(
                .POST, path, headers: [("Content-Type", "text/plain")], body: [UInt8](repeating: 65, count: 4096))
            #expect(tooBig.status == 413)
            let port = try #require(server.server.port)
            let connection = try await RawConnection.connect(port: port)
            try await connection.send(
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100000000\r\n\r\npartial"
            )
            let response = try await withTimeout(.seconds(20)) { try await connection.receive() }
            #expect(response.hasPrefix("HTTP/1.1 413"))
            let continued = try await RawConnection.connect(port: port)
            try await continued.send(
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n"
            )
            #expect(try await withTimeout(.seconds(20)) { try await continued.receive() }.hasPrefix("HTTP/1.1 413"))
            #expect(try await server.read(path).text == "kept")
        }
    }

    @Test("Expect: 100-continue gets 100 Continue, then the append")
    @available(OS2023, *)
    func expectContinue() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let port = try #require(server.server.port)
            let connection = try await RawConnection.connect(port: port)
            try await connection.send(
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nExpect: 100-continue\r\nConnection: close\r\n\r\nhello"
            )
            let response = try await withTimeout(.seconds(20)) { try await connection.receive() }
            #expect(response.hasPrefix("HTTP/1.1 100 Continue"))
            #expect(response.contains("HTTP/1.1 204"))
            #expect(try await server.read(path).text == "hello")
        }
    }

    @Test("A client that stalls mid-body gets 408 and its partial append is never stored")
    @available(OS2023, *)
    func slowClient() async throws {
        try await ServerHarness.run(.forTests { $0.bodyTimeout = .milliseconds(300) }) { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "kept")
            let port = try #require(server.server.port)
            let connection = try await RawConnection.connect(port: port)
            try await connection.send(
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nonly-part")
            let response = try await withTimeout(.seconds(20)) { try await connection.receive() }
            #expect(response.hasPrefix("HTTP/1.1 408") || response.isEmpty)
            #expect(try await server.read(path).text == "kept")
        }
    }

    @Test("A client that vanishes mid-body leaves the stream unchanged")
    @available(OS2023, *)
    func vanishingWriter() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "kept")
            let port = try #require(server.server.port)
            let connection = try await RawConnection.connect(port: port)
            try await connection.send(
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nhalf")
            await connection.close()
            try await server.append(path, "+more")
            #expect(try await server.read(path).text == "kept+more")
        }
    }

    @Test("An SSE reader that vanishes stops being served once the server writes to it")
    @available(OS2023, *)
    func vanishingReader() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(60) }) { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let counts = server.server.liveReadCounts
            let port = try #require(server.server.port)
            let connection = try await RawConnection.connect(port: port)
            try await connection.send("GET \(path)?offset=now&live=sse HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await counts.firstValue(within: .seconds(20)) { $0 == 1 }
            await connection.close()
            try await server.append(path, "first")
            try await server.append(path, "second")
            _ = try await server.server.liveReadCounts.firstValue(within: .seconds(20)) { $0 == 0 }
            #expect(try await server.read(path).text == "firstsecond")
        }
    }

    @Test("Content-Encoding on request bodies is refused rather than stored encoded")
    @available(OS2023, *)
    func requestEncoding() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            #expect(try await server.append(path, "x", headers: [("Content-Encoding", "gzip")]).status == 415)
        }
    }

    @Test("The reserved __ds namespace is routed to subscriptions, never to a stream, and cannot be forked from")
    @available(OS2023, *)
    func reserved() async throws {
        try await ServerHarness.run { server async throws in
            #expect(try await server.send(.GET, "/__ds/subscriptions/x").status == 404)
            #expect(try await server.send(.PUT, "/__ds/subscriptions/x").status == 400)
            #expect(try await server.send(.GET, "/__ds/subscriptions/x").text.contains("SUBSCRIPTION_NOT_FOUND"))
            #expect(try await server.fork(ServerHarness.uniquePath(), from: "/__ds/subscriptions/x").status == 400)
        }
    }
}
