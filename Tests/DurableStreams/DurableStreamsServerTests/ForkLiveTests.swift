import CourierTestSupport
import Foundation
import Testing

/// The upstream server conformance checks "Fork - Live Modes", plus SSE at a fork's tail and live reads of a
/// source that is soft-deleted.
@Suite("Fork live reads")
struct ForkLiveTests {
    @Test("A long-poll in the inherited range answers at once with the inherited data")
    @available(OS2023, *)
    func inheritedAtOnce() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(120) }) { server in
            let (source, fork) = ServerHarness.forkPaths("live-inherited")
            try await server.create(source, body: "inherited data")
            try await server.fork(fork, from: source)
            let response = try await withTimeout(.seconds(30)) {
                try await server.read(fork, query: "offset=-1&live=long-poll")
            }
            #expect(response.status == 200)
            #expect(response.text == "inherited data")
            #expect(response.header("Stream-Up-To-Date") == "true")
        }
    }

    @Test("A long-poll at the fork's tail wakes for the fork's append, not the source's")
    @available(OS2023, *)
    func waitsForForkAppends() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(30) }) { server in
            let (source, fork) = ServerHarness.forkPaths("live-tail")
            try await server.create(source, body: "source")
            try await server.fork(fork, from: source)
            let forkHead = try await server.read(fork)
            let offset = try #require(forkHead.nextOffset)
            let counts = server.server.liveReadCounts
            let poll = Task { try await server.read(fork, query: "offset=\(offset)&live=long-poll") }
            _ = try await counts.firstValue(within: .seconds(20)) { $0 == 1 }
            try await server.append(source, " source extra")
            try await server.append(fork, " fork new")
            let response = try await withTimeout(.seconds(20)) { try await poll.value }
            #expect(response.status == 200)
            #expect(response.text == " fork new")
        }
    }

    @Test("SSE from the start of a fork delivers the inherited data, then the fork's")
    @available(OS2023, *)
    func sse() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("live-sse")
            try await server.create(source, body: "inherited")
            try await server.fork(fork, from: source)
            try await server.append(fork, " forked")
            let connection = try await server.events(fork, query: "offset=-1&live=sse")
            #expect(connection.status == 200)
            let events = try await connection.take(2)
            #expect(events[0] == SSEEvent(type: "data", data: "inherited forked"))
            #expect(events[1].control?["upToDate"] as? Bool == true)
            connection.cancel()
        }
    }

    @Test("SSE at a fork's tail never delivers the source's later appends, only the fork's")
    @available(OS2023, *)
    func sseAtTail() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(30) }) { server in
            let (source, fork) = ServerHarness.forkPaths("live-sse-tail")
            try await server.create(source, body: "inherited")
            let tail = try #require(try await server.fork(fork, from: source).nextOffset)
            let connection = try await server.events(fork, query: "offset=\(tail)&live=sse")
            #expect(try await connection.next()?.control?["upToDate"] as? Bool == true)
            try await server.append(source, "source only")
            try await server.append(fork, "fork only")
            #expect(try await connection.next() == SSEEvent(type: "data", data: "fork only"))
            #expect(try await connection.next()?.type == "control")
            connection.cancel()
        }
    }

    @Test("Reading on from a long-poll's offset hands over from inherited to own data")
    @available(OS2023, *)
    func handover() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("live-handover")
            try await server.create(source, body: "source data")
            try await server.fork(fork, from: source)
            let first = try await server.read(fork, query: "offset=-1&live=long-poll")
            #expect(first.status == 200)
            #expect(first.text == "source data")
            let next = try #require(first.nextOffset)
            try await server.append(fork, " fork append")
            let second = try await server.read(fork, query: "offset=\(next)")
            #expect(second.status == 200)
            #expect(second.text == " fork append")
        }
    }

    @Test("Live reads of a soft-deleted source answer 410; one waiting when it is deleted ends with 410")
    @available(OS2023, *)
    func softDeletedSource() async throws {
        try await ServerHarness.run(.forTests { $0.longPollTimeout = .seconds(30) }) { server in
            let (source, fork) = ServerHarness.forkPaths("live-gone")
            let tail = try #require(try await server.create(source, body: "data").nextOffset)
            try await server.fork(fork, from: source)
            let counts = server.server.liveReadCounts
            let poll = Task { try await server.read(source, query: "offset=\(tail)&live=long-poll") }
            _ = try await counts.firstValue(within: .seconds(20)) { $0 == 1 }
            #expect(try await server.send(.DELETE, source).status == 204)
            #expect(try await withTimeout(.seconds(20)) { try await poll.value }.status == 410)
            #expect(try await server.read(source, query: "offset=-1&live=long-poll").status == 410)
            #expect(try await server.read(source, query: "offset=-1&live=sse").status == 410)
            #expect(try await server.read(fork, query: "offset=-1&live=long-poll").text == "data")
        }
    }
}
