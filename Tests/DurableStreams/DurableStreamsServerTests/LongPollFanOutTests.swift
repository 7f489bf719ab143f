import CourierTestSupport
import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation
import Logging
import Testing

@Suite("Long-poll fan-out: one read answers every waiter at an offset")
struct LongPollFanOutTests {
    @Test("Many waiters at the tail each get the append; groups with other cursors and encodings get their own answer")
    @available(OS2023, *)
    func manyWaiters() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(60) }) { server in
            let path = ServerHarness.uniquePath()
            let tail = try #require(try await server.create(path, body: "before;").nextOffset)
            let counts = server.server.liveReadCounts
            let waiters = 60
            let polls = (0..<waiters).map { index in
                Task {
                    let cursor = index % 3 == 0 ? "&cursor=\(index)" : ""
                    let headers = index % 4 == 0 ? [("Accept-Encoding", "gzip")] : []
                    return try await server.read(
                        path, query: "offset=\(tail)&live=long-poll\(cursor)", headers: headers)
                }
            }
            _ = try await counts.firstValue(within: .seconds(20)) { $0 == waiters }
            let appended = try #require(try await server.append(path, "after;").nextOffset)
            for (index, poll) in polls.enumerated() {
                let response = try await withTimeout(.seconds(20)) { try await poll.value }
                #expect(response.status == 200)
                #expect(response.text == "after;")
                #expect(response.nextOffset == appended)
                #expect(response.header("Stream-Up-To-Date") == "true")
                let cursor = try #require(response.header("Stream-Cursor").flatMap { Int($0) })
                if index % 3 == 0 { #expect(cursor > index, "an echoed cursor moves forward") }
            }
            _ = try await server.server.liveReadCounts.firstValue(within: .seconds(20)) { $0 == 0 }
        }
    }

    @Test("Readers polling on while appends arrive wait at different offsets, and each reads the exact bytes")
    @available(OS2023, *)
    func differentOffsets() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(60) }) { server in
            let path = ServerHarness.uniquePath()
            let start = try #require(try await server.create(path).nextOffset)
            let words = (0..<40).map { "word-\($0);" }
            let expected = words.joined()
            let readers = (0..<20).map { _ in
                Task {
                    var offset = start
                    var text = ""
                    while text.count < expected.count {
                        let response = try await server.read(path, query: "offset=\(offset)&live=long-poll")
                        if response.status == 200 { text += response.text }
                        offset = try #require(response.nextOffset)
                    }
                    return text
                }
            }
            for word in words { try await server.append(path, word) }
            for reader in readers {
                #expect(try await withTimeout(.seconds(30)) { try await reader.value } == expected)
            }
        }
    }

    @Test("A waiter whose client went away holds nobody up; the others are answered, and nothing stays counted")
    @available(OS2023, *)
    func leavingWaiter() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(60) }) { server async throws in
            let path = ServerHarness.uniquePath()
            let tail = try #require(try await server.create(path).nextOffset)
            let counts = server.server.liveReadCounts
            let port = try #require(server.server.port)
            let leaving = try await RawConnection.connect(port: port)
            try await leaving.send("GET \(path)?offset=\(tail)&live=long-poll HTTP/1.1\r\nHost: x\r\n\r\n")
            let staying = Task { try await server.read(path, query: "offset=\(tail)&live=long-poll") }
            _ = try await counts.firstValue(within: .seconds(20)) { $0 == 2 }
            // The server hears of the close when it answers (a waiting request's connection is not read).
            await leaving.close()
            try await server.append(path, "data")
            let response = try await withTimeout(.seconds(20)) { try await staying.value }
            #expect(response.text == "data")
            _ = try await server.server.liveReadCounts.firstValue(within: .seconds(20)) { $0 == 0 }
        }
    }

    @Test("Stopping the server answers waiting long-polls 503 at once, logging the stop once and each 503 at debug")
    @available(OS2023, *)
    func stopAnswers() async throws {
        let capture = LogCapture()
        let server = try await StartedServer.start(
            .forTests {
                $0.longPollTimeout = .seconds(120)
                $0.logger = capture.logger(level: .debug)
            }
        ).server
        let client = try await ServerHarness.client(for: server)
        let path = ServerHarness.uniquePath()
        let tail = try #require(try await client.create(path).nextOffset)
        let counts = server.liveReadCounts
        let poll = Task { try await client.read(path, query: "offset=\(tail)&live=long-poll") }
        _ = try await counts.firstValue(within: .seconds(20)) { $0 == 1 }
        try await withTimeout(.seconds(8)) { await server.stop() }
        let response = try await withTimeout(.seconds(8)) { try await poll.value }
        #expect(response.status == 503)
        #expect(response.header("Retry-After") == "1")
        await client.client.shutdown()
        let logged = capture.records
        #expect(logged.filter { $0.message == "durable-streams stopping" && $0.level == .info }.count == 1)
        #expect(logged.contains { $0.level == .debug && $0.metadata["status"] == "503" }, "\(capture.text)")
        #expect(!logged.contains { $0.level >= .error }, "\(capture.text)")
    }
}
