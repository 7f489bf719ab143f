import CourierTestSupport
import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation
import Testing

@Suite("HTTP/1.1 connections: keep-alive after handed-off responses, pipelining, idling, HTTP/1.0")
struct HTTP1ConnectionTests {
    @Test("after an SSE response ends, the same connection serves the next request")
    @available(OS2023, *)
    func keepAliveAfterSSE() async throws {
        try await ServerHarness.run(.forTests { $0.sseConnectionLifetime = .milliseconds(300) }) { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "kept")
            let socket = try PlainSocket(port: try #require(server.server.port))
            try socket.send("GET \(path)?offset=now&live=sse HTTP/1.1\r\nHost: x\r\n\r\n")
            let events = String(decoding: try await socket.receive(untilEndingWith: "\r\n0\r\n\r\n"), as: UTF8.self)
            #expect(events.hasPrefix("HTTP/1.1 200"))
            #expect(events.contains("event: control"))
            try socket.send("GET \(path)?offset=-1 HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try await socket.receiveResponse()
            #expect(response.hasPrefix("HTTP/1.1 200"))
            #expect(response.hasSuffix("\r\n\r\nkept"))
        }
    }

    @Test("pipelined requests are answered one after the other, in order")
    @available(OS2023, *)
    func pipelining() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let socket = try PlainSocket(port: try #require(server.server.port))
            let append = { (text: String) in
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: \(text.utf8.count)\r\n\r\n\(text)"
            }
            try socket.send(append("one,") + append("two,") + "GET \(path)?offset=-1 HTTP/1.1\r\nHost: x\r\n\r\n")
            // The answers may arrive together: read them as one text.
            let text = String(decoding: try await socket.receive(untilEndingWith: "one,two,"), as: UTF8.self)
            let heads = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("HTTP/1.1 ") }
            #expect(heads.map { $0.prefix(12) } == ["HTTP/1.1 204", "HTTP/1.1 204", "HTTP/1.1 200"])
        }
    }

    @Test("an idle connection closes after the idle timeout; one holding an SSE response does not")
    @available(OS2023, *)
    func idleTimeout() async throws {
        let configuration = DurableStreamsServer.Configuration.forTests {
            // Long enough for a connection to send its first request on a loaded machine.
            $0.idleTimeout = .seconds(2)
            $0.longPollTimeout = .seconds(60)
        }
        try await ServerHarness.run(configuration) { server in
            let path = ServerHarness.uniquePath()
            let port = try #require(server.server.port)
            // Not through the harness's client, whose pooled connection the idle timeout may have closed.
            let create = try await RawConnection.connect(port: port)
            try await create.send("PUT \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            #expect(try await create.receive().hasPrefix("HTTP/1.1 201"))
            let reader = try await RawConnection.connect(port: port)
            try await reader.send("GET \(path)?offset=now&live=sse HTTP/1.1\r\nHost: x\r\n\r\n")
            let idle = try await RawConnection.connect(port: port)
            // Closed after two seconds; the reader, older, is then still open a second later. The wait for the
            // close ends when it comes; its bound is generous because a loaded parallel pass once took over 20 s.
            let (nothing, idleClosed) = await idle.receive(within: .seconds(90))
            #expect(idleClosed)
            #expect(nothing.isEmpty)
            let (events, readerClosed) = await reader.receive(within: .seconds(1))
            #expect(!readerClosed)
            #expect(events.contains("event: control"))
        }
    }

    @Test("an HTTP/1.0 request without keep-alive is answered, then the connection closes")
    @available(OS2023, *)
    func http10() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "old")
            let connection = try await RawConnection.connect(port: try #require(server.server.port))
            try await connection.send("GET \(path)?offset=-1 HTTP/1.0\r\nHost: x\r\n\r\n")
            let (response, closed) = await connection.receive(within: .seconds(20))
            #expect(closed)
            #expect(response.contains(" 200 OK\r\n"))
            #expect(response.hasSuffix("\r\n\r\nold"))
        }
    }

    @Test("a request line that is not HTTP gets 400 and the connection closes")
    @available(OS2023, *)
    func garbage() async throws {
        try await ServerHarness.run { server in
            let connection = try await RawConnection.connect(port: try #require(server.server.port))
            try await connection.send("NOT HTTP AT ALL\r\n\r\n")
            let (response, closed) = await connection.receive(within: .seconds(20))
            #expect(closed)
            #expect(response.hasPrefix("HTTP/1.1 400"))
        }
    }

    @Test("stopping the server ends a handed-off SSE response with its last chunk, and the connection closes")
    @available(OS2023, *)
    func stopEndsReaders() async throws {
        let server = DurableStreamsServer(configuration: .forTests { $0.longPollTimeout = .seconds(60) })
        let port = try await server.start()
        let path = ServerHarness.uniquePath()
        let create = try await RawConnection.connect(port: port)
        try await create.send("PUT \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        _ = await create.receive(within: .seconds(20))
        let counts = server.liveReadCounts
        let reader = try await RawConnection.connect(port: port)
        try await reader.send("GET \(path)?offset=now&live=sse HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try await counts.firstValue(within: .seconds(20)) { $0 == 1 }
        let started = ContinuousClock.now
        await server.stop()
        #expect(started.duration(to: .now) < .seconds(5))
        let (events, closed) = await reader.receive(within: .seconds(20))
        #expect(closed)
        #expect(events.hasSuffix("\r\n0\r\n\r\n"))
    }
}
