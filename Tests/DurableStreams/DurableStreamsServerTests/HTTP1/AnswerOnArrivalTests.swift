import CourierTestSupport
import DurableStreamsServer
import DurableStreamsStorage
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

    @Test("an append whose body arrives in two reads goes to a handler with the first half, and is stored once")
    @available(OS2023, *)
    func splitBody() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            let socket = try PlainSocket(port: try #require(server.server.port))
            try socket.send(
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nfirst")
            // Not a wait for an event: a pause, so that the rest arrives in a read of its own and the request,
            // held on the event loop, is handed to a handler with the half that came.
            try await Task.sleep(for: .milliseconds(100))
            try socket.send("-half")
            let response = try await socket.receiveResponse()
            #expect(response.hasPrefix("HTTP/1.1 204"))
            #expect(try await server.read(path, query: "offset=-1").text == "first-half")
        }
    }

    @Test("on the event loop, appends and long-polls are answered as a handler on a task answers them")
    @available(OS2023, *)
    func sameAnswersOnBothRoutes() async throws {
        let path = ServerHarness.uniquePath("route")
        var onLoop: [SameRouteTests.Answer] = []
        var onTask: [SameRouteTests.Answer] = []
        try await ServerHarness.run(.forTests { $0.maximumBodyBytes = 1_024 }) { server in
            onLoop = try await Self.appendsAndLongPolls(server, path: path)
        }
        let configuration = DurableStreamsServer.Configuration.forTests {
            $0.maximumBodyBytes = 1_024
            $0.storage = .custom(TaskRouteStore())
        }
        try await ServerHarness.run(configuration) { server in
            onTask = try await Self.appendsAndLongPolls(server, path: path)
        }
        #expect(onLoop.count == 17)
        #expect(onLoop.count == onTask.count)
        for (loop, task) in zip(onLoop, onTask) {
            #expect(loop == task)
        }
    }

    /// Appends that succeed and fail every way a header or body can, and long-polls answered at once, unchanged and
    /// after waiting.
    @available(OS2023, *)
    private static func appendsAndLongPolls(_ server: ServerHarness, path: String) async throws
        -> [SameRouteTests.Answer]
    {
        var answers: [SameRouteTests.Answer] = []
        func record(_ response: TestResponse) { answers.append(SameRouteTests.Answer(response)) }
        let text = [("Content-Type", "text/plain")]
        record(try await server.create(path, body: "a"))
        record(try await server.append(path, "b"))
        record(try await server.send(.POST, path, text: "no type"))
        record(try await server.append(path, "[1]", contentType: "application/json"))
        record(try await server.send(.POST, path, headers: text, text: ""))
        // Its body names the stream's incarnation, which differs from server to server.
        var mismatch = SameRouteTests.Answer(
            try await server.append(path, "x", headers: [("Stream-If-Incarnation", "another")]))
        mismatch.body = mismatch.body.prefix { $0 != "," }.description
        answers.append(mismatch)
        record(try await server.append(path, "x", headers: [("Content-Encoding", "gzip")]))
        record(try await server.append(path, String(repeating: "x", count: 2_000)))
        let producer = [("Producer-Id", "p"), ("Producer-Epoch", "0")]
        record(try await server.append(path, "c", headers: producer + [("Producer-Seq", "0")]))
        record(try await server.append(path, "c", headers: producer + [("Producer-Seq", "0")]))
        record(try await server.append(path, "d", headers: producer + [("Producer-Seq", "5")]))
        record(try await server.append(path, "e", headers: [("Stream-Seq", String(repeating: "9", count: 300))]))
        let caughtUp = try await server.read(path, query: "offset=-1&live=long-poll")
        record(caughtUp)
        let etag = try #require(caughtUp.header("ETag"))
        record(try await server.read(path, query: "offset=-1&live=long-poll", headers: [("If-None-Match", etag)]))
        let tail = try #require(caughtUp.nextOffset)
        record(try await server.read(path, query: "offset=\(tail)&live=long-poll"))
        record(try await server.read(path, query: "offset=\(tail)&live=long-poll&live=sse"))
        record(try await server.send(.POST, path, headers: text + [("Stream-Closed", "true")], text: "end"))
        return answers
    }
}

/// A memory store that does not say its operations never wait: a server on it runs every request on a task.
@available(OS2023, *)
private final class TaskRouteStore: StreamStorage {
    private let base = MemoryStreamStorage()

    func create(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> CreateResult {
        try await base.create(path, request)
    }

    func append(_ path: StreamPath, _ request: AppendRequest) async throws(StreamStorageError) -> AppendResult {
        try await base.append(path, request)
    }

    func info(_ path: StreamPath) async throws(StreamStorageError) -> StreamInfo {
        try await base.info(path)
    }

    func read(_ path: StreamPath, from start: ReadStart, maxBytes: Int) async throws(StreamStorageError)
        -> ReadResult
    {
        try await base.read(path, from: start, maxBytes: maxBytes)
    }

    func delete(_ path: StreamPath) async throws(StreamStorageError) {
        try await base.delete(path)
    }

    func waitForAppend(
        _ path: StreamPath, after offset: StreamOffset, timeout: Duration, cancellation: WaitCancellation?
    ) async -> WaitResult {
        await base.waitForAppend(path, after: offset, timeout: timeout, cancellation: cancellation)
    }

    func shutdown() async {
        await base.shutdown()
    }
}
