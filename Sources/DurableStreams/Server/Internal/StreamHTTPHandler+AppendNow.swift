#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// Answers, without suspending, a `POST` whose whole body has arrived, when it is an append the store makes at
    /// once (``StreamOperations/appendNow(_:_:)``); `nil` when ``handle(_:_:_:fault:)`` must answer it instead.
    ///
    /// The connection calls this on its event loop for small bodies announced by `Content-Length`, so most appends
    /// to a memory store cost no task and no thread hop. The checks and answers are the `POST` route's: the same
    /// header readers, the same append command and reply, the same request log.
    func answerNow(_ request: Request, body: ByteBuffer) -> HTTP1Server.ImmediateAnswer? {
        guard request.method == .post, operations.immediateStorage != nil,
            body.readableBytes <= settings.maximumBodyBytes
        else { return nil }
        let target = RequestTarget(request.head.path ?? "/")
        guard target.path != Self.faultControlPath, console == nil || !ConsoleRoutes.owns(target.path),
            case .stream(let path) = try? settings.root.locate(target.path),
            streamedAppendLimit(for: request) == nil, Self.hasIdentityEncoding(request)
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
        let (head, bodiless) = responseHead(for: reply)
        logCompletion(
            exchange, status: reply.status.code, bytes: bodiless ? 0 : reply.bodyCount,
            reason: reply.status.code >= 500 ? reply.body : nil, loggedOnce: reply.isLoggedOnce)
        return HTTP1Server.ImmediateAnswer(head: head, body: bodiless ? nil : reply.contiguousBody())
    }

    /// Whether the body is sent as it is meant (no `Content-Encoding`, or `identity`): the others are refused by
    /// the body reader, with `415`.
    private static func hasIdentityEncoding(_ request: Request) -> Bool {
        guard let encoding = request.headers[.contentEncoding] else { return true }
        let folded = HeaderText.folded(encoding[...])
        return folded.isEmpty || folded == "identity"
    }
}
#endif
