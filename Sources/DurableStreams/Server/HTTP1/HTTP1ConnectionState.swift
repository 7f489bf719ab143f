package import HTTPTypes

/// One HTTP/1.1 connection's exchange as a value: inputs (a request arrives, response parts go out, the
/// request's handler returns or hands its response off, the client half-closes) return what the driver,
/// ``HTTP1Connection``, must do.
///
/// Requests come one at a time (swift-nio's pipelining handler holds the next one back until the response to
/// the current one has ended). Each runs its handler in a task of its own, which ends when the handler returns:
/// an idle connection, or one whose response was handed off (an SSE reader that the fan-out feeds), has no task.
package struct HTTP1ConnectionState: Equatable {
    package enum Response: Equatable {
        /// No request is being answered.
        case none
        /// A request arrived; its response has not started.
        case pending
        /// The response's head went out; its handler writes the rest.
        case streaming
        /// The response's head went out; whoever the handler handed it to ends it.
        case handedOff
        /// The response has not started; whoever the handler handed it to writes all of it (a long-poll
        /// waiter, which the long-poll fan-out answers).
        case handedOffUnstarted
    }

    package private(set) var response = Response.none
    /// The number of the request being answered (a handler that returns late is told apart by it).
    package private(set) var request: UInt64 = 0
    /// The request's handler is running.
    package private(set) var isHandlerRunning = false
    /// The connection closes once the response ends: the client asked for it (`Connection: close`) or
    /// half-closed, or the handler could not answer.
    package private(set) var closesAfterResponse = false
    /// The connection is closing or closed: nothing more is read or started.
    package private(set) var isClosing = false
    /// The client closed its side (half-close or EOF): no request can follow.
    package private(set) var isInputClosed = false

    package init() {}

    /// No request is being answered and the connection stays open: it may close once idle for long enough.
    package var isIdle: Bool { response == .none && !isClosing }

    package enum RequestAction: Equatable {
        /// Run the request's handler.
        case startHandler
        /// The connection is closing: drop the request.
        case ignore
    }

    /// A request's head arrived.
    package mutating func requestReceived(closeRequested: Bool) -> RequestAction {
        guard !isClosing else { return .ignore }
        response = .pending
        request &+= 1
        isHandlerRunning = true
        closesAfterResponse = closeRequested
        return .startHandler
    }

    package enum WriteAction: Equatable {
        /// Write the part.
        case write
        /// Write the part, then close the connection.
        case writeThenClose
        /// No response is open (or the connection is closing): drop the part.
        case drop
    }

    /// The response's head is written.
    package mutating func writeHead() -> WriteAction {
        guard response == .pending || response == .handedOffUnstarted, !isClosing else { return .drop }
        response = response == .pending ? .streaming : .handedOff
        return .write
    }

    /// A part of the response's body is written.
    package func writeBody() -> WriteAction {
        (response == .streaming || response == .handedOff) && !isClosing ? .write : .drop
    }

    /// The response's end is written.
    package mutating func writeEnd() -> WriteAction {
        guard response == .streaming || response == .handedOff, !isClosing else { return .drop }
        response = .none
        guard closesAfterResponse else { return .write }
        isClosing = true
        return .writeThenClose
    }

    /// The response says `Connection: close`: the connection closes once it ends.
    package mutating func closeAfterResponse() {
        closesAfterResponse = true
    }

    /// The handler handed its response to another writer, which ends it. Returns whether to close the connection
    /// now: a handed-off response (an SSE reader at the tail) never ends by itself, so a client that already
    /// closed its side would otherwise hold the socket (in `CLOSE-WAIT`) until the next write fails.
    ///
    /// A response handed off before its head went out (a long-poll waiter) is answered in its own time, so
    /// a half-closed client is answered, then closed.
    package mutating func handOff() -> Bool {
        if response == .pending {
            response = .handedOffUnstarted
            return false
        }
        guard response == .streaming else { return false }
        response = .handedOff
        guard isInputClosed, !isClosing else { return false }
        isClosing = true
        return true
    }

    package enum HandlerEndAction: Equatable {
        case none
        /// The handler wrote no response: answer `500`.
        case answerServerError
        /// The handler started a response and left it unfinished: the connection cannot go on.
        case close
    }

    /// The handler of request number `request` returned (or threw).
    package mutating func handlerFinished(request: UInt64) -> HandlerEndAction {
        guard request == self.request else { return .none }
        isHandlerRunning = false
        switch response {
        case .pending:
            closesAfterResponse = true
            return isClosing ? .none : .answerServerError
        case .streaming:
            guard !isClosing else { return .none }
            isClosing = true
            return .close
        case .handedOff, .handedOffUnstarted:
            return .none
        case .none:
            // The response ended before the handler returned; the client half-closed meanwhile.
            guard closesAfterResponse, !isClosing else { return .none }
            isClosing = true
            return .close
        }
    }

    package enum MalformedAction: Equatable {
        /// No request is in progress: answer `400`, then close.
        case answerBadRequest
        /// The request in progress answers (its body fails); the connection closes after it.
        case none
    }

    /// The client sent what is not HTTP/1.1 (or a request that cannot be one): nothing after it can be read.
    package mutating func malformedInput() -> MalformedAction {
        closesAfterResponse = true
        guard response == .none, !isHandlerRunning, !isClosing else { return .none }
        response = .pending
        request &+= 1
        return .answerBadRequest
    }

    /// The client closed its side: the connection closes once the request in progress is answered, or at once
    /// when nothing is being answered or the response was handed off (it would never end: see ``handOff()``).
    package mutating func inputClosed() -> Bool {
        closesAfterResponse = true
        isInputClosed = true
        guard !isClosing else { return false }
        guard response == .handedOff || (response == .none && !isHandlerRunning) else { return false }
        isClosing = true
        return true
    }

    /// The connection closed.
    package mutating func closed() {
        isClosing = true
    }

    /// The largest body a request may announce and still be answered on arrival.
    package static let arrivalBodyLimit = 64 * 1024

    /// Whether a request is offered to the server's immediate responder once its whole body has arrived, before
    /// any handler runs: a `POST` whose body, announced by `Content-Length`, is at most ``arrivalBodyLimit`` bytes,
    /// and whose client does not wait for `100 Continue` (which its handler decides); a `GET` without a body.
    package static func answersOnArrival(_ head: HTTPRequest) -> Bool {
        guard head.method == .post || head.method == .get, head.headerFields[.transferEncoding] == nil,
            head.headerFields[.expect] == nil
        else { return false }
        let length = head.headerFields[.contentLength]
        if head.method == .get { return length == nil || length == "0" }
        guard let length, let count = Int(length) else { return false }
        return count >= 0 && count <= arrivalBodyLimit
    }
}
