import DurableStreamsStorage
import Foundation
import Testing

@testable import DurableStreamsServer

@Suite("HTTP caching of reads")
struct ReadCachingTests {
    @Test("Every read shape: only a range that can never change is immutable, the open tail is never kept unchecked")
    func decisions() {
        var seen: Set<ReadCaching> = []
        for bits in 0..<32 {
            let explicitStart = bits & 1 != 0
            let isLive = bits & 2 != 0
            let hasData = bits & 4 != 0
            let reachedTail = bits & 8 != 0
            let isClosed = bits & 16 != 0
            let caching = ReadCaching.of(
                explicitStart: explicitStart, isLive: isLive, hasData: hasData, reachedTail: reachedTail,
                isClosed: isClosed)
            seen.insert(caching)
            let label = "start \(explicitStart) live \(isLive) data \(hasData) tail \(reachedTail) closed \(isClosed)"
            let reachedEnd = reachedTail && isClosed
            let canChange = reachedTail && !isClosed
            // Immutable exactly when the range can never be answered otherwise.
            let immutable = explicitStart && !isLive && !canChange && (hasData || reachedEnd)
            #expect((caching == .immutable) == immutable, "\(label)")
            // An empty answer at the tail of an open stream is kept by nobody.
            #expect((caching == .noStore) == (!hasData && !reachedEnd), "\(label)")
            // A catch-up with data up to the open tail is kept only with revalidation.
            #expect((caching == .revalidate) == (!isLive && hasData && canChange), "\(label)")
            if isLive && (hasData || reachedEnd) { #expect(caching == .shortLived, "\(label)") }
            if !explicitStart && !isLive && (hasData || reachedEnd) && !canChange {
                #expect(caching == .shortLived, "\(label)")
            }
        }
        #expect(seen == Set(ReadCaching.allCases))
    }

    @Test("Cache-Control for each visibility")
    func headerValues() {
        let shared = ReadCacheControl(visibility: "public")
        #expect(shared.value(for: .immutable) == "public, max-age=31536000, immutable")
        #expect(shared.value(for: .revalidate) == "public, no-cache")
        #expect(shared.value(for: .shortLived) == "public, max-age=60, stale-while-revalidate=300")
        #expect(shared.value(for: .noStore) == "no-store")
        let own = ReadCacheControl(visibility: "private")
        #expect(own.value(for: .immutable) == "private, max-age=31536000, immutable")
        #expect(own.value(for: .revalidate) == "private, no-cache")
        let none = ReadCacheControl(visibility: nil)
        for caching in ReadCaching.allCases { #expect(none.value(for: caching) == "no-store") }
    }

    @Test("Catch-up chunks below the tail are immutable with a strong ETag and 304; the tail revalidates")
    @available(OS2023, *)
    func overHTTP() async throws {
        try await ServerHarness.run(.forTests { $0.maximumReadBytes = 100 }) { server in
            let path = ServerHarness.uniquePath("cache")
            try await server.create(path)
            for letter in ["a", "b", "c"] { try await server.append(path, String(repeating: letter, count: 100)) }
            let first = try await server.read(path, query: "offset=-1")
            #expect(first.text == String(repeating: "a", count: 100))
            #expect(first.header("Cache-Control") == "public, max-age=60, stale-while-revalidate=300")
            let second = try await server.read(path, query: "offset=\(try #require(first.nextOffset))")
            #expect(second.text == String(repeating: "b", count: 100))
            #expect(second.header("Cache-Control") == "public, max-age=31536000, immutable")
            let etag = try #require(second.header("ETag"))
            #expect(!etag.hasPrefix("W/") && etag.hasPrefix("\"") && etag.hasSuffix("\""))
            #expect(etag.contains(try #require(second.header("Stream-Incarnation"))))
            let notModified = try await server.read(
                path, query: "offset=\(try #require(first.nextOffset))", headers: [("If-None-Match", etag)])
            #expect(notModified.status == 304)
            #expect(notModified.body.isEmpty)
            #expect(notModified.header("ETag") == etag)
            #expect(notModified.header("Cache-Control") == "public, max-age=31536000, immutable")
            let third = try await server.read(path, query: "offset=\(try #require(second.nextOffset))")
            #expect(third.header("Stream-Up-To-Date") == "true")
            #expect(third.header("Cache-Control") == "public, no-cache")
            let tail = try #require(third.nextOffset)
            #expect(try await server.read(path, query: "offset=\(tail)").header("Cache-Control") == "no-store")
            let poll = try await server.read(path, query: "offset=\(try #require(second.nextOffset))&live=long-poll")
            #expect(poll.header("Cache-Control") == "public, max-age=60, stale-while-revalidate=300")
            #expect(
                try await server.read(path, query: "offset=\(tail)&live=long-poll").header("Cache-Control")
                    == "no-store")
            // Once closed, the last range and the end can never change.
            try await server.send(.POST, path, headers: [("Stream-Closed", "true")])
            let closed = try await server.read(path, query: "offset=\(try #require(second.nextOffset))")
            #expect(closed.header("Cache-Control") == "public, max-age=31536000, immutable")
            #expect(closed.header("ETag") != third.header("ETag"))
            let end = try await server.read(path, query: "offset=\(tail)")
            #expect(end.header("Stream-Closed") == "true")
            #expect(end.header("Cache-Control") == "public, max-age=31536000, immutable")
        }
    }

    @Test("Private and no-store visibilities apply to immutable ranges too")
    @available(OS2023, *)
    func visibility() async throws {
        for (visibility, expected) in [
            (DurableStreamsServer.CacheVisibility.private, "private, max-age=31536000, immutable"),
            (.noStore, "no-store"),
        ] {
            try await ServerHarness.run(
                .forTests {
                    $0.maximumReadBytes = 10
                    $0.cacheVisibility = visibility
                }
            ) { server in
                let path = ServerHarness.uniquePath("visibility")
                try await server.create(path, body: "0123456789")
                try await server.append(path, "abcdefghij")
                let first = try await server.read(path)
                let second = try await server.read(path, query: "offset=\(try #require(first.nextOffset))")
                #expect(second.text == "abcdefghij")
                let start = try await server.read(path, query: "offset=\(StreamOffset.zero.token)")
                #expect(start.header("Cache-Control") == expected)
            }
        }
    }
}
