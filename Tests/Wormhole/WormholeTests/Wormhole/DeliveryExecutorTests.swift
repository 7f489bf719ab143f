#if os(Linux)
import CourierTestSupport
import Dispatch
import Foundation
import Testing
@testable import Wormhole

@Suite("Delivery executor")
struct DeliveryExecutorTests {
    /// The calling thread.
    static func thread() -> pthread_t { pthread_self() }

    /// Blocks the calling thread until `semaphore` is signalled; `false` after 30 s.
    static func block(on semaphore: DispatchSemaphore) -> Bool {
        semaphore.wait(timeout: .now() + 30) == .success
    }

    @Test("a consumer that prefers it reads every queued message in order, on the notification thread")
    @available(OS2024, *)
    func inOrderOnTheNotificationThread() async throws {
        try await withDirectory { directory in
            let sender = try makeWormhole(directory, queues: ["jobs": 1000])
            let receiver = try makeWormhole(directory, queues: ["jobs": 1000])
            let executor = try #require(receiver.deliveryExecutor)
            let stream = try await receiver.messages(Counter.self, for: "jobs")
            // A task's first job runs where it prefers: on the notification thread.
            let consumer = Task(executorPreference: executor) { () -> ([Int], Set<pthread_t>) in
                var counts: [Int] = []
                var threads: Set<pthread_t> = [Self.thread()]
                for await delivery in stream {
                    threads.insert(Self.thread())
                    if let count = delivery.message?.count { counts.append(count) }
                    if counts.count == 200 { break }
                }
                return (counts, threads)
            }
            for count in 1...200 { try await sender.send(Counter(count: count), to: "jobs") }
            let (counts, threads) = try await withTimeout(.seconds(30)) { await consumer.value }
            #expect(counts == Array(1...200))
            #expect(threads.count == 1)
        }
    }

    @Test("a consumer that blocks the notification thread loses no message, and other streams catch up after")
    @available(OS2024, *)
    func slowConsumer() async throws {
        try await withDirectory { directory in
            let sender = try makeWormhole(directory, queues: ["jobs": 1000])
            let receiver = try makeWormhole(directory, queues: ["jobs": 1000])
            let executor = try #require(receiver.deliveryExecutor)
            let jobs = try await receiver.messages(Counter.self, for: "jobs")
            let latest = try await receiver.messages(Counter.self, for: "latest")
            let (blocked, blockedNow) = AsyncStream<Void>.makeStream()
            let allSent = DispatchSemaphore(value: 0)
            let consumer = Task(executorPreference: executor) { () -> [Int] in
                var counts: [Int] = []
                for await delivery in jobs {
                    if let count = delivery.message?.count { counts.append(count) }
                    if counts.count == 1 {
                        blockedNow.yield()
                        guard Self.block(on: allSent) else { return counts }
                    }
                    if counts.count == 100 { break }
                }
                return counts
            }
            try await sender.send(Counter(count: 1), to: "jobs")
            _ = try await blocked.first(1, within: .seconds(30))
            for count in 2...100 { try await sender.send(Counter(count: count), to: "jobs") }
            for count in 1...10 { try await sender.send(Counter(count: count), to: "latest") }
            allSent.signal()
            let counts = try await withTimeout(.seconds(30)) { await consumer.value }
            #expect(counts == Array(1...100))
            let newest = try #require(try await latest.first(1, within: .seconds(30)).first)
            #expect(newest.message?.count == 10)
            #expect(newest.missedCount == 9)
        }
    }

    @Test("tasks that prefer the executor of a released wormhole go on on the shared pool")
    @available(OS2024, *)
    func afterRelease() async throws {
        try await withDirectory { directory in
            for subscribed in [false, true] {
                var wormhole: Wormhole? = try makeWormhole(directory)
                let executor = try #require(wormhole?.deliveryExecutor)
                if subscribed, let wormhole {
                    _ = try await wormhole.messages(Counter.self, for: "jobs")  // starts the thread
                }
                wormhole = nil
                let value = try await withTimeout(.seconds(10)) {
                    await withTaskExecutorPreference(executor) {
                        await Task.yield()
                        return 42
                    }
                }
                #expect(value == 42)
            }
        }
    }

    @Test("in memory there is no notification thread")
    @available(OS2024, *)
    func inMemory() throws {
        #expect(try Wormhole(configuration: .inMemory()).deliveryExecutor == nil)
    }

    @Test("the thread's state: start on first job, wake only a polling thread once, forward after the end")
    func watcherState() {
        var state = WatcherState<Int>()
        var batch: [Int] = []
        var steps: [String] = []
        func record(_ step: some Equatable) { steps.append("\(step)") }
        record(state.enqueue(1))
        record(state.start())
        record(state.enqueue(2))
        record(state.nextStep(taking: &batch))
        record(batch)
        record(state.nextStep(taking: &batch))
        record(batch)
        record(state.enqueue(3))
        record(state.enqueue(4))
        state.woke()
        record(state.nextStep(taking: &batch))
        record(batch)
        record(state.nextStep(taking: &batch))
        record(state.enqueue(5))
        record(state.stop())
        record(state.stop())
        record(state.nextStep(taking: &batch))
        record(state.end())
        record(state.enqueue(6))
        #expect(
            steps == [
                "start", "false", "none", "run", "[1, 2]", "poll", "[]", "wake", "none", "run", "[3, 4]", "poll",
                "wake", "Optional(true)", "nil", "stop", "[5]", "forward",
            ])

        var unstarted = WatcherState<Int>()
        let stopped = unstarted.stop()
        let startedAfterStop = unstarted.start()
        let enqueued = unstarted.enqueue(1)
        #expect(stopped == false && !startedAfterStop && enqueued == .forward)

        var observed = WatcherState<Int>()
        let started = observed.start()
        let runsLater = observed.enqueue(1)
        #expect(started && runsLater == .none)
    }
}
#endif
