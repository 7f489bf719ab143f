import DurableStreamsServer
import Testing

@Suite("An HTTP/1.1 connection's state machine")
struct HTTP1ConnectionStateTests {
    typealias State = HTTP1ConnectionState

    @Test("a keep-alive exchange: the handler starts, head and end go out, the connection stays open")
    func keepAlive() {
        var state = State()
        #expect(state.isIdle)
        #expect(state.requestReceived(closeRequested: false) == .startHandler)
        #expect(!state.isIdle)
        #expect(state.writeHead() == .write)
        #expect(state.writeBody() == .write)
        #expect(state.writeEnd() == .write)
        #expect(state.isIdle)
        #expect(state.handlerFinished(request: state.request) == .none)
        #expect(state.requestReceived(closeRequested: false) == .startHandler)
        #expect(state.request == 2)
    }

    @Test("Connection: close ends the connection after the response's end, and no later request starts")
    func closeRequested() {
        var state = State()
        _ = state.requestReceived(closeRequested: true)
        _ = state.writeHead()
        #expect(state.writeEnd() == .writeThenClose)
        #expect(state.isClosing)
        #expect(state.requestReceived(closeRequested: false) == .ignore)
        #expect(state.writeHead() == .drop)

        // A response that announces `Connection: close` (a refused body) closes the same way: a pipelined
        // request after it never starts.
        var refused = State()
        _ = refused.requestReceived(closeRequested: false)
        _ = refused.writeHead()
        refused.closeAfterResponse()
        #expect(refused.writeEnd() == .writeThenClose)
        #expect(refused.requestReceived(closeRequested: false) == .ignore)
    }

    @Test("a handler that returns without answering gets 500; one that left its response unfinished closes")
    func unfinishedHandlers() {
        var silent = State()
        _ = silent.requestReceived(closeRequested: false)
        #expect(silent.handlerFinished(request: silent.request) == .answerServerError)
        #expect(silent.writeHead() == .write)
        #expect(silent.writeEnd() == .writeThenClose)

        var halfway = State()
        _ = halfway.requestReceived(closeRequested: false)
        _ = halfway.writeHead()
        #expect(halfway.handlerFinished(request: halfway.request) == .close)
        #expect(halfway.isClosing)
        #expect(halfway.writeEnd() == .drop)
    }

    @Test("a handed-off response outlives its handler and is ended by whoever took it")
    func handOff() {
        var state = State()
        _ = state.requestReceived(closeRequested: false)
        _ = state.writeHead()
        let closes = state.handOff()
        #expect(!closes)
        #expect(state.response == .handedOff)
        #expect(state.handlerFinished(request: state.request) == .none)
        #expect(!state.isIdle)
        #expect(state.writeBody() == .write)
        #expect(state.writeEnd() == .write)
        #expect(state.isIdle)
    }

    @Test("a response handed off before its head (a long-poll waiter) is written whole by whoever took it")
    func handOffUnstarted() {
        var state = State()
        _ = state.requestReceived(closeRequested: false)
        let closes = state.handOff()
        #expect(!closes)
        #expect(state.response == .handedOffUnstarted)
        #expect(state.handlerFinished(request: state.request) == .none, "no 500: the response is still to come")
        #expect(!state.isIdle)
        #expect(state.writeHead() == .write)
        #expect(state.response == .handedOff)
        #expect(state.writeBody() == .write)
        #expect(state.writeEnd() == .write)
        #expect(state.isIdle)
        #expect(state.requestReceived(closeRequested: false) == .startHandler)

        // A client that half-closes while it waits is answered, then closed.
        var halfClosed = State()
        _ = halfClosed.requestReceived(closeRequested: false)
        _ = halfClosed.handOff()
        _ = halfClosed.handlerFinished(request: halfClosed.request)
        let closesAtOnce = halfClosed.inputClosed()
        #expect(!closesAtOnce)
        #expect(halfClosed.writeHead() == .write)
        #expect(halfClosed.writeEnd() == .writeThenClose)
    }

    @Test("a handler that returns after the next request started does not touch that request")
    func lateHandler() {
        var state = State()
        _ = state.requestReceived(closeRequested: false)
        let first = state.request
        _ = state.writeHead()
        _ = state.writeEnd()
        _ = state.requestReceived(closeRequested: false)
        #expect(state.handlerFinished(request: first) == .none)
        #expect(state.response == .pending)
        #expect(state.isHandlerRunning)
    }

    @Test("a half-close closes an idle connection at once, a busy one after its response")
    func halfClose() {
        var idle = State()
        let idleCloses = idle.inputClosed()
        #expect(idleCloses)
        #expect(idle.isClosing)

        var busy = State()
        _ = busy.requestReceived(closeRequested: false)
        let busyCloses = busy.inputClosed()
        #expect(!busyCloses)
        _ = busy.writeHead()
        #expect(busy.writeEnd() == .writeThenClose)

        var finishing = State()
        _ = finishing.requestReceived(closeRequested: false)
        _ = finishing.writeHead()
        _ = finishing.writeEnd()
        let finishingCloses = finishing.inputClosed()
        #expect(!finishingCloses)
        #expect(finishing.handlerFinished(request: finishing.request) == .close)
    }

    @Test("a client that closes its side of a handed-off response (an SSE reader) is closed at once, before or after")
    func halfCloseOfHandedOff() {
        var after = State()
        _ = after.requestReceived(closeRequested: false)
        _ = after.writeHead()
        let handedOffFirst = after.handOff()
        #expect(!handedOffFirst)
        let afterCloses = after.inputClosed()
        #expect(afterCloses)
        #expect(after.isClosing)
        #expect(after.writeBody() == .drop)

        var before = State()
        _ = before.requestReceived(closeRequested: false)
        _ = before.writeHead()
        let beforeCloses = before.inputClosed()
        #expect(!beforeCloses, "the handler still writes the catch-up")
        let closesAtHandOff = before.handOff()
        #expect(closesAtHandOff)
        #expect(before.isClosing)

        var announced = State()
        _ = announced.requestReceived(closeRequested: true)
        _ = announced.writeHead()
        let announcedCloses = announced.handOff()
        #expect(!announcedCloses, "Connection: close alone ends nothing early")
    }

    @Test("malformed input: 400 when idle, the request in progress answers otherwise; both close after")
    func malformed() {
        var idle = State()
        #expect(idle.malformedInput() == .answerBadRequest)
        #expect(idle.writeHead() == .write)
        #expect(idle.writeEnd() == .writeThenClose)

        var busy = State()
        _ = busy.requestReceived(closeRequested: false)
        #expect(busy.malformedInput() == .none)
        _ = busy.writeHead()
        #expect(busy.writeEnd() == .writeThenClose)
    }

    @Test("parts with no response open are dropped")
    func strayParts() {
        var state = State()
        #expect(state.writeHead() == .drop)
        #expect(state.writeBody() == .drop)
        #expect(state.writeEnd() == .drop)
        _ = state.requestReceived(closeRequested: false)
        #expect(state.writeBody() == .drop)
        #expect(state.writeEnd() == .drop)
    }

    enum Input: CaseIterable {
        case request, requestClosing, head, body, end, handOff, handlerFinished, staleHandler, inputClosed
        case malformed, closed, closeAnnounced
    }

    /// Every sequence of up to six inputs: nothing is written or started once the connection closes, each
    /// response ends at most once and only after its head, and a response ends with a close exactly when the
    /// connection was to close after it.
    @Test("every sequence of up to six inputs keeps the connection's invariants")
    func everySequence() {
        var checked = 0
        // Three million sequences: a failed invariant is noted by its line (a `#expect` each would take seconds
        // of a concurrency thread that the rest of the suite shares).
        var failedLines: Set<Int> = []
        Self.explore(State(), headWritten: false, depth: 6, checked: &checked, failedLines: &failedLines)
        #expect(checked == 3_257_436)
        #expect(failedLines.isEmpty, "invariants failed at lines \(failedLines.sorted())")
    }

    private static func explore(
        _ state: State, headWritten: Bool, depth: Int, checked: inout Int, failedLines: inout Set<Int>
    ) {
        guard depth > 0 else { return }
        func check(_ holds: Bool, line: Int = #line) {
            if !holds { failedLines.insert(line) }
        }
        for input in Input.allCases {
            var state = state
            var headWritten = headWritten
            let closing = state.isClosing
            let closesAfter = state.closesAfterResponse
            switch input {
            case .request, .requestClosing:
                let action = state.requestReceived(closeRequested: input == .requestClosing)
                check(action == (closing ? .ignore : .startHandler))
                if action == .startHandler { headWritten = false }
            case .head:
                let action = state.writeHead()
                if action == .write { headWritten = true }
                check(!closing || action == .drop)
            case .body:
                let action = state.writeBody()
                check(action == .drop || (headWritten && !closing))
            case .end:
                let action = state.writeEnd()
                check(action == .drop || (headWritten && !closing))
                if action != .drop {
                    check((action == .writeThenClose) == closesAfter)
                    headWritten = false
                }
            case .handOff:
                let streaming = state.response == .streaming
                let closes = state.handOff()
                check(closes == (streaming && state.isInputClosed && !closing))
            case .handlerFinished:
                let action = state.handlerFinished(request: state.request)
                check(!closing || action == .none)
            case .staleHandler:
                check(state.handlerFinished(request: state.request &+ 1) == .none)
            case .inputClosed:
                let wasIdle = state.response == .none && !state.isHandlerRunning
                let handedOff = state.response == .handedOff
                let closes = state.inputClosed()
                check(closes == (!closing && (wasIdle || handedOff)))
                check(state.isInputClosed)
            case .malformed:
                let action = state.malformedInput()
                if action == .answerBadRequest { headWritten = false }
                check(!closing || action == .none)
            case .closed:
                state.closed()
            case .closeAnnounced:
                state.closeAfterResponse()
                check(state.closesAfterResponse)
            }
            if closing { check(state.isClosing) }
            checked += 1
            explore(state, headWritten: headWritten, depth: depth - 1, checked: &checked, failedLines: &failedLines)
        }
    }
}
