import CourierPrimitives
import CourierTestSupport
import Testing

@testable import DurableStreamsStorage

@Suite("Shared deadline timer")
struct DeadlineTimerTests {
    @Test("Deadlines fire in order; cancelled ones never fire and leave the heap at once")
    @available(OS2023, *)
    func orderAndCancellation() async throws {
        let fired = Broadcast<[Int]>(replayLatest: true)
        let log = Locked([Int]())
        let timer = DeadlineTimer.shared
        var ids: [Int: UInt64] = [:]
        let base = ContinuousClock.now.advanced(by: .seconds(1))
        for index in (0..<200).shuffled() {
            ids[index] = timer.schedule(at: base.advanced(by: .milliseconds(index))) {
                fired.send(
                    log.withLock { log in
                        log.append(index)
                        return log
                    })
            }
        }
        for index in stride(from: 1, to: 200, by: 2) {
            if let id = ids[index] { timer.cancel(id) }
        }
        let all = try await fired.subscribe().firstValue(within: .seconds(30)) { $0.count == 100 }
        #expect(all == Array(stride(from: 0, to: 200, by: 2)))
    }

    @Test("A deadline earlier than the one the timer waits for fires on time; one after a cancelled one fires too")
    @available(OS2023, *)
    func earlierAndAfterCancelled() async throws {
        let timer = DeadlineTimer.shared
        let fired = Broadcast<String>(replayLatest: false)
        let first = fired.subscribe()
        let start = ContinuousClock.now
        // The timer waits for a late deadline; an earlier one scheduled afterwards must wake it.
        let late = timer.schedule(after: .seconds(60)) { fired.send("late") }
        timer.schedule(after: .milliseconds(100)) { fired.send("early") }
        #expect(try await first.firstValue(within: .seconds(10)) == "early")
        #expect(ContinuousClock.now - start < .seconds(10))
        timer.cancel(late)
        // The timer waits for a deadline that is then cancelled; a later one scheduled afterwards still fires.
        let second = fired.subscribe()
        let cancelled = timer.schedule(after: .milliseconds(200)) { fired.send("cancelled") }
        timer.cancel(cancelled)
        timer.schedule(after: .milliseconds(400)) { fired.send("after") }
        #expect(try await second.firstValue(within: .seconds(10)) == "after")
    }
}
