import CourierPrimitives
import CourierTestSupport
import DurableStreamsStorage
import Foundation
import Testing

@Suite("Paced wakes of many readers")
struct PacedWakeTests {
    /// Starts `count` waits after `offset` and returns once all are registered.
    @available(OS2023, *)
    private func waiters(
        _ count: Int, on notifier: StreamChangeNotifier, _ stream: StreamPath, after offset: UInt64,
        tail: Locked<UInt64>
    ) async throws -> [Task<WaitResult, Never>] {
        let before = notifier.waiterCount
        let tasks = (0..<count).map { _ in
            Task {
                await notifier.wait(for: stream, after: StreamOffset(position: offset), timeout: .seconds(60)) {
                    StreamChangeNotifier.Snapshot(tail: StreamOffset(position: tail.value), isClosed: false)
                }
            }
        }
        try await withTimeout(.seconds(10)) {
            while notifier.waiterCount < before + count {
                try Task.checkCancellation()
                await Task.yield()
            }
        }
        return tasks
    }

    @Test("A round that wakes many readers paces the next one; every reader still gets every append")
    @available(OS2023, *)
    func pacedRounds() async throws {
        let notifier = StreamChangeNotifier()
        let stream = try path()
        let tail = Locked<UInt64>(0)
        let count = StreamChangeNotifier.pacedWaiters + 8

        // The first round is immediate.
        var tasks = try await waiters(count, on: notifier, stream, after: 0, tail: tail)
        tail.withLock { $0 = 10 }
        let first = ContinuousClock.now
        notifier.publish(stream, tail: StreamOffset(position: 10), closed: false)
        for task in tasks { #expect(try await withTimeout(.seconds(10)) { await task.value } == .appended) }

        // The next appends, published and found by readers as they come back, wait for the next round, which
        // wakes them all.
        tasks = try await waiters(count, on: notifier, stream, after: 10, tail: tail)
        tail.withLock { $0 = 20 }
        notifier.publish(stream, tail: StreamOffset(position: 20), closed: false)
        // Not awaited until registered: once the round is over, this wait finds its data at once.
        let late = [
            Task {
                await notifier.wait(for: stream, after: StreamOffset(position: 15), timeout: .seconds(60)) {
                    StreamChangeNotifier.Snapshot(tail: StreamOffset(position: tail.value), isClosed: false)
                }
            }
        ]
        for task in tasks + late {
            #expect(try await withTimeout(.seconds(10)) { await task.value } == .appended)
        }
        #expect(ContinuousClock.now - first >= StreamChangeNotifier.pace(for: count))
        #expect(notifier.waiterCount == 0)
    }

    @Test("Closure ends a paced stream's waits at once")
    @available(OS2023, *)
    func closureIsImmediate() async throws {
        let notifier = StreamChangeNotifier()
        let stream = try path()
        let tail = Locked<UInt64>(0)
        let count = StreamChangeNotifier.pacedWaiters
        var tasks = try await waiters(count, on: notifier, stream, after: 0, tail: tail)
        tail.withLock { $0 = 10 }
        notifier.publish(stream, tail: StreamOffset(position: 10), closed: false)
        for task in tasks { _ = await task.value }
        tasks = try await waiters(count, on: notifier, stream, after: 10, tail: tail)
        notifier.publish(stream, tail: StreamOffset(position: 10), closed: true)
        for task in tasks { #expect(try await withTimeout(.seconds(10)) { await task.value } == .closed) }
    }

    @Test("Reads of appends that span the memory store's chunks return exactly what was appended")
    @available(OS2023, *)
    func chunkedReads() async throws {
        let store = MemoryStreamStorage()
        let stream = try path()
        _ = try await store.create(stream, CreateRequest(configuration: StreamConfiguration()))
        var expected: [UInt8] = []
        var ends: [UInt64] = [0]
        for (index, size) in [100_000, 200_000, 7, 300_000, 1, 150_000, 120_000].enumerated() {
            let payload = [UInt8](repeating: UInt8(index + 1), count: size)
            _ = try await store.append(stream, AppendRequest(payload: payload))
            expected += payload
            ends.append(UInt64(expected.count))
        }
        for start in ends.dropLast() {
            for maxBytes in [1, 150_000, 400_000, 1 << 20] {
                let read = try await store.read(
                    stream, from: .offset(StreamOffset(position: start)), maxBytes: maxBytes)
                let next = read.next.position
                #expect(ends.contains(next) && next > start)
                #expect(read.payload == Array(expected[Int(start)..<Int(next)]))
                // At least one append, then no more than the limit allows.
                let following = try #require(ends.firstIndex(of: start)) + 1
                #expect(next == ends[following] || read.payload.count <= maxBytes)
            }
        }
        await store.shutdown()
    }
}
