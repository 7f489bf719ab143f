import DurableStreamsStorage
import Foundation
import Testing

/// Retention on every store: what is dropped answers `offsetDropped` with the earliest retained offset, a read
/// from the beginning starts there, and forks keep what they read.
@Suite("Retention in the stores")
struct RetentionStorageTests {
    static let kinds = StoreKind.allCases

    @Test(
        "Appends older than the maximum age are dropped by a pass; reads before them answer offsetDropped",
        arguments: kinds)
    @available(OS2023, *)
    func maxAge(kind: StoreKind) async throws {
        let clock = ManualClock()
        try await withRetentionStore(kind, clock: clock) { store in
            let stream = try path("/aged")
            var configuration = StreamConfiguration(contentType: "text/plain")
            configuration.retention = StreamRetention(maxAge: 10)
            _ = try await store.create(stream, CreateRequest(configuration: configuration))
            _ = try await store.append(stream, .text("old-1"))
            let second = try await store.append(stream, .text("old-2"))
            clock.advance(by: 5)
            _ = try await store.append(stream, .text("new"))
            #expect(await store.compactRetained(budget: 100) == 0, "nothing is ten seconds old yet")
            clock.advance(by: 6)
            #expect(await store.compactRetained(budget: 100) == 2)
            let earliest = try #require(second.appendedTail)
            let info = try await store.info(stream)
            #expect(info.retainedStart == earliest)
            let fromStart = try await store.read(stream, from: .beginning, maxBytes: 1 << 20)
            #expect(fromStart.start == earliest)
            #expect(fromStart.payload.utf8Text == "new")
            await #expect(throws: StreamStorageError.offsetDropped(earliest: earliest)) {
                try await store.read(stream, from: .offset(.zero), maxBytes: 1 << 20)
            }
            #expect(try await store.read(stream, from: .offset(earliest), maxBytes: 1 << 20).payload.utf8Text == "new")
            clock.advance(by: 10)
            #expect(await store.compactRetained(budget: 100) == 1, "an idle stream empties")
            let empty = try await store.read(stream, from: .beginning, maxBytes: 1 << 20)
            #expect(empty.payload.isEmpty && empty.next == info.tail)
            let after = try await store.append(stream, .text("later"))
            #expect(try await store.read(stream, from: .beginning, maxBytes: 1 << 20).payload.utf8Text == "later")
            #expect(after.appendedTail ?? .zero > info.tail)
        }
    }

    @Test("A maximum size is kept on append, always keeping the newest append", arguments: kinds)
    @available(OS2023, *)
    func maxBytesOnAppend(kind: StoreKind) async throws {
        try await withRetentionStore(kind) { store in
            let stream = try path("/sized")
            _ = try await store.create(stream, CreateRequest(configuration: .init(contentType: "text/plain")))
            var tails: [StreamOffset] = []
            for index in 0..<5 {
                let result = try await store.append(stream, .text("\(index)\(index)\(index)"))
                tails.append(try #require(result.appendedTail))
            }
            let size = tails[1].position - tails[0].position
            _ = try await store.setRetention(stream, StreamRetention(maxBytes: size * 2))
            let info = try await store.info(stream)
            #expect(info.retainedStart == tails[2])
            #expect(try await store.read(stream, from: .beginning, maxBytes: 1 << 20).payload.utf8Text == "333444")
            _ = try await store.append(stream, .text("555"))
            #expect(try await store.info(stream).retainedStart == tails[3], "the append itself dropped the oldest")
            _ = try await store.setRetention(stream, StreamRetention(maxBytes: 1))
            #expect(try await store.read(stream, from: .beginning, maxBytes: 1 << 20).payload.utf8Text == "555")
            _ = try await store.setRetention(stream, .none)
            #expect(
                try await store.read(stream, from: .beginning, maxBytes: 1 << 20).payload.utf8Text == "555",
                "what was dropped stays dropped")
        }
    }

    @Test(
        "A fork keeps reading what its source's retention hides; a fork into a dropped range is refused",
        arguments: kinds)
    @available(OS2023, *)
    func forks(kind: StoreKind) async throws {
        try await withRetentionStore(kind) { store in
            let source = try path("/source")
            _ = try await store.create(source, CreateRequest(configuration: .init(contentType: "text/plain")))
            let first = try await store.append(source, .text("a"))
            _ = try await store.append(source, .text("b"))
            _ = try await store.append(source, .text("c"))
            let fork = try path("/fork")
            _ = try await store.create(
                fork,
                CreateRequest(
                    configuration: .init(contentType: "text/plain"),
                    fork: ForkRequest(source: source, inheritsContentType: true)))
            _ = try await store.setRetention(source, StreamRetention(maxBytes: 1))
            let sourceStart = try await store.info(source).retainedStart
            #expect(sourceStart > .zero)
            #expect(try await store.read(source, from: .beginning, maxBytes: 1 << 20).payload.utf8Text == "c")
            #expect(try await store.read(fork, from: .beginning, maxBytes: 1 << 20).payload.utf8Text == "abc")
            await store.compactRetained(budget: 100)
            #expect(try await store.read(fork, from: .beginning, maxBytes: 1 << 20).payload.utf8Text == "abc")
            await #expect(throws: StreamStorageError.offsetDropped(earliest: sourceStart)) {
                try await store.create(
                    try path("/late"),
                    CreateRequest(
                        configuration: .init(contentType: "text/plain"),
                        fork: ForkRequest(source: source, offset: first.appendedTail, inheritsContentType: true)))
            }
            try await store.delete(fork)
            await store.compactRetained(budget: 100)
            #expect(try await store.read(source, from: .beginning, maxBytes: 1 << 20).payload.utf8Text == "c")
        }
    }

    @Test("Retention is part of the configuration a re-create must match", arguments: kinds)
    @available(OS2023, *)
    func idempotentCreate(kind: StoreKind) async throws {
        try await withRetentionStore(kind) { store in
            let stream = try path("/kept")
            var configuration = StreamConfiguration(contentType: "text/plain")
            configuration.retention = StreamRetention(maxAge: 60, maxBytes: 1_000)
            let created = try await store.create(stream, CreateRequest(configuration: configuration))
            #expect(created.info.configuration.retention == configuration.retention)
            #expect(
                try await store.create(stream, CreateRequest(configuration: configuration)) == .existing(created.info))
            await #expect(throws: StreamStorageError(.configurationMismatch)) {
                try await store.create(stream, CreateRequest(configuration: .init(contentType: "text/plain")))
            }
            _ = try await store.setRetention(stream, StreamRetention(maxAge: 30))
            #expect(try await store.info(stream).configuration.retention == StreamRetention(maxAge: 30))
            await #expect(throws: StreamStorageError(.notFound)) {
                try await store.setRetention(try path("/missing"), .none)
            }
        }
    }
}

/// Runs `body` with a fresh store of `kind` that keeps retention.
@available(OS2023, *)
func withRetentionStore(
    _ kind: StoreKind, clock: ManualClock = ManualClock(),
    _ body: (any StreamRetentionControl) async throws -> Void
) async throws {
    try await withStore(kind, clock: clock) { store in
        let retaining = try #require(store as? any StreamRetentionControl, "\(kind) keeps retention")
        try await body(retaining)
    }
}

@available(OS2023, *)
extension AppendResult {
    /// The tail after an append.
    var appendedTail: StreamOffset? {
        if case .appended(let tail, _) = self { return tail }
        return nil
    }
}

extension Array where Element == UInt8 {
    var utf8Text: String { String(decoding: self, as: UTF8.self) }
}
