import CourierTestSupport
import DurableStreamsServer
import ExactHTTPClient
import Foundation
import Testing

/// A catch-up behind nginx, a caching reverse proxy: the second reader of the same history is served by the cache,
/// byte for byte, while the tail is always asked of the server.
@Suite("Catch-up reads behind a caching proxy")
struct ProxyCacheTests {
    /// One catch-up through `base`: each response's body and `X-Cache-Status`, from the start to the tail.
    @available(OS2023, *)
    static func catchUp(_ client: ExactHTTPClient, _ url: String) async throws -> [(body: [UInt8], cache: String?)] {
        var offset = "-1"
        var chunks: [(body: [UInt8], cache: String?)] = []
        while chunks.count < 100 {
            let response = try await client.request(.GET, "\(url)?offset=\(offset)")
            try #require(response.status == 200)
            chunks.append((response.body, response.header("X-Cache-Status")))
            if response.header("Stream-Up-To-Date") == "true" { break }
            offset = try #require(response.nextOffset)
        }
        return chunks
    }

    @Test("A repeated catch-up is served from nginx's cache and is byte-exact; the tail is not")
    @available(OS2023, *)
    func repeatedCatchUp() async throws {
        try await ServerHarness.run(.forTests { $0.maximumReadBytes = 4096 }) { server in
            let proxy = try await CachingProxy.start(origin: server.base, client: server.client)
            defer { proxy.stop() }
            let path = ServerHarness.uniquePath("proxied")
            try await server.create(path, contentType: "application/octet-stream")
            var written: [UInt8] = []
            for index in 0..<16 {
                let chunk = (0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) }
                written += chunk
                let response = try await server.send(
                    .POST, path, headers: [("Content-Type", "application/octet-stream")], body: chunk)
                try #require(response.status == 204)
            }
            let first = try await Self.catchUp(server.client, proxy.base + path)
            #expect(first.count > 2, "the history takes several chunks")
            #expect(first.allSatisfy { $0.cache == "MISS" }, "\(first.map(\.cache))")
            #expect(first.flatMap(\.body) == written)

            let second = try await Self.catchUp(server.client, proxy.base + path)
            #expect(second.map(\.body) == first.map(\.body), "byte-exact")
            #expect(second.dropLast().allSatisfy { $0.cache == "HIT" }, "\(second.map(\.cache))")
            // The chunk that reaches the tail of an open stream is never served unchecked.
            #expect(second.last?.cache != "HIT")

            // The origin's own answer agrees with the cached history.
            #expect(try await Self.catchUp(server.client, server.base + path).flatMap(\.body) == written)

            // New data after the cached history is found: the tail was asked of the server again.
            let more = Array("tail".utf8)
            try await server.send(.POST, path, headers: [("Content-Type", "application/octet-stream")], body: more)
            let third = try await Self.catchUp(server.client, proxy.base + path)
            #expect(third.flatMap(\.body) == written + more)
        }
    }
}
