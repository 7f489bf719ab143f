import DurableStreamsServer
import DurableStreamsStorage
import Foundation
import Testing

/// The upstream server conformance checks "Fork - Deletion and Lifecycle", "Fork - TTL and Expiry" and
/// "Fork - Edge Cases". Cascading removal is immediate here, so where upstream polls until a source
/// answers 404, these checks expect it at once. Time-to-live checks run on a clock the test moves.
@Suite("Fork lifecycle")
struct ForkLifecycleTests {
    @Test("Deleting a fork leaves the source alive")
    @available(OS2023, *)
    func deleteFork() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("del")
            try await server.create(source, body: "source data")
            try await server.fork(fork, from: source)
            #expect(try await server.send(.DELETE, fork).status == 204)
            #expect(try await server.read(fork).status == 404)
            let read = try await server.read(source)
            #expect(read.status == 200)
            #expect(read.text == "source data")
        }
    }

    @Test(
        "A source deleted with a fork is 410 for HEAD, GET, POST and DELETE, 409 for PUT and forking; the fork reads on"
    )
    @available(OS2023, *)
    func softDelete() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("soft")
            try await server.create(source, body: "preserved data")
            try await server.fork(fork, from: source)
            #expect(try await server.send(.DELETE, source).status == 204)
            #expect(try await server.headStatus(source) == 410)
            #expect(try await server.read(source, query: "offset=-1").status == 410)
            #expect(try await server.append(source, "more data").status == 410)
            #expect(try await server.send(.DELETE, source).status == 410)
            #expect(try await server.create(source).status == 409)
            #expect(try await server.fork(ServerHarness.uniquePath("refork"), from: source).status == 409)
            let read = try await server.read(fork, query: "offset=-1")
            #expect(read.status == 200)
            #expect(read.text == "preserved data")
        }
    }

    @Test("Deleting the last fork removes the soft-deleted source, through every level of a chain")
    @available(OS2023, *)
    func cascade() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("cascade")
            try await server.create(source, body: "cascade data")
            try await server.fork(fork, from: source)
            try await server.send(.DELETE, source)
            #expect(try await server.headStatus(source) == 410)
            #expect(try await server.send(.DELETE, fork).status == 204)
            #expect(try await server.headStatus(source) == 404)
            #expect(try await server.create(source).status == 201, "the path is free again")

            let levels = (0..<3).map { ServerHarness.uniquePath("cascade3-l\($0)") }
            try await server.create(levels[0], body: "root")
            try await server.fork(levels[1], from: levels[0])
            try await server.fork(levels[2], from: levels[1])
            try await server.send(.DELETE, levels[0])
            try await server.send(.DELETE, levels[1])
            #expect(try await server.headStatus(levels[0]) == 410)
            #expect(try await server.headStatus(levels[1]) == 410)
            #expect(try await server.send(.DELETE, levels[2]).status == 204)
            for level in levels { #expect(try await server.headStatus(level) == 404) }
        }
    }

    @Test("Deleting the middle of a chain keeps the leaf whole and the root alive")
    @available(OS2023, *)
    func deleteMiddle() async throws {
        try await ServerHarness.run { server in
            let levels = (0..<3).map { ServerHarness.uniquePath("middle-l\($0)") }
            try await server.create(levels[0], body: "A")
            try await server.fork(levels[1], from: levels[0])
            try await server.append(levels[1], "B")
            try await server.fork(levels[2], from: levels[1])
            try await server.append(levels[2], "C")
            try await server.send(.DELETE, levels[1])
            #expect(try await server.headStatus(levels[1]) == 410)
            #expect(try await server.read(levels[2], query: "offset=-1").text == "ABC")
            #expect(try await server.read(levels[0], query: "offset=-1").text == "A")
        }
    }

    @Test("A source outlives the deletion of all its forks; ten forks read the same data")
    @available(OS2023, *)
    func manyForks() async throws {
        try await ServerHarness.run { server in
            let source = ServerHarness.uniquePath("many-src")
            try await server.create(source, body: "shared data")
            let forks = (0..<10).map { ServerHarness.uniquePath("many-f\($0)") }
            for fork in forks { #expect(try await server.fork(fork, from: source).status == 201) }
            for fork in forks { #expect(try await server.read(fork, query: "offset=-1").text == "shared data") }
            for fork in forks { #expect(try await server.send(.DELETE, fork).status == 204) }
            #expect(try await server.read(source, query: "offset=-1").text == "shared data")
        }
    }

    @Test("A fork made and its source deleted at once still reads")
    @available(OS2023, *)
    func immediateDelete() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("imm-del")
            try await server.create(source, body: "ephemeral")
            try await server.fork(fork, from: source)
            try await server.send(.DELETE, source)
            #expect(try await server.read(fork, query: "offset=-1").text == "ephemeral")
        }
    }

    @Test("Fork expiry: inherited Expires-At and TTL, or the fork's own, never capped by the source's")
    @available(OS2023, *)
    func expiryHeaders() async throws {
        try await ServerHarness.run { server in
            let expiresAt = StreamTimestamp(date: Date().addingTimeInterval(3600)).text
            let cases: [([(String, String)], [(String, String)], String, String?)] = [
                ([("Stream-Expires-At", expiresAt)], [], "Stream-Expires-At", expiresAt),
                ([("Stream-TTL", "3600")], [], "Stream-TTL", "3600"),
                ([("Stream-TTL", "3600")], [("Stream-TTL", "7200")], "Stream-TTL", "7200"),
                ([("Stream-TTL", "3600")], [("Stream-TTL", "1800")], "Stream-TTL", "1800"),
                ([("Stream-TTL", "10")], [("Stream-TTL", "99999")], "Stream-TTL", "99999"),
                ([("Stream-TTL", "10")], [("Stream-Expires-At", expiresAt)], "Stream-Expires-At", expiresAt),
                ([("Stream-TTL", "10")], [], "Stream-Expires-At", nil),
                ([], [], "Stream-TTL", nil),
            ]
            for (sourceHeaders, forkHeaders, header, expected) in cases {
                let (source, fork) = ServerHarness.forkPaths("expiry")
                #expect(try await server.create(source, headers: sourceHeaders, body: "data").status == 201)
                #expect(try await server.fork(fork, from: source, headers: forkHeaders).status == 201)
                let head = try await server.send(.HEAD, fork)
                #expect(head.status == 200)
                #expect(head.header(header) == expected, "\(sourceHeaders) + \(forkHeaders)")
                #expect(try await server.fork(fork, from: source, headers: forkHeaders).status == 200)
            }
        }
    }

    @Test("An expiring fork releases its source; an expiring source with forks goes 410; a fork outlives its source")
    @available(OS2023, *)
    func timeToLive() async throws {
        let clock = TestClock()
        let storage = MemoryStreamStorage(now: { clock.now })
        try await ServerHarness.run(.forTests { $0.storage = .custom(storage) }) { server async throws in
            let (source, fork) = ServerHarness.forkPaths("ttl")
            try await server.create(source, headers: [("Stream-TTL", "60")], body: "data")
            try await server.fork(fork, from: source, headers: [("Stream-TTL", "1")])
            #expect(try await server.headStatus(fork) == 200)
            clock.advance(by: 2)
            #expect(try await server.headStatus(fork) == 404)
            #expect(try await server.read(fork).status == 404)
            try await server.send(.DELETE, source)
            #expect(try await server.headStatus(source) == 404, "the expired fork released its reference")

            let (expiring, child) = ServerHarness.forkPaths("ttl-src")
            try await server.create(expiring, headers: [("Stream-TTL", "1")], body: "data")
            try await server.fork(child, from: expiring)
            clock.advance(by: 2)
            #expect(try await server.headStatus(expiring) == 410)
            #expect(try await server.read(expiring).status == 410)
            #expect(try await server.headStatus(child) == 404, "the fork inherited the same time-to-live")

            let (parent, survivor) = ServerHarness.forkPaths("outlive")
            try await server.create(parent, headers: [("Stream-TTL", "2")], body: "source data")
            try await server.fork(survivor, from: parent, headers: [("Stream-TTL", "2")])
            clock.advance(by: 1.5)
            #expect(try await server.read(survivor).status == 200)
            clock.advance(by: 1)
            #expect(try await server.headStatus(parent) == 410)
            #expect(try await server.read(parent).status == 410)
            #expect(try await server.headStatus(survivor) == 200)
            #expect(try await server.read(survivor).text == "source data")
        }
        await storage.shutdown()
    }
}
