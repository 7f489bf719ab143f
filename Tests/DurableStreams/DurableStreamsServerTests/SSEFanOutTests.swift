import CourierTestSupport
import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation
import Testing

@Suite("SSE fan-out: one pass writes each append to every reader")
struct SSEFanOutTests {
    /// SSE responses that outlive the test: with the default 60 s lifetime, a full parallel run on a slow 2-core
    /// machine took long enough to open the hundred readers (or send 8 MiB) that the server ended the first
    /// responses, as it should, before the appends reached them.
    @available(OS2023, *)
    static var configuration: DurableStreamsServer.Configuration {
        .forTests {
            $0.longPollTimeout = .seconds(60)
            $0.sseConnectionLifetime = .seconds(600)
        }
    }

    @Test("A hundred readers of one stream each receive every append in order, then the stream's end")
    @available(OS2023, *)
    func manyReaders() async throws {
        try await ServerHarness.run(Self.configuration) { server in
            let path = ServerHarness.uniquePath()
            let tail = try #require(try await server.create(path).nextOffset)
            var connections: [SSEConnection] = []
            for _ in 0..<100 {
                let connection = try await server.events(path, query: "offset=\(tail)&live=sse")
                #expect(try await connection.next()?.control?["upToDate"] as? Bool == true)
                connections.append(connection)
            }
            let words = (0..<40).map { "word-\($0);" }
            for word in words { try await server.append(path, word) }
            try await server.send(.POST, path, headers: [("Stream-Closed", "true")])
            for connection in connections {
                let events = try await connection.remaining()
                #expect(events.filter { $0.type == "data" }.map(\.data).joined() == words.joined())
                #expect(events.last?.control?["streamClosed"] as? Bool == true)
                #expect(events.filter { $0.control?["streamClosed"] != nil }.count == 1)
            }
        }
    }

    @Test("A reader that stops reading holds nobody up, and later receives everything in order")
    @available(OS2023, *)
    func slowReader() async throws {
        try await ServerHarness.run(Self.configuration) { server in
            let path = ServerHarness.uniquePath()
            let tail = try #require(try await server.create(path).nextOffset)
            let port = try #require(URLComponents(string: server.base)?.port)
            let slow = try PlainSocket(port: port, receiveBufferBytes: 4096)
            try slow.send("GET \(path)?offset=\(tail)&live=sse HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let fast = try await server.events(path, query: "offset=\(tail)&live=sse")
            #expect(try await fast.next()?.control?["upToDate"] as? Bool == true)
            // 8 MiB: more than the slow reader's socket buffers and its connection's high-water mark hold.
            let blocks = (0..<128).map { index in String(format: "%04d", index) + String(repeating: "x", count: 65_532)
            }
            for block in blocks {
                try await server.append(path, block)
            }
            try await server.send(.POST, path, headers: [("Stream-Closed", "true")])
            let events = try await fast.remaining(within: .seconds(60))
            #expect(events.filter { $0.type == "data" }.map(\.data).joined() == blocks.joined())
            #expect(events.last?.control?["streamClosed"] as? Bool == true)

            let received = try await slow.receive(untilEndingWith: "\r\n0\r\n\r\n")
            let body = try Self.dechunk(received)
            let data = body.split(separator: "\n").filter { $0.hasPrefix("data: ") && !$0.hasPrefix("data: {") }
            #expect(data.map { $0.dropFirst(6) }.joined() == blocks.joined())
            #expect(body.contains("\"streamClosed\":true"))
        }
    }

    /// The body of a chunked HTTP/1.1 response, as text.
    private static func dechunk(_ response: [UInt8]) throws -> String {
        let text = String(decoding: response, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n") else { throw HarnessError("no response head") }
        var rest = text[headEnd.upperBound...]
        var body = ""
        while let lineEnd = rest.range(of: "\r\n") {
            guard let size = Int(rest[..<lineEnd.lowerBound], radix: 16) else { throw HarnessError("bad chunk size") }
            if size == 0 { return body }
            let start = lineEnd.upperBound
            let end = rest.utf8.index(start, offsetBy: size)
            body += rest[start..<end]
            rest = rest[rest.utf8.index(end, offsetBy: 2)...]
        }
        throw HarnessError("the body did not end")
    }
}
