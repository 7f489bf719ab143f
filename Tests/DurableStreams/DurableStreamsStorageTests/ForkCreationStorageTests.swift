import DurableStreamsStorage
import Foundation
import Testing

/// Creating forks, against both stores: offsets, inheritance, errors and idempotency.
@Suite("Fork creation (storage)")
struct ForkCreationStorageTests {
    @Test("A fork defaults to the source's tail and reads everything the source had", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func defaultsToTail(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            let tail = try await store.makeText(source, "source data")
            let created = try await store.fork(try path("/fork"), from: source)
            guard case .created(let info) = created else {
                Issue.record("expected a new fork, got \(created)")
                return
            }
            #expect(info.tail == tail)
            #expect(info.fork == ForkOrigin(source: source, offset: tail, subOffset: 0))
            #expect(!info.isClosed)
            #expect(try await store.text(try path("/fork")) == "source data")
        }
    }

    @Test(
        "A fork at an earlier offset, at the start, or of an empty stream, inherits only that much",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func offsets(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            let first = try await store.makeText(source, "first")
            try await store.appendText(source, "second")
            try await store.fork(try path("/mid"), from: source, at: first)
            #expect(try await store.text(try path("/mid")) == "first")
            try await store.fork(try path("/zero"), from: source, at: .zero)
            #expect(try await store.text(try path("/zero")) == "")
            #expect(try await store.info(try path("/zero")).tail == .zero)
            let empty = try path("/empty")
            try await store.makeText(empty)
            try await store.fork(try path("/of-empty"), from: empty)
            #expect(try await store.read(try path("/of-empty"), from: .beginning, maxBytes: 10).reachedTail)
        }
    }

    @Test(
        "Forking fails for a missing source, an offset beyond the tail or inside an append, and a content-type mismatch",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func creationErrors(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            let tail = try await store.makeText(source, "small data")
            let fork = try path("/fork")
            await #expect(throws: StreamStorageError(.forkSourceNotFound)) {
                try await store.fork(fork, from: try path("/missing"))
            }
            await #expect(throws: StreamStorageError.forkOffsetBeyondTail) {
                try await store.fork(fork, from: source, at: StreamOffset(position: tail.position + 1))
            }
            await #expect(throws: StreamStorageError.forkOffsetNotAPosition) {
                try await store.fork(fork, from: source, at: StreamOffset(position: 1))
            }
            await #expect(throws: StreamStorageError.contentTypeMismatch(expected: "text/plain")) {
                try await store.fork(fork, from: source, contentType: "application/json")
            }
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(fork) }
            // None of the refused forks took a reference: the source is deleted for good, not soft-deleted.
            try await store.delete(source)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(source) }
        }
    }

    @Test(
        "The content type is inherited when none is named, and must match the source's media type otherwise",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func contentType(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "{\"key\":\"value\"},", contentType: "application/json")
            let inherited = try await store.fork(try path("/inherit"), from: source)
            #expect(inherited.info.configuration.contentType == "application/json")
            let named = try await store.fork(
                try path("/named"), from: source, contentType: "Application/JSON; charset=utf-8")
            #expect(named.info.configuration.mediaType == "application/json")
            #expect(try await store.appendText(try path("/inherit"), "1,", contentType: "application/json") > .zero)
        }
    }

    /// The protocol's expiry table: (source, request) → fork.
    @available(OS2023, *)
    static var expiryCases: [(StreamExpiry, StreamExpiry, StreamExpiry)] {
        let ttl = StreamExpiry.timeToLive(seconds: 3600)
        let other = StreamExpiry.timeToLive(seconds: 7200)
        let at = StreamExpiry.expiresAt(StreamTimestamp(date: Date(timeIntervalSince1970: 1_900_000_000)))
        let later = StreamExpiry.expiresAt(StreamTimestamp(date: Date(timeIntervalSince1970: 2_000_000_000)))
        return [
            (.never, .never, .never), (.never, ttl, ttl), (.never, at, at),
            (ttl, .never, ttl), (ttl, other, other), (ttl, at, at),
            (at, .never, at), (at, ttl, ttl), (at, later, later),
        ]
    }

    @Test("Fork expiry follows the protocol's table", arguments: StoreKind.allCases, 0..<9)
    @available(OS2023, *)
    func expiryTable(kind: StoreKind, index: Int) async throws {
        let (sourceExpiry, requested, expected) = Self.expiryCases[index]
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "data", expiry: sourceExpiry)
            let fork = try await store.fork(try path("/fork"), from: source, expiry: requested)
            #expect(fork.info.configuration.expiry == expected)
            #expect(try await store.info(try path("/fork")).configuration.expiry == expected)
        }
    }

    @Test("Creating the same fork again is idempotent; any difference is a conflict", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func idempotency(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            let other = try path("/other")
            let first = try await store.makeText(source, "hello")
            try await store.appendText(source, " world")
            try await store.makeText(other, "other")
            let fork = try path("/fork")
            let created = try await store.fork(fork, from: source, at: first, subOffset: 0, expiry: .never)
            #expect(try await store.fork(fork, from: source, at: first) == .existing(created.info))
            #expect(try await store.fork(fork, from: source) == .existing(created.info), "an omitted offset matches")
            #expect(try await store.fork(fork, from: source, contentType: "text/plain") == .existing(created.info))
            let conflicts: [(StreamPath, StreamOffset?, UInt64, String?, Bool)] = [
                (source, .zero, 0, nil, false),
                (source, first, 2, nil, false),
                (other, nil, 0, nil, false),
                (source, first, 0, "application/json", false),
                (source, first, 0, nil, true),
            ]
            for (from, offset, subOffset, contentType, closed) in conflicts {
                await #expect(throws: StreamStorageError(.configurationMismatch)) {
                    try await store.fork(
                        fork, from: from, at: offset, subOffset: subOffset, contentType: contentType, closed: closed)
                }
            }
            await #expect(throws: StreamStorageError(.configurationMismatch)) {
                try await store.fork(fork, from: source, at: first, expiry: .timeToLive(seconds: 5))
            }
            await #expect(throws: StreamStorageError(.configurationMismatch), "a plain create does not match a fork") {
                try await store.create(
                    fork, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            }
            await #expect(throws: StreamStorageError(.configurationMismatch), "a fork does not match a plain stream") {
                try await store.fork(other, from: source)
            }
        }
    }

    @Test(
        "An inherited expiry matches on re-creation; a sub-offset of 0 matches an absent one",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func idempotencyOfDefaults(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "data", expiry: .timeToLive(seconds: 3600))
            let fork = try path("/fork")
            let created = try await store.fork(fork, from: source, at: .zero, subOffset: 0)
            #expect(try await store.fork(fork, from: source, at: .zero) == .existing(created.info))
            #expect(
                try await store.fork(fork, from: source, at: .zero, expiry: .timeToLive(seconds: 3600))
                    == .existing(created.info))
        }
    }

    @Test("A closed source can be forked; the fork starts open and takes appends", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func closedSource(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "closed data")
            _ = try await store.append(source, AppendRequest(payload: [], closeStream: true))
            let fork = try path("/fork")
            let created = try await store.fork(fork, from: source)
            #expect(!created.info.isClosed)
            try await store.appendText(fork, " fork data")
            #expect(try await store.text(fork) == "closed data fork data")
            #expect(try await store.info(source).isClosed)
        }
    }

    @Test(
        "A fork created closed, with an initial body, holds the inherited data then the body",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func createdClosedWithBody(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "inherited ")
            let fork = try path("/fork")
            let created = try await store.fork(fork, from: source, initial: "and final", closed: true)
            #expect(created.info.isClosed)
            #expect(try await store.text(fork) == "inherited and final")
            await #expect(throws: StreamStorageError.streamClosed(tail: created.info.tail)) {
                try await store.appendText(fork, "more")
            }
        }
    }
}
