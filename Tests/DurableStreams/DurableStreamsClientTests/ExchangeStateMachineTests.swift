import Foundation
import Testing

@testable import DurableStreams

@Suite("URLSession exchange state machine")
struct ExchangeStateMachineTests {
    /// Heads are strings, waiters are numbers: what matters is who gets resumed with what.
    @available(OS2023, *)
    typealias Machine = ExchangeStateMachine<String, Int, Int>

    @available(OS2023, *)
    private func machine(canPause: Bool = true) -> Machine {
        Machine(limits: .init(highWaterMark: 10, maxBufferedBytes: 20, canPause: canPause))
    }

    @available(OS2023, *)
    private func bytes(_ count: Int) -> Data { Data(repeating: 1, count: count) }

    @Test("the head reaches a waiter whether it arrives before or after the wait; only the first head counts")
    @available(OS2023, *)
    func head() {
        var early = machine()
        #expect(early.received(head: "h") == nil)
        #expect(!early.wantsHead)
        guard case .head("h") = early.awaitHead(1) else {
            Issue.record("early head lost")
            return
        }

        var late = machine()
        guard case .wait = late.awaitHead(1) else {
            Issue.record("no head yet")
            return
        }
        #expect(late.received(head: "h") == 1)
        #expect(late.received(head: "second") == nil)
    }

    @Test("a request that ends without a head fails the head waiter, before or after it waits")
    @available(OS2023, *)
    func noHead() {
        var waiting = machine()
        _ = waiting.awaitHead(1)
        let completion = waiting.complete(.timeout)
        #expect(completion?.head == 1 && completion?.headFailure.code == .timeout)

        var finished = machine()
        _ = finished.complete(nil)
        guard case .fail(let error) = finished.awaitHead(2) else {
            Issue.record("waited forever")
            return
        }
        #expect(error.code == .invalidResponse)
    }

    @Test("chunks go straight to a waiting reader, else are buffered in order")
    @available(OS2023, *)
    func chunks() {
        var exchange = machine()
        _ = exchange.received(head: "h")
        guard case .wait = exchange.read(1) else {
            Issue.record("read before data")
            return
        }
        guard case .deliver(1) = exchange.received(Data("a".utf8)) else {
            Issue.record("not delivered")
            return
        }
        _ = exchange.received(Data("b".utf8))
        _ = exchange.received(Data("c".utf8))
        guard case .chunk(let b, false) = exchange.read(2), case .chunk(let c, false) = exchange.read(3) else {
            Issue.record("buffered chunks lost")
            return
        }
        #expect(b == Data("b".utf8) && c == Data("c".utf8))
        #expect(exchange.buffered == 0)
    }

    @Test("over the high-water mark the request pauses once, and resumes when the reader drains half")
    @available(OS2023, *)
    func pause() {
        var exchange = machine()
        _ = exchange.received(head: "h")
        guard case .none = exchange.received(bytes(6)) else {
            Issue.record("paused early")
            return
        }
        guard case .pause = exchange.received(bytes(6)) else {
            Issue.record("did not pause")
            return
        }
        guard case .none = exchange.received(bytes(6)) else {
            Issue.record("paused twice")
            return
        }
        guard case .chunk(_, false) = exchange.read(1), case .chunk(_, false) = exchange.read(2) else {
            Issue.record("resumed early")
            return
        }
        guard case .chunk(_, true) = exchange.read(3) else {
            Issue.record("did not resume")
            return
        }
        #expect(!exchange.paused)
    }

    @Test("where a request cannot pause, a reader too far behind fails it with a retryable error")
    @available(OS2023, *)
    func overflow() {
        var exchange = machine(canPause: false)
        _ = exchange.received(head: "h")
        guard case .none = exchange.received(bytes(15)) else {
            Issue.record("failed early")
            return
        }
        guard case .cancel = exchange.received(bytes(15)) else {
            Issue.record("buffered without bound")
            return
        }
        guard case .none = exchange.received(bytes(1)) else {
            Issue.record("data after the end")
            return
        }
        guard case .end(let failure?) = exchange.read(1) else {
            Issue.record("no failure")
            return
        }
        #expect(failure.code == .connectionFailed && failure.isTransient)
        #expect(exchange.complete(.cancelled) == nil, "the cancellation that follows changes nothing")
    }

    @Test("completion ends the waiting reader: nil at a clean end, the failure otherwise")
    @available(OS2023, *)
    func completion() {
        var clean = machine()
        _ = clean.received(head: "h")
        _ = clean.read(1)
        let done = clean.complete(nil)
        #expect(done?.reader == 1 && done?.readerFailure == nil)
        guard case .end(nil) = clean.read(2) else {
            Issue.record("read after the end")
            return
        }

        var failed = machine()
        _ = failed.received(head: "h")
        _ = failed.received(Data("x".utf8))
        let failure = failed.complete(.connectionFailed(underlying: POSIXError(.ECONNRESET)))
        #expect(failure?.reader == nil)
        guard case .chunk = failed.read(1) else {
            Issue.record("buffered data lost at the failure")
            return
        }
        guard case .end(let error?) = failed.read(2) else {
            Issue.record("failure lost")
            return
        }
        #expect(error.code == .connectionFailed)
    }

    @Test("a cancel reaches the task once, and never after completion or after the machine cancelled it itself")
    @available(OS2023, *)
    func cancelOnce() {
        var running = machine()
        let first = running.cancel()
        let second = running.cancel()
        #expect(first && !second && running.cancelRequested)

        var completed = machine()
        _ = completed.received(head: "h")
        _ = completed.complete(nil)
        let afterCompletion = completed.cancel()
        #expect(!afterCompletion)

        var failed = machine()
        _ = failed.complete(.timeout)
        let afterFailure = failed.cancel()
        #expect(!afterFailure)

        var overflowing = machine(canPause: false)
        _ = overflowing.received(head: "h")
        _ = overflowing.received(bytes(15))
        guard case .cancel = overflowing.received(bytes(15)) else {
            Issue.record("a reader too far behind was kept")
            return
        }
        let afterOverflow = overflowing.cancel()
        #expect(!afterOverflow)
    }

    @Test("a cancel with a failure hands the waiters that failure, not the cancellation; only the first cancel counts")
    @available(OS2023, *)
    func cancelWithFailure() {
        var beforeHead = machine()
        _ = beforeHead.awaitHead(1)
        let first = beforeHead.cancel(failing: .connectionFailed(underlying: ResendRefused()))
        let second = beforeHead.cancel(failing: .timeout)
        #expect(first && !second)
        let completion = beforeHead.complete(.cancelled)
        #expect(completion?.head == 1 && completion?.headFailure.code == .connectionFailed)

        var reading = machine()
        _ = reading.received(head: "h")
        _ = reading.read(2)
        let readingCancelled = reading.cancel(failing: .connectionFailed(underlying: ResendRefused()))
        #expect(readingCancelled)
        let readerCompletion = reading.complete(.cancelled)
        #expect(readerCompletion?.reader == 2 && readerCompletion?.readerFailure?.code == .connectionFailed)

        var plain = machine()
        _ = plain.awaitHead(3)
        let plainCancelled = plain.cancel()
        let plainCompletion = plain.complete(.cancelled)
        #expect(plainCancelled && plainCompletion?.headFailure.code == .cancelled)

        var completed = machine()
        _ = completed.complete(nil)
        let lateCancel = completed.cancel(failing: .timeout)
        #expect(!lateCancel)
        guard case .fail(let error) = completed.awaitHead(4) else {
            Issue.record("no failure after completion")
            return
        }
        #expect(error.code == .invalidResponse, "a late cancel changes nothing")
    }
}
