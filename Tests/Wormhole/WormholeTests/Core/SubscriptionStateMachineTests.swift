import Testing
import Wormhole

/// The subscription's state machine, input by input, with plain numbers as waiters.
@Suite("Subscription state machine")
struct SubscriptionStateMachineTests {
    @available(OS2022, *)
    typealias Machine = SubscriptionStateMachine<Int>

    @available(OS2022, *)
    private static func machine(mark: Machine.Mark = .absent, cursor: UInt64 = 0, readFirst: Bool = false)
        -> Machine
    {
        Machine(mark: mark, cursor: cursor, readFirst: readFirst)
    }

    /// The work `count` consecutive requests get.
    @available(OS2022, *)
    private static func work(_ machine: inout Machine, _ count: Int) -> [Machine.Work] {
        (0..<count).map { _ in machine.nextWork() }
    }

    @Test("with nothing pending a consumer waits; readFirst makes the first request a read")
    @available(OS2022, *)
    func initialWork() {
        var idle = Self.machine()
        let idleSnapshot = idle.nextSnapshotRead()
        #expect(Self.work(&idle, 1) == [.wait])
        #expect(!idleSnapshot)
        var reading = Self.machine(readFirst: true)
        #expect(Self.work(&reading, 2) == [.read, .wait])
    }

    @Test("changes coalesce into one read; a read comes before signals; signals are each delivered")
    @available(OS2022, *)
    func ordering() {
        var machine = Self.machine()
        _ = (machine.changed(), machine.changed(), machine.signalled(), machine.signalled())
        #expect(Self.work(&machine, 4) == [.read, .signal, .signal, .wait])
    }

    @Test("pending signals are bounded")
    @available(OS2022, *)
    func signalLimit() {
        var machine = Self.machine()
        for _ in 0..<(Machine.signalLimit + 10) { _ = machine.signalled() }
        var signals = 0
        while machine.nextWork() == .signal { signals += 1 }
        #expect(signals == Machine.signalLimit)
    }

    @Test("finishing wins over pending work and stays finished")
    @available(OS2022, *)
    func finishing() {
        var machine = Self.machine(readFirst: true)
        _ = (machine.changed(), machine.signalled())
        let woken = machine.finish()
        #expect(woken.isEmpty)
        #expect(Self.work(&machine, 2) == [.finished, .finished])
    }

    @Test("each waking input returns the parked waiters once; parking while work is pending resumes at once")
    @available(OS2022, *)
    func wakingInputs() {
        let inputs: [(inout Machine) -> [Int]] = [{ $0.changed() }, { $0.signalled() }, { $0.finish() }]
        for input in inputs {
            var machine = Self.machine()
            let (first, second) = (machine.reserveWaiter(), machine.reserveWaiter())
            let parked = [machine.park(first, 1), machine.park(second, 2)]
            let woken = input(&machine)
            let again = input(&machine)
            let late = machine.park(machine.reserveWaiter(), 3)
            #expect(first != second)
            #expect(parked == [.parked, .parked])
            #expect(Set(woken) == [1, 2])
            #expect(again.isEmpty)
            #expect(late == .resumeNow)
        }
    }

    @Test("a wait cancelled while parked returns its waiter; one cancelled before parking resumes at once")
    @available(OS2022, *)
    func cancellation() {
        var machine = Self.machine()
        let parked = machine.reserveWaiter()
        let parking = machine.park(parked, 1)
        let cancelled = machine.cancelWait(parked)
        let woken = machine.changed()
        #expect(parking == .parked)
        #expect(cancelled == 1)
        #expect(woken.isEmpty)  // no longer parked
        _ = machine.nextWork()
        let early = machine.reserveWaiter()
        let nothingParked = machine.cancelWait(early)
        let resumed = machine.park(early, 2)
        machine.endWait(early)
        let later = machine.park(machine.reserveWaiter(), 3)
        #expect(nothingParked == nil)
        #expect(resumed == .resumeNow)
        #expect(later == .parked)
    }

    @Test("a latest-value read stands only if the mark did not move meanwhile; otherwise a read is due again")
    @available(OS2022, *)
    func latestReads() {
        var machine = Self.machine()
        let first = machine.latestRead(from: .absent, found: .message(1, 11))
        let raced = machine.latestRead(from: .absent, found: .message(2, 22))
        #expect(first)
        #expect(!raced)
        #expect(machine.mark == .message(1, 11))
        #expect(Self.work(&machine, 1) == [.read])
        let failure = Machine.Mark.failure(.corruptMessage("a", sequence: nil, reason: "r"))
        let failed = machine.latestRead(from: .message(1, 11), found: failure)
        #expect(failed)
        #expect(machine.mark == failure)
    }

    @Test("queue reads advance the cursor and keep reading until caught up")
    @available(OS2022, *)
    func queueReads() {
        var machine = Self.machine(cursor: 4)
        let read = machine.queueRead(from: 4, found: 5)
        #expect(read)
        #expect(machine.cursor == 5)
        #expect(Self.work(&machine, 1) == [.read])  // more may follow
        let raced = machine.queueRead(from: 4, found: 5)
        let cleared = machine.queueCaughtUp(from: 5, highest: 5)
        #expect(!raced)
        #expect(!cleared)
        #expect(Self.work(&machine, 1) == [.wait])
    }

    @Test("a failed queue read is reported once, then the subscription waits")
    @available(OS2022, *)
    func queueFailure() {
        var machine = Self.machine(cursor: 1, readFirst: true)
        #expect(Self.work(&machine, 1) == [.read])
        _ = machine.queueRead(from: 1, found: 2)
        machine.queueReadFailed()
        #expect(Self.work(&machine, 1) == [.wait])
    }

    @Test("an emptied queue is one clear; numbering restarted below the cursor is one clear and a read from 0")
    @available(OS2022, *)
    func queueClears() {
        var emptied = Self.machine(cursor: 3)
        let clears = [
            emptied.queueCaughtUp(from: 3, highest: nil),
            emptied.queueCaughtUp(from: 3, highest: nil),  // reported once
            emptied.queueRead(from: 3, found: 4),
            emptied.queueCaughtUp(from: 4, highest: nil),  // a new entry came and went: reported again
        ]
        #expect(clears == [true, false, true, true])

        var restarted = Self.machine(cursor: 9)
        let restart = restarted.queueCaughtUp(from: 9, highest: 2)
        #expect(restart)
        #expect(restarted.cursor == 0)
        #expect(Self.work(&restarted, 1) == [.read])
        let stale = restarted.queueCaughtUp(from: 5, highest: 2)
        #expect(!stale)  // the cursor moved meanwhile

        var fresh = Self.machine()
        let nothing = fresh.queueCaughtUp(from: 0, highest: nil)
        #expect(!nothing)  // it never held anything: nothing was cleared
    }
}
