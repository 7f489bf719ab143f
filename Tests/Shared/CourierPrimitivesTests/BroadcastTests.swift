import CourierPrimitives
import CourierTestSupport
import Testing

@Suite("Broadcast")
struct BroadcastTests {
    @Test("every subscriber receives every value in send order")
    @available(OS2022, *)
    func fanOutInOrder() async throws {
        let broadcast = Broadcast<Int>()
        let streams = (0..<10).map { _ in broadcast.subscribe() }
        for value in 0..<100 {
            broadcast.send(value)
        }
        for stream in streams {
            #expect(try await stream.first(100) == Array(0..<100))
        }
    }

    @Test("subscribers cancelled while values are handed to them never deadlock a sender")
    @available(OS2022, *)
    func cancelWhileSending() async throws {
        let broadcast = Broadcast<Int>()
        try await withTimeout(.seconds(120)) {
            for _ in 0..<200 {
                let readers = (0..<32).map { _ in
                    let stream = broadcast.subscribe()
                    return Task.detached { for await _ in stream {} }
                }
                // Readers wait for values while the sender hands them over and the readers are cancelled.
                let sender = Task.detached { for value in 0..<400 { broadcast.send(value) } }
                for reader in readers { reader.cancel() }
                await sender.value
                for reader in readers { await reader.value }
            }
        }
        #expect(broadcast.subscriberCount == 0)
    }

    @Test("values sent from many tasks keep one order for all subscribers")
    @available(OS2022, *)
    func concurrentSendersAgree() async throws {
        let broadcast = Broadcast<Int>()
        let first = broadcast.subscribe()
        let second = broadcast.subscribe()
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<8 {
                group.addTask {
                    for index in 0..<250 {
                        broadcast.send(sender * 1000 + index)
                    }
                }
            }
        }
        let seenByFirst = try await first.first(2000)
        let seenBySecond = try await second.first(2000)
        #expect(seenByFirst == seenBySecond)
        #expect(Set(seenByFirst).count == 2000)
    }

    @Test("a new subscriber gets the latest value first when replaying")
    @available(OS2022, *)
    func replayLatest() async throws {
        let broadcast = Broadcast<String>(replayLatest: true)
        broadcast.send("old")
        broadcast.send("current")
        let stream = broadcast.subscribe()
        broadcast.send("next")
        #expect(try await stream.first(2) == ["current", "next"])
    }

    @Test("without replay, a value is not kept once it is handed over")
    @available(OS2022, *)
    func keepsNothingWithoutReplay() async throws {
        let broadcast = Broadcast<Payload>()
        let stream = broadcast.subscribe()
        weak var sent: Payload?
        do {
            let payload = Payload()
            sent = payload
            broadcast.send(payload)
        }
        #expect(broadcast.latest == nil)
        #expect(sent != nil)
        _ = try await stream.first(1)
        #expect(sent == nil)
    }

    @Test("ending one subscription leaves the others running")
    @available(OS2022, *)
    func cancellationIsPerSubscriber() async throws {
        let (counts, countSink) = AsyncStream.makeStream(of: Int.self)
        let broadcast = Broadcast<Int> { count in countSink.yield(count) }
        let kept = broadcast.subscribe()
        let dropped = Task {
            for await _ in broadcast.subscribe() {}
        }
        var seenCounts = counts.makeAsyncIterator()
        #expect(await seenCounts.next() == 1)
        #expect(await seenCounts.next() == 2)
        dropped.cancel()
        await dropped.value
        #expect(await seenCounts.next() == 1)
        #expect(broadcast.subscriberCount == 1)
        broadcast.send(7)
        #expect(try await kept.first(1) == [7])
    }

    @Test("finish ends every stream and later subscriptions")
    @available(OS2022, *)
    func finishEndsAll() async throws {
        let broadcast = Broadcast<Int>()
        let stream = broadcast.subscribe()
        broadcast.send(1)
        broadcast.finish()
        broadcast.send(2)
        #expect(try await stream.first(5) == [1])
        #expect(try await broadcast.subscribe().first(1) == [])
    }
}

/// A value whose lifetime a test can watch.
@available(OS2022, *)
private final class Payload: Sendable {}
