#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// Answers, without suspending, a request whose whole body has arrived, when the store runs what it asks at
    /// once (``ImmediateStreamStorage``): an append (`POST`) or a long-poll (`GET` with `live=long-poll`, answered
    /// or handed to the long-poll fan-out). `nil` when ``handle(_:_:_:fault:)`` must answer it instead, which it
    /// then does from the start: anything else, a store error, a server that is stopping.
    ///
    /// The connection calls this on its event loop, so most appends and long-polls on a memory store cost no task
    /// and no thread hop. The checks and answers are those of the routes it stands in for: the same header readers,
    /// operations and replies, the same request log.
    func answerNow(_ request: Request, body: ByteBuffer) -> HTTP1Server.ImmediateAnswer? {
        guard operations.immediateStorage != nil, request.method == .post || request.method == .get else {
            return nil
        }
        let target = RequestTarget(request.head.path ?? "/")
        guard target.path != Self.faultControlPath, console == nil || !ConsoleRoutes.owns(target.path) else {
            return nil
        }
        if request.method == .get {
            return longPollNow(request, target: target)
        }
        guard body.readableBytes <= settings.maximumBodyBytes,
            case .stream(let path) = try? settings.root.locate(target.path),
            streamedAppendLimit(for: request) == nil, RequestBodyReader.contentCoding(of: request) == nil
        else { return nil }
        let exchange = Exchange(method: request.method, path: target.path)
        let reply: Reply
        do throws(RequestFailure) {
            let headers = try appendHeaders(in: request)
            let append = try appendCommand(headers, body: Array(body.readableBytesView))
            guard let outcome = operations.appendNow(path, append) else { return nil }
            reply = Self.appendReply(outcome, headers)
        } catch {
            reply = error.reply
        }
        return respond(reply, exchange: exchange)
    }

    /// A long-poll whose read the store makes at once: its data, or a wait handed to the fan-out.
    private func longPollNow(_ request: Request, target: RequestTarget) -> HTTP1Server.ImmediateAnswer? {
        // A malformed request, a store error or a mismatched incarnation: the async route says what is wrong.
        guard let read = try? Self.readStream(target), read.live == .longPoll, !liveWaits.isStopped,
            case .stream(let path) = try? settings.root.locate(target.path)
        else { return nil }
        let expected: String?
        do {
            expected = try expectedIncarnation(in: request)
        } catch {
            return nil
        }
        guard
            case .success(let first)? = operations.readNow(
                path, from: read.start, maxBytes: settings.maximumReadBytes),
            StreamIncarnation.check(expected: expected, current: first.info.incarnation) == nil
        else { return nil }
        // Data to copy or compress at length is left to a task: the event loop serves other connections meanwhile.
        // (A JSON stream's messages are answered as an array: one byte more than the stored text.)
        let answered = first.payload.count + (first.info.configuration.isJSON ? 1 : 0)
        if !first.payload.isEmpty,
            first.payload.count > Self.immediateDataLimit || compresses(answered, for: request)
        {
            return nil
        }
        let exchange = Exchange(method: request.method, path: target.path)
        switch longPoll(path, first: first, request: request, cursor: read.cursor, expected: expected) {
        case .reply(let reply):
            return respond(reply, exchange: exchange)
        case .longPoll(let plan):
            return .handOff { link in self.follow(plan, fault: nil, response: link, exchange: exchange) }
        case .events:
            return nil
        }
    }

    /// The most data a long-poll answered on the event loop carries.
    static let immediateDataLimit = 64 * 1024

    /// A complete reply as the connection writes it, logged as the async route logs it.
    private func respond(_ reply: Reply, exchange: Exchange) -> HTTP1Server.ImmediateAnswer {
        let (head, bodiless) = responseHead(for: reply)
        logCompletion(exchange, reply: reply, bodiless: bodiless)
        let body = bodiless || reply.bodyCount == 0 ? nil : reply.contiguousBody()
        // Copied, or the store's buffer: nothing of a file is sent after this.
        reply.payload?.lease?.release()
        return .response(head, body: body)
    }
}
#endif
