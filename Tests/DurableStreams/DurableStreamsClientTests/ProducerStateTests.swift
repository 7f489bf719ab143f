import Foundation
import Testing

@testable import DurableStreams

/// The producer's bookkeeping without I/O: the rules that keep data from being lost or duplicated.
@Suite("Producer state machine")
struct ProducerStateTests {
    @available(OS2023, *)
    private func machine(maxInFlight: Int = 2, maxBytes: Int = 10, linger: Bool = false, autoClaim: Bool = true)
        -> ProducerState
    {
        ProducerState(
            limits: .init(
                maxInFlight: maxInFlight, maxBatchBytes: maxBytes, maxBatchItems: nil, autoClaim: autoClaim,
                maxGapResends: 3, lingerIsZero: !linger),
            epoch: 0)
    }

    @available(OS2023, *)
    private func item(_ text: String) -> Data { Data(text.utf8) }

    @Test("never more than maxInFlight batches, whichever path asks to send")
    @available(OS2023, *)
    func inFlightLimit() {
        var state = machine(maxInFlight: 2, maxBytes: 1)
        var started: [ProducerBatch] = []
        for index in 0..<10 {
            _ = state.append(item("\(index)"))
            started += state.drain()
            state.beginFlush()
            started += state.drain()
            #expect(state.inFlight.count <= 2)
        }
        #expect(started.count == 2)
        #expect(started.map(\.seq) == [0, 1])
        // Completions free slots one at a time; the next batches keep their sequence numbers.
        _ = state.complete(started[0], .stored(offset: Offset(rawValue: "1"), duplicate: false))
        let next = state.drain()
        #expect(next.map(\.seq) == [2])
        #expect(state.inFlight.count == 2)
    }

    @Test("appends made while every slot is busy join one larger batch")
    @available(OS2023, *)
    func accumulatesWhileBusy() {
        var state = machine(maxInFlight: 1, maxBytes: 1000)
        _ = state.append(item("a"))
        let first = state.drain()
        for text in ["b", "c", "d"] { _ = state.append(item(text)) }
        #expect(state.drain().isEmpty)
        _ = state.complete(first[0], .stored(offset: nil, duplicate: false))
        let second = state.drain()
        #expect(second.count == 1)
        #expect(second.first?.items == [item("b"), item("c"), item("d")])
        #expect(second.first?.seq == 1)
    }

    @Test("a sequence gap waits for earlier batches, then resends the same number")
    @available(OS2023, *)
    func gapWaitsForPredecessors() {
        var state = machine(maxInFlight: 2, maxBytes: 1)
        _ = state.append(item("a"))
        _ = state.append(item("b"))
        let batches = state.drain()
        #expect(batches.map(\.seq) == [0, 1])
        // Batch 1 overtook batch 0 on the wire.
        _ = state.complete(batches[1], .gap(expected: 0))
        #expect(state.drain().isEmpty, "must not resend before batch 0 settles")
        _ = state.complete(batches[0], .stored(offset: nil, duplicate: false))
        let resent = state.drain()
        #expect(resent.map(\.seq) == [1])
        #expect(resent.first?.items == [item("b")])
    }

    @Test("a duplicate answer counts as stored and is reported")
    @available(OS2023, *)
    func duplicates() throws {
        var state = machine(maxInFlight: 1, maxBytes: 1)
        _ = state.append(item("a"))
        let batch = try #require(state.drain().first)
        _ = state.complete(batch, .stored(offset: Offset(rawValue: "5"), duplicate: true))
        state.beginFlush()
        let result = try state.endFlush().get()
        #expect(result.duplicateCount == 1)
        #expect(result.offset == Offset(rawValue: "5"))
        #expect(state.isIdle)
    }

    @Test("a stale epoch with auto-claim renumbers only unstored batches, in order, from 0 in a newer epoch")
    @available(OS2023, *)
    func autoClaim() {
        var state = machine(maxInFlight: 3, maxBytes: 1)
        for text in ["a", "b", "c", "d"] { _ = state.append(item(text)) }
        let batches = state.drain()
        #expect(batches.map(\.seq) == [0, 1, 2])
        _ = state.complete(batches[0], .stored(offset: nil, duplicate: false))
        _ = state.complete(batches[1], .staleEpoch(serverEpoch: 4))
        #expect(state.drain().isEmpty, "no sends while a batch of the old epoch is in flight")
        _ = state.complete(batches[2], .staleEpoch(serverEpoch: 4))
        let renumbered = state.drain()
        #expect(state.epoch == 5)
        #expect(renumbered.map(\.epoch) == [5, 5, 5])
        #expect(renumbered.map(\.seq) == [0, 1, 2])
        #expect(renumbered.flatMap(\.items) == [item("b"), item("c"), item("d")])
    }

    @Test("a stale epoch without auto-claim fails the producer")
    @available(OS2023, *)
    func fenced() {
        var state = machine(maxInFlight: 1, maxBytes: 1, autoClaim: false)
        _ = state.append(item("a"))
        _ = state.append(item("b"))
        let batches = state.drain()
        let reports = state.complete(batches[0], .staleEpoch(serverEpoch: 2))
        #expect(reports.count == 1)
        #expect(state.fatal != nil)
        #expect(state.append(item("c")) == .rejected)
        state.beginFlush()
        #expect(throws: DurableStreamError.self) { try state.endFlush().get() }
    }

    @Test("a failed batch moves later batches to a fresh epoch instead of renumbering in place")
    @available(OS2023, *)
    func failureStartsNewEpoch() {
        var state = machine(maxInFlight: 2, maxBytes: 1)
        for text in ["a", "b", "c"] { _ = state.append(item(text)) }
        let batches = state.drain()
        _ = state.complete(batches[0], .failed(DurableStreamError(.serverError, "lost", context: .init(status: 500))))
        _ = state.complete(batches[1], .gap(expected: 0))
        let next = state.drain()
        #expect(state.epoch == 1)
        #expect(next.map(\.seq) == [0, 1])
        #expect(next.flatMap(\.items) == [item("b"), item("c")])
        state.beginFlush()
        #expect(throws: DurableStreamError.self) { try state.endFlush().get() }
    }

    @Test("a linger timer seals only the batch it was armed for")
    @available(OS2023, *)
    func linger() {
        var state = machine(maxInFlight: 1, maxBytes: 100, linger: true)
        guard case .armLinger(let generation) = state.append(item("a")) else {
            Issue.record("expected a linger timer")
            return
        }
        #expect(state.drain().isEmpty)
        let fired = state.lingerFired(generation: generation)
        #expect(fired)
        #expect(state.drain().count == 1)
        let firedAgain = state.lingerFired(generation: generation)
        #expect(!firedAgain, "a stale timer does nothing")
    }
}
