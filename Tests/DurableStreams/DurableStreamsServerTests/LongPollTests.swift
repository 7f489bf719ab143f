import CourierTestSupport
import Foundation
import Testing

@Suite("Long-poll reads")
struct LongPollTests {
    @Test("A long-poll at the tail returns the next append with a cursor")
    @available(OS2023, *)
    func wakesOnAppend() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(30) }) { server in
            let path = ServerHarness.uniquePath()
            let tail = try #require(try await server.create(path, body: "before").nextOffset)
            let poll = Task { try await server.read(path, query: "offset=\(tail)&live=long-poll") }
            try await server.append(path, "after")
            let response = try await withTimeout(.seconds(20)) { try await poll.value }
            #expect(response.status == 200)
            #expect(response.text == "after")
            #expect(response.header("Stream-Up-To-Date") == "true")
            #expect(response.header("Stream-Cursor")?.allSatisfy(\.isNumber) == true)
        }
    }

    @Test("With nothing new, 204 after the timeout with the tail, up-to-date and a cursor")
    @available(OS2023, *)
    func timesOut() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let tail = try #require(try await server.create(path).nextOffset)
            let response = try await server.read(path, query: "offset=\(tail)&live=long-poll")
            #expect(response.status == 204)
            #expect(response.nextOffset == tail)
            #expect(response.header("Stream-Up-To-Date") == "true")
            #expect(response.header("Stream-Cursor")?.allSatisfy(\.isNumber) == true)
            #expect(response.header("Cache-Control") == "no-store")
            #expect(response.header("X-Content-Type-Options") == "nosniff")
        }
    }

    @Test("Data already after the offset is returned at once; offset=now waits for new data only")
    @available(OS2023, *)
    func immediateAndNow() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            let tail = try await server.create(path, body: "existing data").nextOffset
            let immediate = try await server.read(path, query: "offset=-1&live=long-poll")
            #expect(immediate.status == 200)
            #expect(immediate.text == "existing data")
            #expect(immediate.header("Stream-Up-To-Date") == "true")
            let now = try await server.read(path, query: "offset=now&live=long-poll")
            #expect(now.status == 204)
            #expect(now.nextOffset == tail)
            #expect(try await server.read(ServerHarness.uniquePath(), query: "offset=now&live=long-poll").status == 404)
        }
    }

    @Test("An echoed cursor at or past the current interval comes back strictly greater")
    @available(OS2023, *)
    func cursorMovesForward() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "data")
            let first = try #require(
                try await server.read(path, query: "offset=-1&live=long-poll").header("Stream-Cursor"))
            let second = try #require(
                try await server.read(path, query: "offset=-1&live=long-poll&cursor=\(first)").header("Stream-Cursor"))
            #expect(try #require(Int(second)) > (try #require(Int(first))))
            let stale = try #require(
                try await server.read(path, query: "offset=-1&live=long-poll&cursor=1").header("Stream-Cursor"))
            #expect(stale == first || Int(stale) ?? 0 >= Int(first) ?? 0)
        }
    }

    @Test("A closed stream at the tail answers 204 with Stream-Closed at once, even with a long timeout")
    @available(OS2023, *)
    func closedAnswersAtOnce() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(120) }) { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "data")
            let tail = try #require(try await server.send(.POST, path, headers: [("Stream-Closed", "true")]).nextOffset)
            let response = try await withTimeout(.seconds(20)) {
                try await server.read(path, query: "offset=\(tail)&live=long-poll")
            }
            #expect(response.status == 204)
            #expect(response.header("Stream-Closed") == "true")
            #expect(response.header("Stream-Up-To-Date") == "true")
            #expect(response.nextOffset == tail)
            let now = try await withTimeout(.seconds(20)) {
                try await server.read(path, query: "offset=now&live=long-poll")
            }
            #expect(now.status == 204)
            #expect(now.header("Stream-Closed") == "true")
        }
    }

    @Test("Waiting long-polls wake on close (204 Stream-Closed), on append-and-close (the data) and on delete (404)")
    @available(OS2023, *)
    func wakeOnCloseAndDelete() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(60) }) { server in
            let closing = ServerHarness.uniquePath()
            let tail = try #require(try await server.create(closing).nextOffset)
            let poll = Task { try await server.read(closing, query: "offset=\(tail)&live=long-poll") }
            try await server.send(.POST, closing, headers: [("Stream-Closed", "true")])
            let closed = try await withTimeout(.seconds(20)) { try await poll.value }
            #expect(closed.status == 204)
            #expect(closed.header("Stream-Closed") == "true")

            let final = ServerHarness.uniquePath()
            let finalTail = try #require(try await server.create(final).nextOffset)
            let finalPoll = Task { try await server.read(final, query: "offset=\(finalTail)&live=long-poll") }
            try await server.append(final, "last", headers: [("Stream-Closed", "true")])
            let last = try await withTimeout(.seconds(20)) { try await finalPoll.value }
            #expect(last.status == 200)
            #expect(last.text == "last")
            #expect(last.header("Stream-Closed") == "true")

            let deleted = ServerHarness.uniquePath()
            let deletedTail = try #require(try await server.create(deleted).nextOffset)
            let deletedPoll = Task { try await server.read(deleted, query: "offset=\(deletedTail)&live=long-poll") }
            try await server.send(.DELETE, deleted)
            #expect(try await withTimeout(.seconds(20)) { try await deletedPoll.value }.status == 404)
        }
    }

    @Test("Live modes need an offset and a known mode")
    @available(OS2023, *)
    func parameters() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath()
            try await server.create(path)
            #expect(try await server.read(path, query: "live=long-poll").status == 400)
            #expect(try await server.read(path, query: "live=sse").status == 400)
            #expect(try await server.read(path, query: "offset=-1&live=websocket").status == 400)
        }
    }
}
