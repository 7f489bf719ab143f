import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation
import Testing

/// The storage contract, continued: deletion and expiry.
extension StorageContractTests {
    @Test("Deleting removes the stream and a new one at the path starts empty", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func deleteAndRecreate(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            let first = try await store.create(
                stream,
                CreateRequest(
                    configuration: StreamConfiguration(contentType: "text/plain"), initialPayload: Array("old")))
            try await store.delete(stream)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(stream) }
            await #expect(throws: StreamStorageError(.notFound)) { try await store.append(stream, .text("x")) }
            await #expect(throws: StreamStorageError(.notFound)) { try await store.delete(stream) }
            let second = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "application/json")))
            #expect(second.info.incarnation != first.info.incarnation)
            #expect(try await store.readAll(stream).isEmpty)
        }
    }

    @Test(
        "A time-to-live counts from the last read or append, not from metadata requests", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func timeToLive(kind: StoreKind) async throws {
        let clock = ManualClock()
        try await withStore(kind, clock: clock) { store in
            let stream = try path()
            let configuration = StreamConfiguration(contentType: "text/plain", expiry: .timeToLive(seconds: 10))
            _ = try await store.create(stream, CreateRequest(configuration: configuration))
            clock.advance(by: 8)
            _ = try await store.read(stream, from: .beginning, maxBytes: 10)
            clock.advance(by: 8)
            _ = try await store.append(stream, .text("kept alive"))
            clock.advance(by: 8)
            _ = try await store.info(stream)
            clock.advance(by: 3)
            await #expect(throws: StreamStorageError(.notFound)) { try await store.info(stream) }
            _ = try await store.create(stream, CreateRequest(configuration: configuration))
            #expect(try await store.readAll(stream).isEmpty)
        }
    }

    @Test("An absolute expiry passes whatever the use", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func expiresAt(kind: StoreKind) async throws {
        let clock = ManualClock()
        try await withStore(kind, clock: clock) { store in
            let stream = try path()
            let expiry = StreamExpiry.expiresAt(StreamTimestamp(date: clock.now.addingTimeInterval(5)))
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain", expiry: expiry)))
            clock.advance(by: 4)
            _ = try await store.append(stream, .text("x"))
            clock.advance(by: 1)
            await #expect(throws: StreamStorageError(.notFound)) {
                try await store.read(stream, from: .beginning, maxBytes: 10)
            }
        }
    }

    @Test("The periodic sweep removes expired streams nobody touches", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func sweep(kind: StoreKind) async throws {
        let clock = ManualClock()
        try await withStore(kind, clock: clock) { store in
            let stream = try path()
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(expiry: .timeToLive(seconds: 1))))
            clock.advance(by: 2)
            if let memory = store as? MemoryStreamStorage {
                memory.sweepExpired()
                #expect(memory.streamCount == 0)
            } else if let file = store as? FileStreamStorage {
                await file.sweepExpired()
                #expect(file.streamCount == 0)
            } else if let postgres = store as? PostgresStreamStorage {
                await postgres.sweepExpired()
                #expect(try await postgres.streamPaths().isEmpty)
            }
        }
    }
}
