import CourierTestSupport
import DurableStreamsServer
import DurableStreamsStorage
import Foundation
import Testing

/// Malformed framing, unsupported codings, malformed offsets, expiries that have passed and invalid JSON,
/// each against a real server, with both stores where the store decides.
@Suite("Hardening: malformed input")
struct HardeningTests {
    /// A server on each store.
    static let stores: [String] = ["memory", "file"]

    @available(OS2023, *)
    private static func run(_ store: String, _ body: (ServerHarness) async throws -> Void) async throws {
        guard store == "file" else {
            try await ServerHarness.run(.forTests(), body)
            return
        }
        try await withTemporaryDirectory(prefix: "ds-hard") { directory in
            try await ServerHarness.run(
                .forTests { $0.storage = .directory(directory.path, syncPolicy: .never) }, body)
        }
    }

    /// Sends a chunked request as written and returns everything the server sends until it closes.
    @available(OS2023, *)
    private static func chunked(
        _ method: String, _ path: String, coding: String, body: String, on server: ServerHarness
    ) async throws -> String {
        let connection = try await RawConnection.connect(port: try #require(server.server.port))
        try await connection.send(
            "\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: \(coding)\r\n\r\n"
                + body)
        let (response, closed) = await connection.receive(within: .seconds(20))
        #expect(closed, "the server did not close the connection within 20 s; it sent: \(response)")
        return response
    }

    @Test("A malformed chunked body gets 400 and the connection is closed; nothing is stored")
    @available(OS2023, *)
    func malformedChunk() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "a")
            let response = try await Self.chunked(
                "POST", path, coding: "chunked", body: "zz\r\nabc\r\n0\r\n\r\n", on: server)
            #expect(response.hasPrefix("HTTP/1.1 400"), "\(response)")
            #expect(try await server.read(path).text == "a")
        }
    }

    @Test(
        "A transfer coding other than chunked gets 501 and nothing is stored",
        arguments: ["gzip, chunked", "deflate,chunked"])
    @available(OS2023, *)
    func transferCodings(coding: String) async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "a")
            let body = "3\r\nabc\r\n0\r\n\r\n"
            let response = try await Self.chunked("POST", path, coding: coding, body: body, on: server)
            #expect(response.hasPrefix("HTTP/1.1 501"), "\(response)")
            #expect(try await server.read(path).text == "a")
            let created = ServerHarness.uniquePath()
            #expect(
                try await Self.chunked("PUT", created, coding: coding, body: body, on: server).hasPrefix("HTTP/1.1 501")
            )
            #expect(try await server.send(.HEAD, created).status == 404)
        }
    }

    @Test("Offsets: malformed 400, inside an append 400, past the tail 200 and empty at the tail", arguments: stores)
    @available(OS2023, *)
    func offsets(store: String) async throws {
        try await Self.run(store) { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "hello")
            let tail = try #require(try await server.read(path).nextOffset)
            for malformed in ["abc", "ff", "0x10", "FFFFFFFFFFFFFFFF", "00000000000000000"] {
                #expect(try await server.read(path, query: "offset=\(malformed)").status == 400, "\(malformed)")
            }
            try await server.append(path, "world")
            let position = try #require(UInt64(tail, radix: 16))
            let inside = StreamOffset(position: position + 2).token
            #expect(try await server.read(path, query: "offset=\(inside)").status == 400)
            let past = try await server.read(path, query: "offset=ffffffffffffffff")
            #expect(past.status == 200)
            #expect(past.body.isEmpty)
            #expect(past.header("Stream-Up-To-Date") == "true")
            #expect(past.nextOffset == (try await server.send(.HEAD, path)).nextOffset)
            #expect(try await server.read(path, query: "offset=0").text == "helloworld")
        }
    }

    @Test("Stream-TTL 0 and a Stream-Expires-At that has passed are refused, and nothing is created", arguments: stores)
    @available(OS2023, *)
    func expiredAtBirth(store: String) async throws {
        try await Self.run(store) { server async throws in
            let past = StreamTimestamp(date: Date().addingTimeInterval(-1)).text
            for headers in [[("Stream-TTL", "0")], [("Stream-Expires-At", past)]] {
                let path = ServerHarness.uniquePath()
                #expect(try await server.create(path, headers: headers).status == 400)
                #expect(try await server.send(.HEAD, path).status == 404)
            }
        }
    }

    @Test(
        "JSON: lone surrogates and numbers beyond a double are refused",
        arguments: [#""\ud800""#, #""\udc00""#, #"["\ud800x"]"#, #""\ud800\u0041""#, "1e99999", "-1E+400", "[1e309]"])
    @available(OS2023, *)
    func invalidJSON(body: String) async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            #expect(try await server.create(path, contentType: "application/json").status == 201)
            #expect(try await server.append(path, body, contentType: "application/json").status == 400)
            #expect(try await server.read(path).text == "[]")
        }
    }

    @Test("JSON: surrogate pairs and every number's text are kept exactly as sent")
    @available(OS2023, *)
    func validJSONKept() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            #expect(try await server.create(path, contentType: "application/json").status == 201)
            let body = #"[1.0e+2,-0.000e-5,12345678901234567890123,1e-99999,"\ud83d\ude00"]"#
            #expect(try await server.append(path, body, contentType: "application/json").status == 204)
            #expect(try await server.read(path).text == body)
        }
    }

    @Test("A port in use is reported with the address and the system's reason")
    @available(OS2023, *)
    func portInUse() async throws {
        try await ServerHarness.run(.forTests()) { server async throws in
            let port = try #require(server.server.port)
            let second = DurableStreamsServer(configuration: .forTests { $0.port = port })
            do throws(DurableStreamsServerError) {
                try await second.start()
                await second.stop()
                Issue.record("a second server started on port \(port)")
            } catch {
                #expect(error.message == "cannot listen on 127.0.0.1:\(port): Address already in use")
            }
        }
    }
}
