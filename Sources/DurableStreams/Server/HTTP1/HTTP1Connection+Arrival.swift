#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import HTTPTypes
import HummingbirdCore
import NIOCore

/// Requests answered on arrival: a request that ``HTTP1ConnectionState/answersOnArrival(_:)`` picks is held on the
/// event loop until its body has arrived, then offered to the server's ``HTTP1Server/ImmediateResponder``.
@available(OS2023, *)
extension HTTP1Connection {
    /// A request held on the event loop while its body arrives.
    struct ArrivingRequest {
        let head: HTTPRequest
        let number: UInt64
        var body: ByteBuffer?
    }

    /// Answers a request whose body has arrived with the immediate responder, or runs its handler when that
    /// declines (or the connection cannot take writes now: the handler waits for it).
    func answerArrived(_ request: ArrivingRequest, context: ChannelHandlerContext) {
        guard !isAnsweringArrived else {
            arrived.append(request)
            return
        }
        isAnsweringArrived = true
        defer { isAnsweringArrived = false }
        var next: ArrivingRequest? = request
        while let request = next {
            answer(request, context: context)
            // What writing that answer let through.
            next = arrived.isEmpty ? nil : arrived.removeFirst()
        }
    }

    private func answer(_ request: ArrivingRequest, context: ChannelHandlerContext) {
        // Closed while an earlier answer was written: nothing of this one could be seen, so nothing is done.
        guard context.channel.isActive else {
            handlerFinished(request.number)
            return
        }
        let body = request.body ?? ByteBuffer()
        let full = Request(head: request.head, body: RequestBody(buffer: body))
        guard context.channel.isWritable, let answer = server.immediateResponder?(full, body) else {
            run(full, number: request.number, body: nil, link: link(context))
            return
        }
        switch answer {
        case .response(let head, let body):
            send(head: head, body: body, end: true, trailers: nil)
        case .handOff(let start):
            handOff()
            start(link(context))
        }
        handlerFinished(request.number)
    }

    /// Gives a request whose body is still arriving to its handler, with what arrived: the body's timeout and
    /// limits are the handler's. Called when a read ends before the body did, or the body cannot end.
    func handOverArriving(_ context: ChannelHandlerContext) {
        guard let request = arriving else { return }
        arriving = nil
        startHandler(request.head, number: request.number, context: context)
        if let part = request.body, isReceivingBody, let bodies, !bodies.receive(part) { isReadingPaused = true }
    }
}
#endif
