import DurableStreamsStorage
import HTTPTypes
import NIOCore

/// A complete response: status, fields and an optional body.
@available(OS2023, *)
struct Reply: Sendable {
    var status: HTTPResponse.Status
    var fields: HTTPFields
    var body: [UInt8]?
    /// A read's payload, in place of `body`: sent from the store's buffers and files without a copy.
    var payload: ResponseBody?
    /// Whether the connection is closed after the response (for example after refusing a body unread).
    var closesConnection = false
    /// Whether the reply answers `HEAD`: no `Content-Length` is sent, since none would describe the `GET`.
    var answersHead = false
    /// Whether the reply is a `503` whose cause is logged once elsewhere: a store that is temporarily unavailable
    /// (its database unreachable, say; the store logs the outage when it begins and ends) or a server that is
    /// stopping (it logs `durable-streams stopping`). The request log keeps these at `debug`, so a thousand held
    /// long-polls ended by a shutdown do not log a thousand errors.
    var isLoggedOnce = false

    init(_ status: HTTPResponse.Status, fields: HTTPFields = [:], body: [UInt8]? = nil) {
        self.status = status
        self.fields = fields
        self.body = body
    }

    init(_ status: HTTPResponse.Status, fields: HTTPFields, payload: ResponseBody) {
        self.status = status
        self.fields = fields
        self.payload = payload
    }

    /// The body's length.
    var bodyCount: Int { payload?.count ?? body?.count ?? 0 }

    /// The body in one buffer: the payload without copying when it is one buffer, else `body`'s bytes.
    func contiguousBody() -> ByteBuffer? {
        if let payload { return payload.contiguous() }
        return body.map { ByteBuffer(bytes: $0) }
    }

    /// A plain-text error response that no cache keeps.
    static func error(_ status: HTTPResponse.Status, _ message: String, fields: HTTPFields = [:]) -> Reply {
        var fields = fields
        fields[.contentType] = "text/plain; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Reply(status, fields: fields, body: Array(message.utf8))
    }

    /// The response a store error calls for.
    static func storageError(_ error: StreamStorageError) -> Reply {
        let context = error.context
        var fields = HTTPFields()
        switch error.code {
        case .notFound:
            return .error(.notFound, "Stream not found")
        case .configurationMismatch:
            return .error(.conflict, "Stream already exists with a different configuration")
        case .streamClosed:
            fields[ProtocolHeader.streamClosed] = "true"
            fields[ProtocolHeader.streamNextOffset] = context.offset?.token
            return .error(.conflict, "Stream is closed", fields: fields)
        case .contentTypeMismatch:
            return .error(.conflict, "Content-Type does not match the stream's (\(context.contentType ?? "?"))")
        case .streamSequenceConflict:
            return .error(
                .conflict, "Sequence conflict: Stream-Seq must be greater than \(context.streamSequence ?? "?")")
        case .staleProducerEpoch:
            let current = context.producerEpoch.map(String.init) ?? "?"
            fields[ProtocolHeader.producerEpoch] = current
            return .error(.forbidden, "Stale producer epoch (current epoch is \(current))", fields: fields)
        case .producerEpochMustStartAtZero:
            return .error(.badRequest, "New epoch must start with sequence 0")
        case .producerSequenceGap:
            let expected = context.expectedProducerSequence.map(String.init) ?? "?"
            let received = context.receivedProducerSequence.map(String.init) ?? "?"
            fields[ProtocolHeader.producerExpectedSeq] = expected
            fields[ProtocolHeader.producerReceivedSeq] = received
            return .error(
                .conflict, "Producer sequence gap: expected \(expected), received \(received)", fields: fields)
        case .invalidPayload, .invalidForkOffset, .invalidPath:
            return .error(.badRequest, error.message)
        case .invalidOffset:
            return .error(
                .badRequest, "Invalid offset: \(context.offset.map { "\($0)" } ?? "?") is not a position in this stream"
            )
        case .unavailable:
            fields[.retryAfter] = "1"
            var reply = Reply.error(.serviceUnavailable, "The server is shutting down", fields: fields)
            reply.isLoggedOnce = true
            return reply
        case .temporarilyUnavailable:
            fields[.retryAfter] = "1"
            var reply = Reply.error(
                .serviceUnavailable, "The stream store is unavailable: \(error.message)", fields: fields)
            reply.isLoggedOnce = true
            return reply
        case .offsetDropped:
            return .offsetDropped(earliest: context.offset ?? .zero)
        case .gone:
            return .error(.gone, "Stream is gone: it was deleted (its data is kept only for its forks)")
        case .incarnationMismatch:
            return .incarnationMismatch(current: context.incarnation ?? "?")
        case .retainedForForks:
            return .error(
                .conflict,
                "A deleted stream at this path still has forks: the path cannot be reused until they are deleted")
        case .forkSourceNotFound:
            return .error(.notFound, "Source stream not found")
        case .forkSourceGone:
            return .error(.conflict, "The source stream was deleted (it is kept only for its existing forks)")
        default:
            // `storageFailure`, and any code a custom store may use: the store could not do its work.
            return .error(.internalServerError, "Storage failure: \(error.message)")
        }
    }
}

/// A request that cannot be served, with the response that says why.
@available(OS2023, *)
struct RequestFailure: Error {
    let reply: Reply

    init(_ reply: Reply) {
        self.reply = reply
    }

    static func badRequest(_ message: String) -> RequestFailure {
        RequestFailure(.error(.badRequest, message))
    }
}

@available(OS2023, *)
extension Reply {
    /// `410` for a read of a dropped range: `Stream-Earliest-Offset` and a JSON body naming it.
    static func offsetDropped(earliest: StreamOffset) -> Reply {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.cacheControl] = "no-store"
        fields[ProtocolHeader.streamEarliestOffset] = earliest.token
        let body =
            #"{"error":{"code":"OFFSET_DROPPED","message":"The offset was dropped by the stream's retention","#
            + #""earliest_offset":"\#(earliest.token)"}}"#
        return Reply(.gone, fields: fields, body: Array(body.utf8))
    }

    /// `412`: the stream at the path is another incarnation than the request expects; the body and
    /// `Stream-Incarnation` name the current one.
    static func incarnationMismatch(current: String) -> Reply {
        var fields = HTTPFields()
        fields[ProtocolHeader.streamIncarnation] = current
        return .error(
            .preconditionFailed,
            "Stream-If-Incarnation does not match: the stream was deleted and created again, "
                + "its incarnation is now \(current)",
            fields: fields)
    }
}
