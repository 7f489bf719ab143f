import CourierTestSupport
import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation
import Testing

/// Deleting forks and their sources, against both stores: soft-delete, reference counts, cascades, expiry.
@Suite("Fork lifecycle (storage)")
struct ForkLifecycleStorageTests {
    @Test("Deleting a fork leaves its source alone", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func deleteFork(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "source data")
            let fork = try path("/fork")
            try await store.fork(fork, from: source)
            try await store.delete(fork)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(fork) }
            #expect(try await store.text(source) == "source data")
            try await store.delete(source)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(source) }
        }
    }

    @Test(
        "A source deleted while it has forks is gone for every operation, keeps its path, and its data for forks",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func softDelete(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "preserved data")
            let fork = try path("/fork")
            try await store.fork(fork, from: source)
            try await store.delete(source)
            await #expect(throws: StreamStorageError(.gone)) { try await store.info(source) }
            await #expect(throws: StreamStorageError(.gone)) {
                try await store.read(source, from: .beginning, maxBytes: 10)
            }
            await #expect(throws: StreamStorageError(.gone)) { try await store.appendText(source, "more") }
            await #expect(throws: StreamStorageError(.gone)) { try await store.delete(source) }
            #expect(await store.waitForAppend(source, after: .zero, timeout: .seconds(60)) == .gone)
            await #expect(throws: StreamStorageError(.retainedForForks)) { try await store.makeText(source) }
            await #expect(throws: StreamStorageError(.forkSourceGone)) {
                try await store.fork(try path("/fork2"), from: source)
            }
            #expect(try await store.text(fork) == "preserved data")
            try await store.appendText(fork, "+")
            #expect(try await store.text(fork) == "preserved data+")
        }
    }

    @Test("A waiter on a source wakes with gone when the source is soft-deleted", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func waiterOnSoftDeletedSource(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            let tail = try await store.makeText(source, "data")
            try await store.fork(try path("/fork"), from: source)
            let waiter = Task { await store.waitForAppend(source, after: tail, timeout: .seconds(60)) }
            try await store.delete(source)
            #expect(try await withTimeout(.seconds(10)) { await waiter.value } == .gone)
        }
    }

    @Test(
        "Deleting the last fork removes a soft-deleted source, and the path can be used again",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func lastForkReleasesSource(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "cascade data")
            let forks = try (0..<2).map { try path("/fork\($0)") }
            for fork in forks { try await store.fork(fork, from: source) }
            try await store.delete(source)
            try await store.delete(forks[0])
            await #expect(throws: StreamStorageError(.gone)) { try await store.info(source) }
            #expect(try await store.text(forks[1]) == "cascade data")
            try await store.delete(forks[1])
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(source) }
            try await store.makeText(source, "new")
            #expect(try await store.text(source) == "new")
        }
    }

    @Test("Removal cascades up a chain of soft-deleted sources", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func cascade(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let levels = try (0..<3).map { try path("/level\($0)") }
            try await store.makeText(levels[0], "root")
            try await store.fork(levels[1], from: levels[0])
            try await store.fork(levels[2], from: levels[1])
            try await store.delete(levels[0])
            try await store.delete(levels[1])
            await #expect(throws: StreamStorageError(.gone)) { try await store.info(levels[0]) }
            await #expect(throws: StreamStorageError(.gone)) { try await store.info(levels[1]) }
            #expect(try await store.text(levels[2]) == "root")
            try await store.delete(levels[2])
            for level in levels {
                await #expect(throws: StreamStorageError(.notFound)) { try await store.info(level) }
            }
            if let memory = store as? MemoryStreamStorage { #expect(memory.streamCount == 0) }
            if let file = store as? FileStreamStorage { #expect(file.streamCount == 0) }
        }
    }

    @Test(
        "Deleting the middle of a chain keeps the data for the leaf and the root alive", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func deleteMiddle(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let levels = try (0..<3).map { try path("/level\($0)") }
            try await store.makeText(levels[0], "A")
            try await store.fork(levels[1], from: levels[0])
            try await store.appendText(levels[1], "B")
            try await store.fork(levels[2], from: levels[1])
            try await store.appendText(levels[2], "C")
            try await store.delete(levels[1])
            await #expect(throws: StreamStorageError(.gone)) { try await store.info(levels[1]) }
            #expect(try await store.text(levels[2]) == "ABC")
            #expect(try await store.text(levels[0]) == "A")
            try await store.delete(levels[0])
            await #expect(throws: StreamStorageError(.gone), "the soft-deleted middle still reads from the root") {
                try await store.info(levels[0])
            }
            #expect(try await store.text(levels[2]) == "ABC", "the root's data stays for the chain")
            try await store.delete(levels[2])
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(levels[0]) }
        }
    }

    @Test(
        "An expired source with forks is soft-deleted; an expired fork is removed and releases its source",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func expiry(kind: StoreKind) async throws {
        let clock = ManualClock()
        try await withStore(kind, clock: clock) { store in
            let source = try path("/src")
            try await store.makeText(source, "data", expiry: .timeToLive(seconds: 60))
            let fork = try path("/fork")
            try await store.fork(fork, from: source, expiry: .timeToLive(seconds: 1))
            clock.advance(by: 2)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(fork) }
            try await store.delete(source)
            await #expect(throws: StreamStorageError(.notFound), "the expired fork released its reference") {
                try await store.info(source)
            }

            try await store.makeText(source, "data", expiry: .timeToLive(seconds: 1))
            try await store.fork(fork, from: source, expiry: .timeToLive(seconds: 60))
            clock.advance(by: 2)
            await #expect(throws: StreamStorageError(.gone)) { try await store.info(source) }
            await #expect(throws: StreamStorageError(.retainedForForks)) { try await store.makeText(source) }
            #expect(try await store.text(fork) == "data")
            try await store.delete(fork)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(source) }
        }
    }

    @Test(
        "The periodic sweep soft-deletes expired sources with forks and removes expired forks",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func sweep(kind: StoreKind) async throws {
        let clock = ManualClock()
        try await withStore(kind, clock: clock) { store in
            let source = try path("/src")
            try await store.makeText(source, "data", expiry: .timeToLive(seconds: 1))
            let fork = try path("/fork")
            try await store.fork(fork, from: source, expiry: .timeToLive(seconds: 10))
            clock.advance(by: 2)
            await sweep(store)
            await #expect(throws: StreamStorageError(.gone)) { try await store.info(source) }
            clock.advance(by: 10)
            await sweep(store)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(fork) }
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(source) }
        }
    }

    @available(OS2023, *)
    private func sweep(_ store: any StreamStorage) async {
        if let memory = store as? MemoryStreamStorage { memory.sweepExpired() }
        if let file = store as? FileStreamStorage { await file.sweepExpired() }
        if let postgres = store as? PostgresStreamStorage { await postgres.sweepExpired() }
    }

    @Test("Many forks of one source each read the same data and release it", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func manyForks(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let source = try path("/src")
            try await store.makeText(source, "shared data")
            let forks = try (0..<10).map { try path("/fork\($0)") }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for fork in forks { group.addTask { _ = try await store.fork(fork, from: source) } }
                try await group.waitForAll()
            }
            for fork in forks { #expect(try await store.text(fork) == "shared data") }
            try await store.delete(source)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for fork in forks { group.addTask { try await store.delete(fork) } }
                try await group.waitForAll()
            }
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(source) }
        }
    }
}
