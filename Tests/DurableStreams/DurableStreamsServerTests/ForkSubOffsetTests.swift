import Foundation
import Testing

/// The upstream server conformance checks "Fork - Creation" for `Stream-Fork-Sub-Offset`.
@Suite("Fork sub-offsets")
struct ForkSubOffsetTests {
    @Test("A binary sub-offset takes the first bytes of the append, at the start or mid-stream")
    @available(OS2023, *)
    func binary() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("sub-bin")
            let anchor = try #require(try await server.create(source, body: "first").nextOffset)
            try await server.append(source, "second")
            #expect(try await server.fork(fork, from: source, offset: startOffset, subOffset: "3").status == 201)
            #expect(try await server.read(fork, query: "offset=-1").text == "fir")
            let middle = ServerHarness.uniquePath("sub-mid-fork")
            #expect(try await server.fork(middle, from: source, offset: anchor, subOffset: "3").status == 201)
            #expect(try await server.read(middle, query: "offset=-1").text == "firstsec")
            let whole = ServerHarness.uniquePath("sub-eq-fork")
            #expect(try await server.fork(whole, from: source, offset: anchor, subOffset: "6").status == 201)
            #expect(try await server.read(whole, query: "offset=-1").text == "firstsecond")
        }
    }

    @Test("The reference servers' zero offset names the start, in forks and in reads")
    @available(OS2023, *)
    func referenceZero() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("sub-reference-zero")
            let zero = "0000000000000000_0000000000000000"
            try await server.create(source, body: "hello")
            #expect(try await server.fork(fork, from: source, offset: zero, subOffset: "3").status == 201)
            #expect(try await server.fork(fork, from: source, offset: startOffset, subOffset: "3").status == 200)
            #expect(try await server.read(fork, query: "offset=\(zero)").text == "hel")
            let empty = ServerHarness.uniquePath("zero-fork")
            #expect(try await server.fork(empty, from: source, offset: zero).status == 201)
            #expect(try await server.read(empty, query: "offset=-1").text == "")
            #expect(try await server.read(source, query: "offset=\(zero)").text == "hello")
        }
    }

    @Test("A JSON sub-offset takes flattened messages; all of them is allowed")
    @available(OS2023, *)
    func json() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("sub-json")
            try await server.create(
                source, contentType: "application/json", body: "[{\"a\":1},{\"b\":2},{\"c\":3},{\"d\":4}]")
            let response = try await server.fork(
                fork, from: source, offset: startOffset, subOffset: "2", contentType: "application/json")
            #expect(response.status == 201)
            let read = try await server.read(fork, query: "offset=-1")
            #expect(read.json as? [[String: Int]] == [["a": 1], ["b": 2]])
            let all = ServerHarness.uniquePath("sub-json-eq-fork")
            #expect(
                try await server.fork(all, from: source, offset: startOffset, subOffset: "4", contentType: nil).status
                    == 201)
            #expect(try await server.read(all).json as? [[String: Int]] == [["a": 1], ["b": 2], ["c": 3], ["d": 4]])
        }
    }

    @Test("A sub-offset past the append is 400: bytes, messages, at the tail, or in an empty source")
    @available(OS2023, *)
    func overshoot() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("sub-over")
            try await server.create(source, body: "hi")
            #expect(try await server.fork(fork, from: source, offset: startOffset, subOffset: "5").status == 400)
            #expect(try await server.fork(fork, from: source, subOffset: "1").status == 400, "the default is the tail")
            let json = ServerHarness.uniquePath("sub-over-json")
            try await server.create(json, contentType: "application/json", body: "[{\"a\":1},{\"b\":2},{\"c\":3}]")
            let overJSON = try await server.fork(
                fork, from: json, offset: startOffset, subOffset: "4", contentType: "application/json")
            #expect(overJSON.status == 400)
            let empty = ServerHarness.uniquePath("sub-empty")
            try await server.create(empty)
            #expect(try await server.fork(fork, from: empty, offset: startOffset, subOffset: "1").status == 400)
            #expect(try await server.headStatus(fork) == 404)
        }
    }

    @Test("A malformed sub-offset is 400, and so is any sub-offset without Stream-Forked-From")
    @available(OS2023, *)
    func malformed() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("sub-bad")
            try await server.create(source, body: "data")
            for bad in ["-1", "abc", "1.5", "05", "+1", "", " 1x", "99999999999999999999"] {
                let response = try await server.fork(fork, from: source, offset: startOffset, subOffset: bad)
                #expect(response.status == 400, "Stream-Fork-Sub-Offset: \(bad)")
            }
            let response = try await server.send(
                .PUT, fork, headers: [("Content-Type", "text/plain"), ("Stream-Fork-Sub-Offset", "0")])
            #expect(response.status == 400)
            #expect(try await server.headStatus(fork) == 404)
        }
    }

    @Test("Re-creating with the same sub-offset is 200, with another 409; 0 is the same as none")
    @available(OS2023, *)
    func idempotency() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("sub-idem")
            try await server.create(source, body: "hello")
            #expect(try await server.fork(fork, from: source, offset: startOffset, subOffset: "2").status == 201)
            #expect(try await server.fork(fork, from: source, offset: startOffset, subOffset: "2").status == 200)
            #expect(try await server.fork(fork, from: source, offset: startOffset, subOffset: "3").status == 409)
            let zero = ServerHarness.uniquePath("sub-zero-fork")
            #expect(try await server.fork(zero, from: source, offset: startOffset).status == 201)
            #expect(try await server.fork(zero, from: source, offset: startOffset, subOffset: "0").status == 200)

            let json = ServerHarness.uniquePath("sub-idem-json")
            try await server.create(json, contentType: "application/json", body: "[{\"a\":1},{\"b\":2},{\"c\":3}]")
            let jsonFork = ServerHarness.uniquePath("sub-idem-json-fork")
            for (subOffset, status) in [("2", 201), ("2", 200), ("3", 409)] {
                let response = try await server.fork(
                    jsonFork, from: json, offset: startOffset, subOffset: subOffset, contentType: "application/json")
                #expect(response.status == status)
            }
        }
    }

    @Test("Appends and an initial body land after the sub-offset's part; the returned tail reads as up to date")
    @available(OS2023, *)
    func appendsAfterPart() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("sub-append")
            try await server.create(source, body: "hello")
            let created = try await server.fork(fork, from: source, offset: startOffset, subOffset: "3", body: "XY")
            #expect(created.status == 201)
            let tail = try #require(created.nextOffset)
            let atTail = try await server.read(fork, query: "offset=\(tail)")
            #expect(atTail.status == 200)
            #expect(atTail.text == "")
            #expect(atTail.header("Stream-Up-To-Date") == "true")
            #expect(try await server.append(fork, "LO").status == 204)
            #expect(try await server.read(fork, query: "offset=-1").text == "helXYLO")
        }
    }

    @Test("A sub-offset fork inherits the content type and can be made from a closed source")
    @available(OS2023, *)
    func inheritanceAndClosedSource() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("sub-ct")
            try await server.create(source, contentType: "application/json", body: "[{\"a\":1},{\"b\":2}]")
            let response = try await server.fork(
                fork, from: source, offset: startOffset, subOffset: "1", contentType: nil)
            #expect(response.status == 201)
            #expect(response.header("Content-Type") == "application/json")

            let closed = ServerHarness.uniquePath("sub-closed")
            #expect(try await server.create(closed, headers: [("Stream-Closed", "true")], body: "hello").status == 201)
            let closedFork = ServerHarness.uniquePath("sub-closed-fork")
            #expect(try await server.fork(closedFork, from: closed, offset: startOffset, subOffset: "3").status == 201)
            #expect(try await server.read(closedFork, query: "offset=-1").text == "hel")
        }
    }

    @Test("Producer state does not cross a sub-offset boundary, JSON or binary")
    @available(OS2023, *)
    func producerState() async throws {
        try await ServerHarness.run { server in
            for (contentType, batch, retry, expected) in [
                ("application/json", "[{\"i\":1},{\"i\":2},{\"i\":3}]", "[{\"i\":99}]", "[{\"i\":1},{\"i\":99}]"),
                ("text/plain", "hello", "LO", "helLO"),
            ] {
                let (source, fork) = ServerHarness.forkPaths("sub-producer")
                let producer = [("Producer-Id", "p-\(UUID())"), ("Producer-Epoch", "0"), ("Producer-Seq", "0")]
                #expect(try await server.create(source, contentType: contentType).status == 201)
                #expect(
                    try await server.append(source, batch, contentType: contentType, headers: producer).status == 200)
                let subOffset = contentType == "text/plain" ? "3" : "1"
                let created = try await server.fork(
                    fork, from: source, offset: startOffset, subOffset: subOffset, contentType: nil)
                #expect(created.status == 201)
                #expect(try await server.append(fork, retry, contentType: contentType, headers: producer).status == 200)
                #expect(try await server.read(fork, query: "offset=-1").text == expected)
            }
        }
    }
}
