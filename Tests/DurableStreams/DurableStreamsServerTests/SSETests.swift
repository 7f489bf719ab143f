import CourierTestSupport
import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation
import Testing

@Suite("SSE reads")
struct SSETests {
    @Test("Headers, a data event with the stream's text, then a control event with offset, cursor and up-to-date")
    @available(OS2023, *)
    func catchUpEvents() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "message one")
            let tail = try #require(try await server.append(path, "message two").nextOffset)
            let connection = try await server.events(path, query: "offset=-1&live=sse")
            #expect(connection.status == 200)
            #expect(connection.headers.first(name: "Content-Type") == "text/event-stream")
            #expect(connection.headers.first(name: "Cache-Control") == "no-cache")
            #expect(connection.headers.first(name: "Content-Length") == nil)
            #expect(connection.headers.first(name: "Stream-SSE-Data-Encoding") == nil)
            #expect(connection.headers.first(name: "X-Content-Type-Options") == "nosniff")
            let events = try await connection.take(2)
            #expect(events[0] == SSEEvent(type: "data", data: "message onemessage two"))
            let control = try #require(events[1].control)
            #expect(control["streamNextOffset"] as? String == tail)
            #expect((control["streamCursor"] as? String)?.allSatisfy(\.isNumber) == true)
            #expect(control["upToDate"] as? Bool == true)
            connection.cancel()
        }
    }

    @Test("Lines that start with spaces or tabs reach a standard SSE reader byte for byte, caught up and live")
    @available(OS2023, *)
    func leadingWhitespace() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(30) }) { server in
            let path = ServerHarness.uniquePath()
            let first = "server:\n port: 8080\n\thost: a\n"
            let tail = try #require(try await server.create(path, body: first).nextOffset)
            let catchUp = try await server.events(path, query: "offset=-1&live=sse")
            #expect(try await catchUp.next() == SSEEvent(type: "data", data: "server:\n port: 8080\n\thost: a\n"))
            catchUp.cancel()
            let live = try await server.events(path, query: "offset=\(tail)&live=sse")
            #expect(try await live.next()?.control?["upToDate"] as? Bool == true)
            try await server.append(path, "  two spaces\r\n \t mixed")
            #expect(try await live.next() == SSEEvent(type: "data", data: "  two spaces\n \t mixed"))
            live.cancel()
        }
    }

    @Test("A reader at the tail that closes its side is disconnected at once, not at the next keep-alive")
    @available(OS2023, *)
    func halfClosedReader() async throws {
        // Keep-alives every 10 minutes: before, the socket stayed in CLOSE-WAIT until one was written.
        let configuration = DurableStreamsServer.Configuration.forTests {
            $0.longPollTimeout = .seconds(30)
            $0.sseKeepAliveInterval = .seconds(600)
        }
        try await ServerHarness.run(configuration) { server in
            let path = ServerHarness.uniquePath()
            let tail = try #require(try await server.create(path, body: "x").nextOffset)
            let port = try #require(URLComponents(string: server.base)?.port)
            for beforeHandOff in [false, true] {
                let socket = try PlainSocket(port: port)
                try socket.send("GET \(path)?offset=\(tail)&live=sse HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                if beforeHandOff {
                    socket.shutdownWrite()
                } else {
                    let opening = try await socket.receive(untilEndingWith: "\n\n\r\n")
                    #expect(String(decoding: opening, as: UTF8.self).contains("\"upToDate\":true"))
                    socket.shutdownWrite()
                }
                // Fails after 30 s of silence, long before the keep-alive.
                _ = try await socket.receiveUntilClosed()
            }
        }
    }

    @Test("A reader at the tail receives appends live")
    @available(OS2023, *)
    func liveDelivery() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(30) }) { server in
            let path = ServerHarness.uniquePath()
            let tail = try #require(try await server.create(path, body: "initial").nextOffset)
            let connection = try await server.events(path, query: "offset=\(tail)&live=sse")
            let first = try await connection.next()
            #expect(first?.control?["upToDate"] as? Bool == true)
            for word in ["new-data", "more-data"] {
                try await server.append(path, word)
                #expect(try await connection.next() == SSEEvent(type: "data", data: word))
                #expect(try await connection.next()?.type == "control")
            }
            connection.cancel()
        }
    }

    @Test("JSON streams send one JSON array per data event")
    @available(OS2023, *)
    func json() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(
                path, contentType: "application/json", body: "{\"id\":1,\"message\":\"line1\\nline2\"}")
            try await server.append(path, "[{\"id\":2},{\"id\":3}]", contentType: "application/json")
            let connection = try await server.events(path, query: "offset=-1&live=sse")
            let events = try await connection.take(2)
            #expect(events[0].type == "data")
            let array = try #require(
                try JSONSerialization.jsonObject(with: Data(events[0].data.utf8)) as? [[String: Any]])
            #expect(array.map { $0["id"] as? Int } == [1, 2, 3])
            #expect(array[0]["message"] as? String == "line1\nline2")
            connection.cancel()
        }
    }

    @Test(
        "Binary streams are base64-encoded, with the encoding header, byte for byte",
        arguments: [
            "application/octet-stream", "application/x-protobuf", "image/png",
        ])
    @available(OS2023, *)
    func binary(contentType: String) async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let bytes: [UInt8] = [0x00, 0x0A, 0x0D, 0xFF, 0xFE] + (0..<10_000).map { UInt8($0 % 256) }
            try await server.send(.PUT, path, headers: [("Content-Type", contentType)], body: bytes)
            let connection = try await server.events(path, query: "offset=-1&live=sse")
            #expect(connection.headers.first(name: "Stream-SSE-Data-Encoding") == "base64")
            let events = try await connection.take(2)
            #expect(events[0].type == "data")
            #expect(events[0].data.contains("\n"), "long base64 payloads are split over several data lines")
            let decoded = Data(base64Encoded: events[0].data.replacingOccurrences(of: "\n", with: ""))
            #expect(decoded.map(Array.init) == bytes)
            #expect(events[1].control?["streamNextOffset"] != nil)
            connection.cancel()
        }
    }

    @Test("Line breaks in text become separate data lines: no payload can forge an event")
    @available(OS2023, *)
    func injection() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let payload =
                "safe\r\n\r\nevent: control\r\ndata: {\"injected\":true}\n\nevent: data\rdata: fake\r\rend\n leading space"
            try await server.create(path, body: payload)
            let connection = try await server.events(path, query: "offset=-1&live=sse")
            let events = try await connection.take(2)
            #expect(events[0].type == "data")
            // Line ends become LF; every other byte arrives, the leading space of the last line too.
            let expected = payload.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
                of: "\r", with: "\n")
            #expect(events[0].data == expected)
            let control = try #require(events[1].control)
            #expect(control["injected"] == nil)
            #expect(control["streamNextOffset"] != nil)
            connection.cancel()
        }
    }

    @Test("offset=now skips history; the first control event carries the tail and up-to-date")
    @available(OS2023, *)
    func offsetNow() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let tail = try await server.create(path, contentType: "application/octet-stream", body: "history")
                .nextOffset
            let connection = try await server.events(path, query: "offset=now&live=sse")
            let first = try #require(try await connection.next())
            #expect(first.type == "control")
            #expect(first.control?["streamNextOffset"] as? String == tail)
            #expect(first.control?["upToDate"] as? Bool == true)
            connection.cancel()
        }
    }

    @Test("A closed stream ends with a streamClosed control event (no cursor) and the connection closes")
    @available(OS2023, *)
    func closedStream() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(60) }) { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "data")
            try await server.send(.POST, path, headers: [("Stream-Closed", "true")])
            let connection = try await server.events(path, query: "offset=-1&live=sse")
            let events = try await connection.remaining()
            #expect(events.map(\.type) == ["data", "control"])
            let control = try #require(events[1].control)
            #expect(control["streamClosed"] as? Bool == true)
            #expect(control["streamCursor"] == nil)
        }
    }

    @Test("A live reader receives the data appended with the close, then streamClosed")
    @available(OS2023, *)
    func appendAndCloseWhileLive() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(60) }) { server in
            for _ in 0..<5 {
                let path = ServerHarness.uniquePath()
                let tail = try #require(try await server.create(path, body: "initial").nextOffset)
                let connection = try await server.events(path, query: "offset=\(tail)&live=sse")
                _ = try await connection.next()
                try await server.append(path, "sse-data", headers: [("Stream-Closed", "true")])
                let rest = try await connection.remaining()
                #expect(rest.first == SSEEvent(type: "data", data: "sse-data"))
                #expect(rest.last?.control?["streamClosed"] as? Bool == true)
            }
        }
    }

    @Test("An idle connection gets keep-alive control events, and ends after its lifetime")
    @available(OS2023, *)
    func keepAliveAndLifetime() async throws {
        try await ServerHarness.run(
            .forTests {
                // Sixty keep-alive intervals per lifetime: room for at least one on a machine busy with the suite.
                $0.sseKeepAliveInterval = .milliseconds(100)
                $0.sseConnectionLifetime = .seconds(6)
            }
        ) { server in
            let path = ServerHarness.uniquePath()
            let tail = try await server.create(path).nextOffset
            let connection = try await server.events(path, query: "offset=now&live=sse")
            let events = try await connection.remaining()
            #expect(events.count >= 2)
            #expect(
                events.allSatisfy {
                    $0.control?["streamNextOffset"] as? String == tail && $0.control?["upToDate"] as? Bool == true
                })
        }
    }

    @Test("An echoed cursor comes back strictly greater; missing streams get 404; missing offsets 400")
    @available(OS2023, *)
    func cursorAndErrors() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "x")
            let first = try await server.events(path, query: "offset=-1&live=sse")
            let cursor = try #require(try await first.take(2)[1].control?["streamCursor"] as? String)
            first.cancel()
            let second = try await server.events(path, query: "offset=-1&live=sse&cursor=\(cursor)")
            let next = try #require(try await second.take(2)[1].control?["streamCursor"] as? String)
            second.cancel()
            #expect(try #require(Int(next)) > (try #require(Int(cursor))))
            #expect(try await server.read(ServerHarness.uniquePath(), query: "offset=now&live=sse").status == 404)
            #expect(try await server.read(path, query: "live=sse").status == 400)
        }
    }

    @Test("Stopping the server ends SSE streams promptly")
    @available(OS2023, *)
    func stopEndsStreams() async throws {
        let server = try await StartedServer.start(.forTests { $0.longPollTimeout = .seconds(120) }).server
        let client = try await ServerHarness.client(for: server)
        let path = ServerHarness.uniquePath()
        try await client.create(path)
        let connection = try await client.events(path, query: "offset=now&live=sse")
        _ = try await connection.next()
        try await withTimeout(.seconds(8)) { await server.stop() }
        #expect(try await connection.remaining(within: .seconds(8)).isEmpty)
        await client.client.shutdown()
    }
}
