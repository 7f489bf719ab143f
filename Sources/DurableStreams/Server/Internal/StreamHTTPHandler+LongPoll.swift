#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

/// A long-poll that waits at the tail: the stream, where it waits, and what its answer depends on.
@available(OS2023, *)
struct LongPollPlan: Sendable {
    let path: StreamPath
    let tail: StreamOffset
    /// The stream's incarnation when the wait began, announced by an answer that nothing came.
    let incarnation: String
    let cursor: Substring?
    /// The incarnation the request required, if any.
    let expected: String?
    let request: Request
}

/// What a long-poll waiter's wait came to.
@available(OS2023, *)
enum LongPollOutcome: Sendable {
    /// The read after the waiter's offset, once data came or the stream closed.
    case read(ReadResult)
    /// Nothing came in the long-poll's time.
    case timedOut
    /// The stream cannot be read any more, or the server stops.
    case failed(StreamStorageError)
}

/// A long-poll's answer, ready for the connection: one for every waiter that would get the same.
@available(OS2023, *)
struct LongPollAnswer: Sendable {
    let head: HTTPResponse
    let body: ByteBuffer?
    let reply: Reply
}

/// What a waiter's answer depends on besides what was read: waiters with equal keys get the same bytes.
@available(OS2023, *)
struct LongPollKey: Hashable, Sendable {
    let incarnation: String
    let cursor: Substring?
    let expected: String?
    let acceptEncoding: String?
    let ifNoneMatch: String?
    /// Set to the waiter's number when a fault changes its body: it gets an answer of its own.
    var faulted: UInt64?
}

@available(OS2023, *)
extension StreamHTTPHandler {
    /// A long-poll: data at once if there is some, otherwise a plan to wait for an append, closure or the
    /// timeout.
    func longPoll(_ path: StreamPath, first: ReadResult, request: Request, cursor: Substring?, expected: String?)
        -> Outcome
    {
        let incarnation = first.info.incarnation
        if !first.payload.isEmpty {
            return .reply(dataReply(first, body: .bytes(first.payload), request: request, cursor: cursor, isLive: true))
        }
        if first.reachedEnd {
            return .reply(emptyLongPoll(tail: first.info.tail, closed: true, cursor: nil, incarnation: incarnation))
        }
        guard first.start == first.info.tail else {
            return .reply(emptyLongPoll(tail: first.info.tail, closed: false, cursor: cursor, incarnation: incarnation))
        }
        return .longPoll(
            LongPollPlan(
                path: path, tail: first.info.tail, incarnation: incarnation, cursor: cursor, expected: expected,
                request: request))
    }

    /// Hands a waiting long-poll's response to the long-poll fan-out, which answers it from the connection's
    /// event loop; the request's task ends here.
    func waitLongPoll(
        _ plan: LongPollPlan,
        fault: FaultInjector.Fault?,
        to writer: consuming HTTP1ResponseWriter,
        channel: any Channel,
        exchange: Exchange
    ) async throws {
        guard !liveWaits.isStopped else {
            let reply = Reply.storageError(StreamStorageError(.unavailable)).modified(by: fault)
            try await write(reply, to: writer, channel: channel, exchange: exchange)
            return
        }
        follow(plan, fault: fault, response: writer.handOff(), exchange: exchange)
    }

    /// Gives a waiting long-poll, whose response was handed off through `response`, to the long-poll fan-out.
    func follow(_ plan: LongPollPlan, fault: FaultInjector.Fault?, response: HTTP1ResponseLink, exchange: Exchange) {
        let headers = plan.request.headers
        let handler = self
        liveWaits.enter()
        longPolls.follow(
            plan.path,
            from: plan.tail,
            key: LongPollKey(
                incarnation: plan.incarnation, cursor: plan.cursor.map { Substring(String($0)) },
                expected: plan.expected, acceptEncoding: headers[.acceptEncoding], ifNoneMatch: headers[.ifNoneMatch],
                faulted: nil),
            faulted: fault?.modifiesBody == true,
            deadline: ContinuousClock.now.advanced(by: settings.longPollTimeout),
            response: response,
            exchange: exchange
        ) { outcome in
            handler.longPollAnswer(plan, outcome, fault: fault)
        }
    }

    /// The answer to a waiting long-poll.
    func longPollAnswer(_ plan: LongPollPlan, _ outcome: LongPollOutcome, fault: FaultInjector.Fault?)
        -> LongPollAnswer
    {
        let reply: Reply
        switch outcome {
        case .read(let next):
            // The stream may have been deleted and created again while the reader waited.
            if let mismatch = StreamIncarnation.check(expected: plan.expected, current: next.info.incarnation) {
                reply = .storageError(mismatch)
            } else if next.payload.isEmpty {
                reply = emptyLongPoll(
                    tail: next.info.tail, closed: next.reachedEnd, cursor: plan.cursor, incarnation: plan.incarnation)
            } else {
                reply = dataReply(
                    next, body: .bytes(next.payload), request: plan.request, cursor: plan.cursor, isLive: true)
            }
        case .timedOut:
            reply = emptyLongPoll(tail: plan.tail, closed: false, cursor: plan.cursor, incarnation: plan.incarnation)
        case .failed(let error):
            reply = .storageError(error)
        }
        let modified = reply.modified(by: fault)
        let bodiless = modified.status == .noContent || modified.status == .notModified
        var fields = modified.fields
        fields.append(contentsOf: commonFields)
        if !bodiless { fields[.contentLength] = String(modified.bodyCount) }
        let body = bodiless || modified.bodyCount == 0 ? nil : modified.contiguousBody()
        return LongPollAnswer(
            head: HTTPResponse(status: modified.status, headerFields: fields), body: body, reply: modified)
    }

    /// `204` for a long-poll with nothing new.
    func emptyLongPoll(tail: StreamOffset, closed: Bool, cursor: Substring?, incarnation: String) -> Reply {
        var fields = HTTPFields()
        fields[ProtocolHeader.streamIncarnation] = incarnation
        fields[ProtocolHeader.streamNextOffset] = tail.token
        fields[ProtocolHeader.streamUpToDate] = "true"
        fields[.cacheControl] = "no-store"
        if closed {
            fields[ProtocolHeader.streamClosed] = "true"
        } else {
            fields[ProtocolHeader.streamCursor] = settings.cursor.next(after: cursor)
        }
        return Reply(.noContent, fields: fields)
    }
}
#endif
