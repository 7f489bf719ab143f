import Foundation
import Testing

@testable import DurableStreams

@Suite("Read state machine")
struct ReadStateMachineTests {
    @available(OS2023, *)
    private var policy: RetryPolicy {
        RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .seconds(1), jitterFactor: 0)
    }
    /// The suite's reference instant, stored untyped: a stored property cannot carry `@available`.
    private let origin: any Sendable = {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) { return ContinuousClock.now }
        return 0
    }()
    @available(OS2023, *)
    private var t0: ContinuousClock.Instant { origin as? ContinuousClock.Instant ?? .now }

    @available(OS2023, *)
    private func machine(_ mode: ReadStateMachine.Mode, at offset: Offset = .start, stop: Bool = false)
        -> ReadStateMachine
    {
        ReadStateMachine(
            offset: offset, mode: mode, stopAtUpToDate: stop, policy: policy, maxResponseBytes: 64, path: "/s")
    }

    @available(OS2023, *)
    private func headers(next: String, upToDate: Bool = false, closed: Bool = false, cursor: String? = nil)
        -> StreamHTTPHeaders
    {
        var headers: StreamHTTPHeaders = ["Stream-Next-Offset": next]
        if upToDate { headers["Stream-Up-To-Date"] = "true" }
        if closed { headers["Stream-Closed"] = "true" }
        if let cursor { headers["Stream-Cursor"] = cursor }
        return headers
    }

    @available(OS2023, *)
    private func event(_ type: String?, _ text: String, retry: Int? = nil) -> SSEEvent {
        SSEEvent(event: type, data: Array(text.utf8), id: nil, retry: retry)
    }

    @available(OS2023, *)
    private func control(_ next: String, upToDate: Bool = false, closed: Bool = false) -> SSEEvent {
        event("control", #"{"streamNextOffset":"\#(next)","upToDate":\#(upToDate),"streamClosed":\#(closed)}"#)
    }

    // MARK: Catch-up and long-poll

    @Test("catch-up requests the offset, follows Stream-Next-Offset, and ends when up to date")
    @available(OS2023, *)
    func catchUp() throws {
        var read = machine(.catchUp)
        #expect(read.start() == .request(ReadRequest(offset: .start, live: nil, cursor: nil, delay: nil)))
        let first = try read.received(status: 200, headers: headers(next: "5"), body: Data("abc".utf8), elapsed: .zero)
        #expect(first.offset == Offset(rawValue: "5") && !first.upToDate && first.data == Data("abc".utf8))
        #expect(read.next() == .request(ReadRequest(offset: Offset(rawValue: "5"), live: nil, cursor: nil)))
        let last = try read.received(
            status: 200, headers: headers(next: "9", upToDate: true), body: Data("d".utf8),
            elapsed: .zero)
        #expect(last.upToDate)
        #expect(read.next() == .finished)
        #expect(ReadRequest(offset: .start, live: nil, cursor: "c").query.map(\.0) == ["offset"])
    }

    @Test("a long-poll follows catch-up with the cursor, and stopAtUpToDate ends it")
    @available(OS2023, *)
    func longPoll() throws {
        var read = machine(.longPoll)
        _ = read.start()
        _ = try read.received(
            status: 200, headers: headers(next: "3", upToDate: true, cursor: "c1"), body: Data("x".utf8),
            elapsed: .zero)
        let step = read.next()
        #expect(step == .request(ReadRequest(offset: Offset(rawValue: "3"), live: .longPoll, cursor: "c1")))
        if case .request(let request) = step {
            #expect(request.query.map(\.0) == ["offset", "live", "cursor"])
            #expect(request.query[1].1 == "long-poll")
        }
        _ = try read.received(status: 204, headers: headers(next: "3"), body: Data(), elapsed: .seconds(1))
        #expect(read.next() != .finished, "a long-poll read goes on")
        read.stopAtUpToDate = true
        _ = try read.received(status: 204, headers: headers(next: "3"), body: Data(), elapsed: .seconds(1))
        #expect(read.next() == .finished)
    }

    @Test("an explicit long-poll at `now` starts live; catch-up at `now` does not")
    @available(OS2023, *)
    func longPollAtNow() {
        var read = machine(.longPoll, at: .now)
        read.longPollAtNow = true
        #expect(read.start() == .request(ReadRequest(offset: .now, live: .longPoll, cursor: nil)))
        var catchUp = machine(.longPoll, at: .now)
        #expect(catchUp.start() == .request(ReadRequest(offset: .now, live: nil, cursor: nil)))
    }

    @Test("long-polls answered at once without data back off after three; a held one resets the count")
    @available(OS2023, *)
    func emptyPollBackoff() throws {
        var read = machine(.longPoll)
        _ = read.start()
        _ = try read.received(status: 200, headers: headers(next: "1", upToDate: true), body: Data(), elapsed: .zero)
        for _ in 0..<3 {
            guard case .request(let request) = read.next() else { throw TestStop() }
            #expect(request.delay == nil)
            _ = try read.received(status: 204, headers: headers(next: "1"), body: Data(), elapsed: .milliseconds(5))
        }
        guard case .request(let backedOff) = read.next() else { throw TestStop() }
        #expect(backedOff.delay == .milliseconds(100))
        _ = try read.received(status: 204, headers: headers(next: "1"), body: Data(), elapsed: .seconds(1))
        guard case .request(let reset) = read.next() else { throw TestStop() }
        #expect(reset.delay == nil)
    }

    @Test("a closed stream ends the read in every mode")
    @available(OS2023, *)
    func closed() throws {
        for mode in [ReadStateMachine.Mode.catchUp, .longPoll] {
            var read = machine(mode)
            _ = read.start()
            let chunk = try read.received(
                status: 200, headers: headers(next: "4", closed: true), body: Data(), elapsed: .zero)
            #expect(chunk.streamClosed && chunk.upToDate)
            #expect(read.next() == .finished)
        }
    }

    @Test("responses that break the protocol are errors")
    @available(OS2023, *)
    func badResponses() {
        var read = machine(.catchUp)
        _ = read.start()
        expectError(.invalidResponse) {
            try read.received(status: 200, headers: [:], body: Data("x".utf8), elapsed: .zero)
        }
        expectError(.invalidResponse) {
            try read.received(status: 200, headers: headers(next: "-1"), body: Data(), elapsed: .zero)
        }
    }

    @Test("transient failures retry with backoff up to the policy's attempts; others fail at once")
    @available(OS2023, *)
    func requestFailures() throws {
        var read = machine(.catchUp)
        _ = read.start()
        #expect(read.requestFailed(.timeout, cancelled: false) == .retry(after: .milliseconds(100)))
        #expect(read.requestFailed(.timeout, cancelled: false) == .retry(after: .milliseconds(200)))
        #expect(read.requestFailed(.timeout, cancelled: false) == .fail)

        var fresh = machine(.catchUp)
        _ = fresh.start()
        #expect(fresh.requestFailed(.timeout, cancelled: false) != .fail)
        _ = try fresh.received(status: 200, headers: headers(next: "2"), body: Data("y".utf8), elapsed: .zero)
        #expect(fresh.requestFailed(.timeout, cancelled: false) == .retry(after: .milliseconds(100)), "reset")
        #expect(fresh.requestFailed(.notFound, cancelled: false) == .fail)
        var cancelled = machine(.catchUp)
        #expect(cancelled.requestFailed(.timeout, cancelled: true) == .fail)
        var limited = machine(.catchUp)
        var busy = DurableStreamError.serverBusy
        busy.context.retryAfter = .seconds(2)
        #expect(limited.requestFailed(busy, cancelled: false) == .retry(after: .seconds(2)))
    }

    // MARK: SSE

    @Test("SSE delivers data with its control event, decoding base64, and ends when closed")
    @available(OS2023, *)
    func sse() throws {
        var read = machine(.sse)
        #expect(read.start() == .connectSSE(ReadRequest(offset: .start, live: .sse, cursor: nil)))
        try read.sseConnected(
            headers: ["Content-Type": "text/event-stream", "Stream-SSE-Data-Encoding": "base64"], at: t0)
        #expect(read.next() == .readSSE)
        guard case .none = try read.sseEvent(event("data", "aGk=")) else { throw TestStop() }
        guard case .deliver(let chunk, let stop) = try read.sseEvent(control("7")) else { throw TestStop() }
        #expect(chunk.data == Data("hi".utf8) && chunk.offset == Offset(rawValue: "7") && !stop)
        guard case .deliver(let last, true) = try read.sseEvent(control("8", closed: true)) else { throw TestStop() }
        #expect(last.streamClosed && last.data.isEmpty)
        #expect(read.next() == .finished)
    }

    @Test("SSE: a non-event-stream answer, bad base64 and oversized data are errors")
    @available(OS2023, *)
    func sseErrors() throws {
        var plain = machine(.sse)
        _ = plain.start()
        expectError(.sseNotSupported) {
            try plain.sseConnected(headers: ["Content-Type": "text/plain"], at: t0)
        }
        var read = machine(.sse)
        _ = read.start()
        try read.sseConnected(headers: ["Content-Type": "text/event-stream; charset=utf-8"], at: t0)
        expectError(.invalidResponse) {
            try read.sseEvent(event(nil, String(repeating: "x", count: 65)))
        }
        var encoded = machine(.sse)
        _ = encoded.start()
        try encoded.sseConnected(
            headers: ["Content-Type": "text/event-stream", "Stream-SSE-Data-Encoding": "base64"], at: t0)
        expectError(.invalidResponse) { try encoded.sseEvent(event("data", "A!==")) }
    }

    @Test("SSE: stopAtUpToDate ends at the first up-to-date control")
    @available(OS2023, *)
    func sseStopAtUpToDate() throws {
        var read = machine(.sse, stop: true)
        _ = read.start()
        try read.sseConnected(headers: ["Content-Type": "text/event-stream"], at: t0)
        guard case .deliver(_, true) = try read.sseEvent(control("3", upToDate: true)) else { throw TestStop() }
        #expect(read.next() == .finished)
    }

    @Test("SSE: reconnects from the last confirmed offset, after the server's retry delay, dropping unconfirmed data")
    @available(OS2023, *)
    func sseReconnect() throws {
        var read = machine(.sse)
        _ = read.start()
        try read.sseConnected(headers: ["Content-Type": "text/event-stream"], at: t0)
        _ = try read.sseEvent(event(nil, "a"))
        _ = try read.sseEvent(control("2"))
        _ = try read.sseEvent(event("ignored", "", retry: 250))
        _ = try read.sseEvent(event(nil, "unconfirmed"))
        read.sseEnded(at: t0 + .seconds(5))
        #expect(
            read.next()
                == .connectSSE(ReadRequest(offset: Offset(rawValue: "2"), live: .sse, delay: .milliseconds(250))))
        try read.sseConnected(headers: ["Content-Type": "text/event-stream"], at: t0 + .seconds(5))
        guard case .deliver(let chunk, _) = try read.sseEvent(control("3")) else { throw TestStop() }
        #expect(chunk.data.isEmpty, "data of the cut connection is not delivered")
    }

    @Test("SSE: three short connections in a row fall back to long-polling; a long one resets the count")
    @available(OS2023, *)
    func sseFallback() throws {
        var read = machine(.sse)
        _ = read.start()
        var now = t0
        for attempt in 1...3 {
            try read.sseConnected(headers: ["Content-Type": "text/event-stream"], at: now)
            now += .milliseconds(10)
            read.sseEnded(at: now)
            let step = read.next()
            if attempt < 3 {
                guard case .connectSSE(let request) = step else { throw TestStop() }
                #expect(request.delay == policy.delay(beforeRetry: attempt))
            } else {
                #expect(step == .request(ReadRequest(offset: .start, live: nil, cursor: nil)))
            }
        }
        var steady = machine(.sse)
        _ = steady.start()
        try steady.sseConnected(headers: ["Content-Type": "text/event-stream"], at: t0)
        steady.sseEnded(at: t0 + .milliseconds(10))
        try steady.sseConnected(headers: ["Content-Type": "text/event-stream"], at: t0)
        steady.sseEnded(at: t0 + .seconds(30))
        guard case .connectSSE(let request) = steady.next() else { throw TestStop() }
        #expect(request.delay == .zero, "a long connection resets the short count")
    }

    @Test("SSE: transient read failures reconnect until the policy gives up; a control event resets them")
    @available(OS2023, *)
    func sseFailures() throws {
        var read = machine(.sse)
        _ = read.start()
        try read.sseConnected(headers: ["Content-Type": "text/event-stream"], at: t0)
        #expect(read.sseFailed(.timeout, cancelled: false, at: t0) == .retry(after: .milliseconds(100)))
        #expect(read.next() != .readSSE, "the failed connection is closed")
        try read.sseConnected(headers: ["Content-Type": "text/event-stream"], at: t0)
        _ = try read.sseEvent(control("1"))
        #expect(read.sseFailed(.timeout, cancelled: false, at: t0) == .retry(after: .milliseconds(100)), "reset")
        try read.sseConnected(headers: ["Content-Type": "text/event-stream"], at: t0)
        #expect(read.sseFailed(.timeout, cancelled: false, at: t0) == .retry(after: .milliseconds(200)))
        try read.sseConnected(headers: ["Content-Type": "text/event-stream"], at: t0)
        #expect(read.sseFailed(.timeout, cancelled: false, at: t0) == .fail)
        #expect(read.sseFailed(.badRequest, cancelled: false, at: t0) == .fail)
        #expect(read.sseFailed(.timeout, cancelled: true, at: t0) == .fail)
    }

    @Test("finish ends the read from any state")
    @available(OS2023, *)
    func finish() {
        for mode in [ReadStateMachine.Mode.catchUp, .longPoll, .sse] {
            var read = machine(mode)
            _ = read.start()
            read.finish()
            #expect(read.next() == .finished)
        }
    }
}

@available(OS2023, *)
private struct TestStop: Error {}
