import DurableStreamsStorage
import Foundation
import Testing

/// The upstream server conformance checks "Fork - Creation" (without sub-offsets), plus this server's own
/// header validation.
@Suite("Fork creation")
struct ForkCreationTests {
    @Test("A fork without Stream-Fork-Offset forks at the source's tail")
    @available(OS2023, *)
    func atHead() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("head")
            let created = try await server.create(source, body: "source data")
            #expect(created.status == 201)
            let response = try await server.fork(fork, from: source)
            #expect(response.status == 201)
            #expect(response.nextOffset == created.nextOffset)
            #expect(response.header("Location")?.hasSuffix(fork) == true)
            #expect(try await server.read(fork, query: "offset=-1").text == "source data")
        }
    }

    @Test("A fork at an earlier offset inherits only what came before it")
    @available(OS2023, *)
    func atOffset() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("offset")
            let middle = try #require(try await server.create(source, body: "first").nextOffset)
            try await server.append(source, "second")
            #expect(try await server.fork(fork, from: source, offset: middle).status == 201)
            let read = try await server.read(fork, query: "offset=-1")
            #expect(read.status == 200)
            #expect(read.text == "first")
        }
    }

    @Test("A fork at the start inherits nothing; one at the head offset inherits everything")
    @available(OS2023, *)
    func atStartAndHead() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("zero")
            try await server.create(source, body: "chunk1")
            try await server.append(source, "chunk2")
            #expect(try await server.fork(fork, from: source, offset: startOffset).status == 201)
            let empty = try await server.read(fork, query: "offset=-1")
            #expect(empty.status == 200)
            #expect(empty.text == "")
            #expect(empty.header("Stream-Up-To-Date") == "true")
            let head = try #require(try await server.send(.HEAD, source).nextOffset)
            let all = ServerHarness.uniquePath("all-fork")
            #expect(try await server.fork(all, from: source, offset: head).status == 201)
            #expect(try await server.read(all, query: "offset=-1").text == "chunk1chunk2")
        }
    }

    @Test("Forking a missing stream is 404; an offset beyond the tail, malformed or inside an append is 400")
    @available(OS2023, *)
    func offsetErrors() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("errors")
            #expect(try await server.fork(fork, from: ServerHarness.uniquePath("nonexistent")).status == 404)
            let tail = try #require(try await server.create(source, body: "small data").nextOffset)
            let beyond = StreamOffset(position: (StreamOffset(token: tail)?.position ?? 0) + 1).token
            for offset in [
                beyond, "9999999999999999_9999999999999999", startOffset + "_" + beyond, "-1", "now",
                "", "0000000000000001",
            ] {
                let response = try await server.fork(fork, from: source, offset: offset)
                #expect(response.status == 400, "Stream-Fork-Offset: \(offset)")
            }
            #expect(try await server.headStatus(fork) == 404)
        }
    }

    @Test("Fork headers are validated: a source path is required and must be a stream path, each header once")
    @available(OS2023, *)
    func headerValidation() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("headers")
            try await server.create(source, body: "data")
            for headers in [
                [("Stream-Fork-Offset", startOffset)],
                [("Stream-Forked-From", "relative/path")],
                [("Stream-Forked-From", "/a/../b")],
                [("Stream-Forked-From", source), ("Stream-Forked-From", source)],
                [
                    ("Stream-Forked-From", source), ("Stream-Fork-Offset", startOffset),
                    ("Stream-Fork-Offset", startOffset),
                ],
            ] {
                let response = try await server.send(.PUT, fork, headers: headers + [("Content-Type", "text/plain")])
                #expect(response.status == 400, "\(headers)")
            }
            #expect(try await server.headStatus(fork) == 404)
        }
    }

    @Test("Forking onto a path in use with a different configuration is 409; the same fork again is 200")
    @available(OS2023, *)
    func conflictsAndIdempotency() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("conflict")
            try await server.create(source, body: "source")
            try await server.create(fork, contentType: "application/json")
            #expect(try await server.fork(fork, from: source).status == 409)
            let again = ServerHarness.uniquePath("again-fork")
            #expect(try await server.fork(again, from: source).status == 201)
            #expect(try await server.fork(again, from: source).status == 200)
            #expect(try await server.create(again).status == 409, "a plain create does not match a fork")
        }
    }

    @Test("A closed stream can be forked; the fork starts open and takes appends")
    @available(OS2023, *)
    func closedSource() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("closed")
            try await server.create(source, body: "closed data")
            try await server.send(.POST, source, headers: [("Stream-Closed", "true")])
            let response = try await server.fork(fork, from: source)
            #expect(response.status == 201)
            #expect(response.header("Stream-Closed") == nil)
            #expect(try await server.append(fork, " fork data").status == 204)
            #expect(try await server.read(fork).text == "closed data fork data")
        }
    }

    @Test("An empty stream can be forked")
    @available(OS2023, *)
    func emptySource() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("empty")
            try await server.create(source)
            #expect(try await server.fork(fork, from: source).status == 201)
            let read = try await server.read(fork, query: "offset=-1")
            #expect(read.status == 200)
            #expect(read.text == "")
            #expect(read.header("Stream-Up-To-Date") == "true")
        }
    }

    @Test("A fork keeps a matching Content-Type, or inherits the source's when none is sent")
    @available(OS2023, *)
    func contentType() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("content-type")
            try await server.create(source, contentType: "application/json", body: "[{\"key\":\"value\"}]")
            let named = try await server.fork(fork, from: source, contentType: "application/json")
            #expect(named.status == 201)
            #expect(named.header("Content-Type") == "application/json")
            #expect(try await server.send(.HEAD, fork).header("Content-Type") == "application/json")
            let inherited = ServerHarness.uniquePath("inherit-fork")
            let response = try await server.fork(inherited, from: source, contentType: nil)
            #expect(response.status == 201)
            #expect(response.header("Content-Type") == "application/json")
            #expect(try await server.send(.HEAD, inherited).header("Content-Type") == "application/json")
            let appended = try await server.append(
                inherited, "[{\"key\":\"appended\"}]", contentType: "application/json")
            #expect(appended.status == 204)
            #expect(try await server.fork(inherited, from: source, contentType: nil).status == 200)
        }
    }

    @Test("A Content-Type that differs from the source's is 409, and the refused fork holds no reference")
    @available(OS2023, *)
    func contentTypeMismatch() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("mismatch")
            try await server.create(source, body: "data")
            #expect(try await server.fork(fork, from: source, contentType: "application/json").status == 409)
            #expect(try await server.send(.DELETE, source).status == 204)
            #expect(try await server.headStatus(source) == 404)
        }
    }

    @Test("The initial body of a fork that inherits a JSON content type is taken as JSON")
    @available(OS2023, *)
    func inheritedJSONBody() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("json-body")
            try await server.create(source, contentType: "application/json", body: "[{\"a\":1}]")
            #expect(
                try await server.fork(fork, from: source, contentType: nil, body: "[{\"b\":2}, {\"c\":3}]").status
                    == 201)
            #expect(try await server.read(fork).text == "[{\"a\":1},{\"b\":2},{\"c\":3}]")
            let invalid = ServerHarness.uniquePath("json-invalid-fork")
            #expect(try await server.fork(invalid, from: source, contentType: nil, body: "{oops").status == 400)
        }
    }

    @Test("Forks are transparent: no fork header on PUT, HEAD or GET responses")
    @available(OS2023, *)
    func noForkHeaders() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("transparent")
            try await server.create(source, body: "data")
            let responses = [
                try await server.fork(fork, from: source), try await server.send(.HEAD, fork),
                try await server.read(fork, query: "offset=-1"),
            ]
            for response in responses {
                #expect(response.header("Stream-Forked-From") == nil)
                #expect(response.header("Stream-Fork-Offset") == nil)
            }
        }
    }
}
