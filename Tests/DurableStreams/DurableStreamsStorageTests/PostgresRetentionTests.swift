import CourierTestSupport
import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation
import Testing

/// Retention in the PostgreSQL store beyond the contract every store keeps: dropped records are deleted, an
/// append stored in pieces is dropped whole, and nodes sharing a schema run their passes at once safely.
@Suite(
    "PostgreSQL store: retention", .enabled(if: PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired))
struct PostgresRetentionTests {
    @Test("Passes on two nodes at once drop each append once, while both append; the dropped records are deleted")
    @available(OS2023, *)
    func concurrentPasses() async throws {
        let clock = ManualClock()
        var options = try PostgresTestDatabase.options(now: { clock.now })
        options.sweepInterval = .seconds(3600)
        let a = try await PostgresStreamStorage.open(options)
        let b = try await PostgresStreamStorage.open(options)
        do {
            let stream = try path("/shared")
            var configuration = StreamConfiguration(contentType: "text/plain")
            configuration.retention = StreamRetention(maxAge: 10)
            _ = try await a.create(stream, CreateRequest(configuration: configuration))
            var tails: [StreamOffset] = []
            for index in 0..<40 {
                let node = index.isMultiple(of: 2) ? a : b
                tails.append(try #require(try await node.append(stream, .text("o\(index)")).appendedTail))
            }
            clock.advance(by: 20)
            let passes = await withTaskGroup(of: Int.self) { group in
                for node in [a, b, a, b] { group.addTask { await node.compactRetained(budget: 7) } }
                return await group.reduce(0, +)
            }
            #expect(passes == 28, "four passes of seven, none dropping an append twice")
            #expect(try await a.info(stream).retainedStart == tails[27])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<10 {
                    let node = index.isMultiple(of: 2) ? a : b
                    group.addTask { _ = try await node.append(stream, .text("n\(index)")) }
                    if index.isMultiple(of: 5) { group.addTask { _ = await node.compactRetained(budget: 100) } }
                }
                try await group.waitForAll()
            }
            await b.compactRetained(budget: 100)
            #expect(try await a.info(stream).retainedStart == tails[39])
            let info = try await b.info(stream)
            let remaining = try await a.read(stream, from: .beginning, maxBytes: 1 << 20)
            #expect(remaining.start == info.retainedStart)
            #expect(remaining.payload.utf8Text.hasPrefix("n"))
            #expect(remaining.payload.utf8Text.count == 20)
            #expect(try await a.storedRecordCount(stream) == 10)
            await #expect(throws: StreamStorageError.offsetDropped(earliest: info.retainedStart)) {
                try await b.read(stream, from: .offset(.zero), maxBytes: 100)
            }
        } catch {
            await a.shutdown()
            await b.shutdown()
            try? await PostgresTestDatabase.dropSchema(options)
            throw error
        }
        await a.shutdown()
        await b.shutdown()
        try await PostgresTestDatabase.dropSchema(options)
    }

    @Test("An append stored in pieces is dropped whole; records kept for a fork are deleted once it is gone")
    @available(OS2023, *)
    func piecesAndForks() async throws {
        try await PostgresTestDatabase.withStore { store in
            let stream = try path("/pieces")
            _ = try await store.create(
                stream, CreateRequest(configuration: .init(contentType: "application/octet-stream")))
            let large = [UInt8](repeating: 7, count: (1 << 20) * 2 + 10)
            let first = try #require(try await store.append(stream, AppendRequest(payload: large)).appendedTail)
            _ = try await store.append(stream, AppendRequest(payload: Array("tail".utf8)))
            #expect(try await store.storedRecordCount(stream) == 4)
            let fork = try path("/pieces-fork")
            _ = try await store.create(
                fork,
                CreateRequest(
                    configuration: .init(contentType: "application/octet-stream"),
                    fork: ForkRequest(source: stream, inheritsContentType: true)))
            let info = try await store.setRetention(stream, StreamRetention(maxBytes: 4))
            #expect(info.retainedStart == first)
            #expect(try await store.read(stream, from: .beginning, maxBytes: 100).payload.utf8Text == "tail")
            #expect(try await store.storedRecordCount(stream) == 4, "the fork still reads them")
            #expect(try await store.read(fork, from: .beginning, maxBytes: 1 << 22).payload.count == large.count + 4)
            try await store.delete(fork)
            #expect(await store.compactRetained(budget: 100) == 0, "nothing more is dropped, only deleted")
            #expect(try await store.storedRecordCount(stream) == 1)
            #expect(try await store.read(stream, from: .beginning, maxBytes: 100).payload.utf8Text == "tail")
        }
    }
}
