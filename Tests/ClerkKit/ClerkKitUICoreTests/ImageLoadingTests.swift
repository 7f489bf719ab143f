import ClerkKitUICore
import Foundation
import Testing

/// Counts fetches per URL.
private actor FetchCounter {
    var counts: [URL: Int] = [:]
    func record(_ url: URL) { counts[url, default: 0] += 1 }
}

@Suite("ClerkKitUICore: the caching image loader")
struct ImageLoadingTests {
    @Test func repeatedLoadsHitTheCacheAndTheOldestIsEvicted() async throws {
        let counter = FetchCounter()
        let loader = CachingImageLoader(capacity: 2) { url in
            await counter.record(url)
            return Data(url.absoluteString.utf8)
        }
        let (a, b, c) = try (
            #require(URL(string: "https://img.example/a")), #require(URL(string: "https://img.example/b")),
            #require(URL(string: "https://img.example/c"))
        )
        #expect(try await loader.imageData(for: a) == Data(a.absoluteString.utf8))
        _ = try await loader.imageData(for: a)
        _ = try await loader.imageData(for: b)
        _ = try await loader.imageData(for: a)
        _ = try await loader.imageData(for: c)
        #expect(await loader.count == 2)
        _ = try await loader.imageData(for: a)
        _ = try await loader.imageData(for: b)
        #expect(await counter.counts == [a: 1, b: 2, c: 1])
    }

    @Test func aFailedFetchIsNotCached() async throws {
        let counter = FetchCounter()
        let loader = CachingImageLoader { url in
            await counter.record(url)
            throw URLError(.badServerResponse)
        }
        let url = try #require(URL(string: "https://img.example/missing"))
        await #expect(throws: URLError.self) { try await loader.imageData(for: url) }
        await #expect(throws: URLError.self) { try await loader.imageData(for: url) }
        #expect(await counter.counts[url] == 2)
        #expect(await loader.count == 0)
    }
}
