import Foundation
import Testing

/// The upstream server conformance checks "Fork - Reading", "Fork - Appending", "Fork - Recursive" and
/// "Fork - JSON Mode".
@Suite("Fork reads and appends")
struct ForkReadingTests {
    @Test("A fork reads inherited data, its own data from the fork offset, and both across the boundary")
    @available(OS2023, *)
    func reading() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("read")
            try await server.create(source, body: "A")
            let forkOffset = try #require(try await server.append(source, "B").nextOffset)
            try await server.fork(fork, from: source)
            let inherited = try await server.read(fork, query: "offset=-1")
            #expect(inherited.text == "AB")
            #expect(inherited.header("Stream-Up-To-Date") == "true")
            #expect(inherited.nextOffset == forkOffset)
            try await server.append(fork, "C")
            #expect(try await server.read(fork, query: "offset=-1").text == "ABC")
            let own = try await server.read(fork, query: "offset=\(forkOffset)")
            #expect(own.status == 200)
            #expect(own.text == "C")
        }
    }

    @Test("Appends to the source after the fork never show in the fork, and the source keeps them")
    @available(OS2023, *)
    func isolation() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("isolation")
            try await server.create(source, body: "before")
            try await server.fork(fork, from: source)
            #expect(try await server.append(source, " after").status == 204)
            #expect(try await server.read(source, query: "offset=-1").text == "before after")
            #expect(try await server.read(fork, query: "offset=-1").text == "before")
        }
    }

    @Test("Appending to a fork: plain, idempotent producer with duplicate detection, and closing it alone")
    @available(OS2023, *)
    func appending() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("append")
            try await server.create(source, body: "source")
            try await server.fork(fork, from: source)
            let appended = try await server.append(fork, " appended")
            #expect(appended.status == 204)
            #expect(appended.nextOffset != nil)
            let producer = [("Producer-Id", "fork-producer-\(UUID())"), ("Producer-Epoch", "0"), ("Producer-Seq", "0")]
            #expect(try await server.append(fork, "msg1", headers: producer).status == 200)
            #expect(try await server.append(fork, "msg1", headers: producer).status == 204)
            #expect(try await server.read(fork, query: "offset=-1").text == "source appendedmsg1")
            let closed = try await server.send(.POST, fork, headers: [("Stream-Closed", "true")])
            #expect([200, 204].contains(closed.status))
            #expect(closed.header("Stream-Closed") == "true")
            #expect(try await server.send(.HEAD, source).header("Stream-Closed") == nil)
        }
    }

    @Test("Closing the source does not close its fork")
    @available(OS2023, *)
    func sourceClosed() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("source-closed")
            try await server.create(source, body: "source")
            try await server.fork(fork, from: source)
            try await server.send(.POST, source, headers: [("Stream-Closed", "true")])
            #expect(try await server.append(fork, " fork data").status == 204)
            #expect(try await server.send(.HEAD, fork).header("Stream-Closed") == nil)
        }
    }

    @Test("Three levels of forks: each reads its chain and appends independently")
    @available(OS2023, *)
    func recursive() async throws {
        try await ServerHarness.run { server in
            let levels = (0..<3).map { ServerHarness.uniquePath("level\($0)") }
            try await server.create(levels[0], body: "X")
            #expect(try await server.fork(levels[1], from: levels[0]).status == 201)
            try await server.append(levels[1], "Y")
            #expect(try await server.fork(levels[2], from: levels[1]).status == 201)
            try await server.append(levels[2], "Z")
            try await server.append(levels[0], "0")
            try await server.append(levels[1], "1")
            #expect(try await server.read(levels[0], query: "offset=-1").text == "X0")
            #expect(try await server.read(levels[1], query: "offset=-1").text == "XY1")
            #expect(try await server.read(levels[2], query: "offset=-1").text == "XYZ")
        }
    }

    @Test("A fork of a fork at its head inherits everything; sub-offsets compose along the chain")
    @available(OS2023, *)
    func recursiveOffsets() async throws {
        try await ServerHarness.run { server in
            let levels = (0..<3).map { ServerHarness.uniquePath("level\($0)") }
            try await server.create(levels[0], body: "A")
            try await server.append(levels[0], "B")
            try await server.fork(levels[1], from: levels[0])
            try await server.append(levels[1], "C")
            #expect(try await server.send(.HEAD, levels[1]).nextOffset != nil)
            #expect(try await server.fork(levels[2], from: levels[1]).status == 201)
            #expect(try await server.read(levels[2], query: "offset=-1").text == "ABC")

            let chain = (0..<3).map { ServerHarness.uniquePath("sub-level\($0)") }
            try await server.create(chain[0], body: "abcdef")
            try await server.fork(chain[1], from: chain[0], offset: startOffset, subOffset: "4")
            #expect(try await server.read(chain[1], query: "offset=-1").text == "abcd")
            try await server.fork(chain[2], from: chain[1], offset: startOffset, subOffset: "2")
            #expect(try await server.read(chain[2], query: "offset=-1").text == "ab")
            try await server.append(chain[2], "Z")
            #expect(try await server.read(chain[2], query: "offset=-1").text == "abZ")
        }
    }

    @Test("A JSON fork answers one JSON array across the fork boundary")
    @available(OS2023, *)
    func json() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("json")
            try await server.create(source, contentType: "application/json", body: "[{\"from\":\"source\"}]")
            let created = try await server.fork(fork, from: source, contentType: "application/json")
            #expect(created.status == 201)
            #expect(created.header("Content-Type") == "application/json")
            let inherited = try await server.read(fork, query: "offset=-1")
            #expect(inherited.header("Content-Type") == "application/json")
            #expect(inherited.json as? [[String: String]] == [["from": "source"]])
            try await server.append(fork, "[{\"from\":\"fork\"}]", contentType: "application/json")
            let both = try await server.read(fork, query: "offset=-1")
            #expect(both.json as? [[String: String]] == [["from": "source"], ["from": "fork"]])
        }
    }

    @Test("Forks at every offset of the source inherit exactly the appends before it")
    @available(OS2023, *)
    func everyOffset() async throws {
        try await ServerHarness.run { server in
            let source = ServerHarness.uniquePath("every-src")
            var offsets = [startOffset]
            offsets.append(try #require(try await server.create(source, body: "A").nextOffset))
            offsets.append(try #require(try await server.append(source, "B").nextOffset))
            offsets.append(try #require(try await server.append(source, "C").nextOffset))
            for (index, offset) in offsets.enumerated() {
                let fork = ServerHarness.uniquePath("every-f\(index)")
                #expect(try await server.fork(fork, from: source, offset: offset).status == 201)
                #expect(try await server.read(fork, query: "offset=-1").text == String("ABC".prefix(index)))
            }
        }
    }

    @Test("ETags stay consistent: the same range of a fork has the same tag, and a new append changes it")
    @available(OS2023, *)
    func etags() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("etag")
            try await server.create(source, body: "inherited")
            try await server.fork(fork, from: source)
            let first = try await server.read(fork, query: "offset=-1")
            let tag = try #require(first.header("ETag"))
            #expect(try await server.read(fork, query: "offset=-1").header("ETag") == tag)
            #expect(try await server.read(fork, query: "offset=-1", headers: [("If-None-Match", tag)]).status == 304)
            #expect(try await server.read(source, query: "offset=-1").header("ETag") != tag, "each stream has its own")
            try await server.append(source, " more")
            #expect(try await server.read(fork, query: "offset=-1", headers: [("If-None-Match", tag)]).status == 304)
            try await server.append(fork, " own")
            let after = try await server.read(fork, query: "offset=-1", headers: [("If-None-Match", tag)])
            #expect(after.status == 200)
            #expect(after.text == "inherited own")
            #expect(after.header("ETag") != tag)
        }
    }
}
