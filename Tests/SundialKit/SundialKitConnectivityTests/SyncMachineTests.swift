import Foundation
import SundialKitConnectivity
import Testing

/// Two machines wired by hand: every envelope one sends is handed to the other when the test says so.
private struct Sides {
    var a = SyncMachine(snapshot: SyncSnapshot(replica: "A"))
    var b = SyncMachine(snapshot: SyncSnapshot(replica: "B"))
}

private func sent(_ actions: [SyncMachine.Action]) -> SyncEnvelope? {
    actions.compactMap { if case .send(let envelope) = $0 { envelope } else { nil } }.last
}

private func applied(_ actions: [SyncMachine.Action]) -> Data? {
    actions.compactMap { if case .apply(let data, _) = $0 { data } else { nil } }.last
}

private func conflicts(_ actions: [SyncMachine.Action]) -> Int {
    actions.filter { if case .conflict = $0 { true } else { false } }.count
}

private func bytes(_ text: String) -> Data { Data(text.utf8) }

@Suite("SyncMachine")
struct SyncMachineTests {
    @Test("A change is persisted before it is sent, and the counterpart's acknowledgement ends the exchange")
    func changeAndAcknowledge() throws {
        var sides = Sides()
        let change = sides.a.change(to: bytes("1"))
        guard case .persist = change.first else {
            Issue.record("persist first: \(change)")
            return
        }
        let envelope = try #require(sent(change))
        #expect(!sides.a.isAcknowledged)
        #expect(sides.a.heartbeat().count == 1)

        let atB = sides.b.receive(envelope)
        #expect(applied(atB) == bytes("1"))
        let ack = try #require(sent(atB), "B acknowledges by sending what it holds")
        let atA = sides.a.receive(ack)
        #expect(atA.contains(.acknowledged(envelope.revision)))
        #expect(sides.a.isAcknowledged)
        #expect(sent(atA) == nil, "nothing more to say")
        #expect(sides.a.heartbeat().isEmpty)
        #expect(sides.b.heartbeat().isEmpty)
    }

    @Test("An older revision is never applied, and the sender of it is told the newer one")
    func olderNeverApplied() throws {
        var sides = Sides()
        let first = try #require(sent(sides.a.change(to: bytes("1"))))
        let second = try #require(sent(sides.a.change(to: bytes("2"))))
        _ = sides.b.receive(second)
        let late = sides.b.receive(first)
        #expect(applied(late) == nil)
        #expect(sides.b.snapshot.value == bytes("2"))
        #expect(sides.b.snapshot.revision == second.revision)
        #expect(conflicts(late) == 0)
    }

    @Test("A duplicate is not applied again, and the exchange it starts ends")
    func duplicate() throws {
        var sides = Sides()
        let envelope = try #require(sent(sides.a.change(to: bytes("1"))))
        _ = exchange(&sides, toA: [], toB: [envelope])
        let again = sides.b.receive(envelope)
        #expect(applied(again) == nil)
        #expect(conflicts(again) == 0)
        let rounds = exchange(&sides, toA: [sent(again)].compactMap { $0 }, toB: [])
        #expect(rounds < 10)
        #expect(sides.a.isAcknowledged && sides.b.isAcknowledged)
    }

    @Test("Concurrent changes: both sides report the conflict, pick the same winner and converge")
    func concurrent() throws {
        var sides = Sides()
        let fromA = try #require(sent(sides.a.change(to: bytes("a"))))
        let fromB = try #require(sent(sides.b.change(to: bytes("b"))))
        #expect(fromA.revision.counter == fromB.revision.counter)
        let atA = sides.a.receive(fromB)
        let atB = sides.b.receive(fromA)
        #expect(conflicts(atA) == 1)
        #expect(conflicts(atB) == 1)
        // Equal clocks: the replica decides, the same way on both sides ("B" > "A").
        #expect(applied(atA) == bytes("b"))
        #expect(applied(atB) == nil)
        let rounds = exchange(&sides, toA: [sent(atB)].compactMap { $0 }, toB: [sent(atA)].compactMap { $0 })
        #expect(rounds < 10, "the exchange ends")
        #expect(sides.a.isAcknowledged && sides.b.isAcknowledged)
        #expect(sides.a.snapshot.value == sides.b.snapshot.value)
        #expect(sides.a.snapshot.revision == sides.b.snapshot.revision)
    }

    @Test("A change based on the value this side holds is not a conflict")
    func sequentialIsNoConflict() throws {
        var sides = Sides()
        let first = try #require(sent(sides.a.change(to: bytes("1"))))
        _ = sides.b.receive(first)
        let second = try #require(sent(sides.b.change(to: bytes("2"))))
        let atA = sides.a.receive(second)
        #expect(conflicts(atA) == 0)
        #expect(applied(atA) == bytes("2"))
        #expect(second.revision > first.revision)
    }

    @Test("A restarted side resumes from its snapshot: same replica, never an older revision")
    func restart() throws {
        var sides = Sides()
        let first = try #require(sent(sides.a.change(to: bytes("1"))))
        let second = try #require(sent(sides.a.change(to: bytes("2"))))
        _ = sides.b.receive(second)
        var restarted = SyncMachine(snapshot: sides.b.snapshot)
        #expect(applied(restarted.receive(first)) == nil)
        #expect(restarted.snapshot.value == bytes("2"))
        let next = try #require(sent(restarted.change(to: bytes("3"))))
        #expect(next.revision > second.revision)
        #expect(next.revision.replica == "B")
    }
}

/// Delivers envelopes both ways until neither side sends; returns the number of rounds (at most 10).
private func exchange(_ sides: inout Sides, toA: [SyncEnvelope], toB: [SyncEnvelope]) -> Int {
    var toA = toA
    var toB = toB
    var rounds = 0
    while !(toA.isEmpty && toB.isEmpty), rounds < 10 {
        rounds += 1
        let (forA, forB) = (toA, toB)
        (toA, toB) = ([], [])
        for envelope in forA {
            if let answer = sent(sides.a.receive(envelope)) { toB.append(answer) }
        }
        for envelope in forB {
            if let answer = sent(sides.b.receive(envelope)) { toA.append(answer) }
        }
    }
    return rounds
}
