import CourierTestSupport
import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation
import HTTPTypes
import Testing

/// A small append or a long-poll to a store that never waits is answered on its connection's event loop as soon as
/// its body has arrived; everything else, and a body still arriving, goes to a handler on a task.
@Suite("Small appends and long-polls answered on arrival")
struct AnswerOnArrivalTests {
    private static func head(_ fields: HTTPFields, method: HTTPRequest.Method = .post) -> HTTPRequest {
        HTTPRequest(method: method, scheme: nil, authority: "x", path: "/v1/stream/s", headerFields: fields)
    }

    @Test("offered: a POST with a Content-Length up to 64 KiB, not waiting for 100 Continue; a GET without a body")
    func offered() {
        let offered = HTTP1ConnectionState.answersOnArrival
        #expect(offered(Self.head([.contentLength: "100"])))
        #expect(offered(Self.head([.contentLength: "0"])))
        #expect(offered(Self.head([.contentLength: "65536"])))
        #expect(!offered(Self.head([.contentLength: "65537"])))
        #expect(!offered(Self.head([:])))
        #expect(!offered(Self.head([.transferEncoding: "chunked"])))
        #expect(!offered(Self.head([.contentLength: "100", .expect: "100-continue"])))
        #expect(!offered(Self.head([.contentLength: "ten"])))
        #expect(!offered(Self.head([.contentLength: "100"], method: .put)))
        #expect(offered(Self.head([:], method: .get)))
        #expect(offered(Self.head([.contentLength: "0"], method: .get)))
        #expect(!offered(Self.head([.contentLength: "5"], method: .get)))
        #expect(!offered(Self.head([.transferEncoding: "chunked"], method: .get)))
        #expect(!offered(Self.head([:], method: .head)))
    }

    @Test("appends pipelined behind a read that a handler answers are answered in order, each stored once")
    @available(OS2023, *)
    func pipelinedBehindHandler() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "start;")
            let socket = try PlainSocket(port: try #require(server.server.port))
            let count = 200
            let read = "GET \(path)?offset=-1 HTTP/1.1\r\nHost: x\r\n\r\n"
            // The read runs on a task: the appends wait behind it, then arrive one after the other as each answer
            // ends, the next inside the writing of the previous one's answer.
            var requests = read
            for index in 0..<count {
                let text = "\(index);"
                requests +=
                    "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: \(text.utf8.count)\r\n\r\n\(text)"
            }
            requests += read
            try socket.send(requests)
            let all = "start;" + (0..<count).map { "\($0);" }.joined()
            let text = String(decoding: try await socket.receive(untilEndingWith: all), as: UTF8.self)
            let lines = text.components(separatedBy: "\r\n")
            // A read's body ends without a line break: split on the status lines' start.
            let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
            #expect(statuses == ["200"] + Array(repeating: "204", count: count) + ["200"])
            let offsets = lines.compactMap { line -> Int? in
                guard line.lowercased().hasPrefix("stream-next-offset: ") else { return nil }
                return Int(line.dropFirst("stream-next-offset: ".count), radix: 16)
            }
            // Each append ends where the text up to it ends; the last read ends with the last append.
            var expected = ["start;".utf8.count]
            var end = expected[0]
            for index in 0..<count {
                end += "\(index);".utf8.count
                expected.append(end)
            }
            expected.append(end)
            #expect(offsets == expected)
        }
    }

    @Test("an append whose body stops arriving goes to a handler, whose body timeout answers 408; nothing is stored")
    @available(OS2023, *)
    func stalledBody() async throws {
        try await ServerHarness.run(.forTests { $0.bodyTimeout = .seconds(1) }) { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let connection = try await RawConnection.connect(port: try #require(server.server.port))
            try await connection.send(
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nhalf")
            let (response, closed) = await connection.receive(within: .seconds(20))
            #expect(response.hasPrefix("HTTP/1.1 408"))
            #expect(closed)
            let read = try await server.read(path, query: "offset=-1")
            #expect(read.status == 200)
            #expect(read.text.isEmpty)
        }
    }

    @Test("an append whose body arrives in two writes is stored once, whichever route takes it")
    @available(OS2023, *)
    func splitBody() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let socket = try PlainSocket(port: try #require(server.server.port))
            try socket.send(
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nfirst")
            try socket.send("-half")
            let response = try await socket.receiveResponse()
            #expect(response.hasPrefix("HTTP/1.1 204"))
            #expect(try await server.read(path, query: "offset=-1").text == "first-half")
        }
    }
}
