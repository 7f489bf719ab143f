import DurableStreamsServer
import DurableStreamsStorage
import Foundation
import Testing

@Suite("Retention over HTTP")
struct RetentionTests {
    @Test("Retention set on PUT drops old data: 410 with Stream-Earliest-Offset, offset=-1 starts at what remains")
    @available(OS2023, *)
    func maxAgeEndToEnd() async throws {
        let clock = TestClock()
        let storage = MemoryStreamStorage(now: { clock.now })
        try await ServerHarness.run(.forTests { $0.storage = .custom(storage) }) { server async throws in
            let path = ServerHarness.uniquePath()
            let created = try await server.create(path, headers: [("Stream-Retention-Max-Age", "60")], body: "old ")
            #expect(created.status == 201)
            #expect(created.header("Stream-Retention-Max-Age") == "60")
            let old = try #require(created.nextOffset)
            clock.advance(by: 30)
            let kept = try #require(try await server.append(path, "new").nextOffset)
            clock.advance(by: 31)
            #expect(await storage.compactRetained(budget: 100) == 1)

            let head = try await server.send(.HEAD, path)
            #expect(head.header("Stream-Earliest-Offset") == old)
            #expect(head.header("Stream-Retention-Max-Age") == "60")

            let dropped = try await server.read(path, query: "offset=0000000000000000")
            #expect(dropped.status == 410)
            #expect(dropped.header("Stream-Earliest-Offset") == old)
            let body = try #require(dropped.json as? [String: Any])
            let error = try #require(body["error"] as? [String: Any])
            #expect(error["code"] as? String == "OFFSET_DROPPED")
            #expect(error["earliest_offset"] as? String == old)

            let fromStart = try await server.read(path, query: "offset=-1")
            #expect(fromStart.status == 200)
            #expect(fromStart.text == "new")
            #expect(fromStart.nextOffset == kept)
            #expect(try await server.read(path, query: "offset=\(old)").text == "new")
            #expect(try await server.read(path, query: "offset=0000000000000000&live=long-poll").status == 410)
            let events = try await server.events(path, query: "offset=0000000000000000&live=sse")
            #expect(events.status == 410)
            #expect(events.headers.first(name: "Stream-Earliest-Offset") == old)
        }
        await storage.shutdown()
    }

    @Test(
        "PATCH replaces the retention and applies it; PUT compares it like the rest of the configuration",
        // The file store counts framed log bytes, so these sizes are for the stores that count payload bytes.
        arguments: IncarnationStore.enabled.filter { $0 != .directory })
    @available(OS2023, *)
    func changeAndIdempotence(store: IncarnationStore) async throws {
        try await store.run { server async throws in
            let path = ServerHarness.uniquePath()
            let headers = [("Stream-Retention-Max-Bytes", "4")]
            #expect(try await server.create(path, headers: headers).status == 201)
            #expect(try await server.create(path, headers: headers).status == 200)
            #expect(try await server.create(path).status == 409)
            #expect(try await server.create(path, headers: [("Stream-Retention-Max-Bytes", "5")]).status == 409)
            for text in ["aa", "bb", "cc"] { #expect(try await server.append(path, text).status == 204) }
            #expect(try await server.read(path, query: "offset=-1").text == "bbcc", "appends keep the size")

            let patched = try await server.send(.PATCH, path, headers: [("Stream-Retention-Max-Bytes", "1")])
            #expect(patched.status == 204)
            #expect(patched.header("Stream-Retention-Max-Bytes") == "1")
            let earliest = try #require(patched.header("Stream-Earliest-Offset"))
            #expect(try await server.read(path, query: "offset=-1").text == "cc")
            let dropped = try await server.read(path, query: "offset=0000000000000000")
            #expect(dropped.status == 410)
            #expect(dropped.header("Stream-Earliest-Offset") == earliest)
            #expect(try await server.create(path, headers: [("Stream-Retention-Max-Bytes", "1")]).status == 200)

            let cleared = try await server.send(.PATCH, path)
            #expect(cleared.status == 204)
            #expect(cleared.header("Stream-Retention-Max-Bytes") == nil)
            #expect(cleared.header("Stream-Earliest-Offset") == earliest, "what was dropped stays dropped")
            #expect(try await server.create(path).status == 200)
        }
    }

    @Test("Malformed retention headers are refused; PATCH of a missing stream is 404")
    @available(OS2023, *)
    func badInput() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            for value in ["0", "-1", "01", "1.5", "x", ""] {
                #expect(try await server.create(path, headers: [("Stream-Retention-Max-Age", value)]).status == 400)
                #expect(try await server.create(path, headers: [("Stream-Retention-Max-Bytes", value)]).status == 400)
            }
            #expect(try await server.send(.PATCH, path).status == 404)
            #expect(try await server.create(path).status == 201)
            #expect(try await server.send(.PATCH, path, headers: [("Stream-Retention-Max-Age", "0")]).status == 400)
        }
    }
}
