import CourierTestSupport
import DurableStreamsStorage
import Foundation
import Testing

@Suite("Storage waits and concurrency")
struct StorageWaitTests {
    @Test("A waiter wakes when data is appended, without polling", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func wakeOnAppend(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            let waiting = Task { await store.waitForAppend(stream, after: .zero, timeout: .seconds(60)) }
            // The waiter may register before or after the append; either way it must see the data.
            _ = try await store.append(stream, .text("wake"))
            let result = try await withTimeout(.seconds(10)) { await waiting.value }
            #expect(result == .appended)
        }
    }

    @Test("Waits end on closure, deletion, timeout, cancellation and shutdown", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func waitOutcomes(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let closing = try path("/closing")
            _ = try await store.create(
                closing, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            let closeWaiter = Task { await store.waitForAppend(closing, after: .zero, timeout: .seconds(60)) }
            _ = try await store.append(closing, AppendRequest(payload: [], closeStream: true))
            #expect(try await withTimeout(.seconds(10)) { await closeWaiter.value } == .closed)
            #expect(await store.waitForAppend(closing, after: .zero, timeout: .seconds(60)) == .closed)

            let deleted = try path("/deleted")
            _ = try await store.create(deleted, CreateRequest(configuration: StreamConfiguration()))
            let deleteWaiter = Task { await store.waitForAppend(deleted, after: .zero, timeout: .seconds(60)) }
            try await store.delete(deleted)
            #expect(try await withTimeout(.seconds(10)) { await deleteWaiter.value } == .notFound)
            #expect(await store.waitForAppend(deleted, after: .zero, timeout: .seconds(1)) == .notFound)

            let idle = try path("/idle")
            _ = try await store.create(idle, CreateRequest(configuration: StreamConfiguration()))
            #expect(await store.waitForAppend(idle, after: .zero, timeout: .milliseconds(50)) == .timedOut)

            let cancelled = Task { await store.waitForAppend(idle, after: .zero, timeout: .seconds(60)) }
            cancelled.cancel()
            #expect(try await withTimeout(.seconds(10)) { await cancelled.value } == .cancelled)

            let atShutdown = Task { await store.waitForAppend(idle, after: .zero, timeout: .seconds(60)) }
            // Let the waiter register (it may also see the shutdown first; both end with .shutdown).
            await Task.yield()
            await store.shutdown()
            #expect(try await withTimeout(.seconds(10)) { await atShutdown.value } == .shutdown)
            await #expect(throws: StreamStorageError(.unavailable)) { try await store.info(idle) }
        }
    }

    @Test("Concurrent appends are all stored exactly once, at distinct offsets", arguments: StoreKind.allCases)
    @available(OS2023, *)
    func concurrentAppends(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            let tails = try await withThrowingTaskGroup(of: StreamOffset.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        guard case .appended(let tail, _) = try await store.append(stream, .text("<\(index)>")) else {
                            throw StreamStorageError.storageFailure("not appended")
                        }
                        return tail
                    }
                }
                var tails: [StreamOffset] = []
                for try await tail in group { tails.append(tail) }
                return tails
            }
            #expect(Set(tails).count == 200)
            let text = String(decoding: try await store.readAll(stream, maxBytes: 64), as: UTF8.self)
            for index in 0..<200 {
                #expect(text.components(separatedBy: "<\(index)>").count == 2)
            }
        }
    }

    @Test(
        "Pipelined producer appends from many tasks are each accepted once or refused, never lost",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func pipelinedProducer(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path()
            _ = try await store.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            // Send every sequence number twice, concurrently; retry gaps until accepted or duplicate.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for sequence in 0..<50 {
                    for _ in 0..<2 {
                        group.addTask {
                            var request = AppendRequest.text("[\(sequence)]")
                            request.producer = ProducerStamp(id: "p", epoch: 0, sequence: UInt64(sequence))
                            while true {
                                do throws(StreamStorageError) {
                                    _ = try await store.append(stream, request)
                                    return
                                } catch {
                                    guard case .producerSequenceGap = error else { throw error }
                                    await Task.yield()
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let expected = (0..<50).map { "[\($0)]" }.joined()
            #expect(String(decoding: try await store.readAll(stream), as: UTF8.self) == expected)
        }
    }
}
