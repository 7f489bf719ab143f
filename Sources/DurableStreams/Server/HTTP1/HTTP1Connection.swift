#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Told when a connection whose response was handed off closes.
protocol HTTP1CloseObserver: AnyObject {
    /// The connection closed (on its event loop).
    func connectionClosed()
}

/// The last handler of a connection's pipeline: runs each request's handler on a ``RequestWorkers`` task, feeds it the
/// request's body, writes what it answers, and closes the connection when it stays idle. Decisions are
/// ``HTTP1ConnectionState``'s; this drives it.
///
/// A small `POST` or a `GET` (``HTTP1ConnectionState/answersOnArrival(_:)``) is first offered, once its body has
/// arrived within the same read, to the server's ``HTTP1Server/ImmediateResponder`` on the event loop: an append or a
/// long-poll on a store that never waits is answered (or handed to the long-poll fan-out) there, with no task and no
/// thread hop. What it declines, and a body still arriving when the read ends, goes to a handler as any other
/// request.
///
/// A connection costs no task while it waits for its next request, or while its response was handed off to
/// another writer (an SSE reader, which ``SSEFanOut`` feeds from the event loop).
@available(OS2023, *)
final class HTTP1Connection: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let server: HTTP1Server
    private var state = HTTP1ConnectionState()
    private var context: ChannelHandlerContext?
    /// The connection's request bodies, made on its first request with one.
    var bodies: RequestBodyStream?
    /// The request in progress has a body whose end has not arrived.
    var isReceivingBody = false
    /// The request's handler has not taken what its body holds: the socket is not read.
    var isReadingPaused = false
    private var isReadPending = false
    private var writabilityWaiters: [CheckedContinuation<Void, any Error>] = []
    /// The idle deadline, armed while no request is in progress.
    private var idleDeadline: UInt64?
    /// Tells an idle deadline that fires late apart from the one armed now.
    private var idleGeneration: UInt64 = 0
    /// When the last response ended (or the connection opened).
    private var lastActivity = ContinuousClock.now
    /// Whoever writes the handed-off response, until it ends it.
    var closeObserver: (any HTTP1CloseObserver)?
    /// A request offered to the server's immediate responder once its body has arrived, while the body arrives.
    var arriving: ArrivingRequest?
    /// An immediate answer is being written: a request it lets through waits in `arrived` instead of being
    /// answered inside that write (a pipelined run would otherwise nest one answer in another).
    var isAnsweringArrived = false
    var arrived: [ArrivingRequest] = []

    init(server: HTTP1Server) {
        self.server = server
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        armIdleDeadline(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarmIdleDeadline()
        finishBody(ChannelError.eof)
        // The bodies' resume closure refers back to this handler.
        bodies = nil
        self.context = nil
    }

    // MARK: Requests

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard let request = try? HTTPRequest(head, secure: false, splitCookie: false) else {
                malformedInput(HTTP1TypeConversionError.missingPath)
                return
            }
            let keepAlive = Self.keepsAlive(head.version, connection: request.headerFields[.connection])
            guard state.requestReceived(closeRequested: !keepAlive) == .startHandler else { return }
            if server.immediateResponder != nil, HTTP1ConnectionState.answersOnArrival(request) {
                arriving = ArrivingRequest(head: request, number: state.request)
            } else {
                startHandler(request, number: state.request, context: context)
            }
        case .body(var part):
            // A long upload keeps the connection busy even after an early answer.
            lastActivity = .now
            if arriving != nil {
                if arriving?.body == nil {
                    arriving?.body = part
                } else {
                    arriving?.body?.writeBuffer(&part)
                }
            } else if isReceivingBody, let bodies, !bodies.receive(part) {
                isReadingPaused = true
            }
        case .end:
            lastActivity = .now
            if let request = arriving {
                arriving = nil
                answerArrived(request, context: context)
            } else {
                finishBody(nil)
            }
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        handOverArriving(context)
        context.fireChannelReadComplete()
    }

    func startHandler(_ head: HTTPRequest, number: UInt64, context: ChannelHandlerContext) {
        let link = self.link(context)
        let requestBody: RequestBody
        let stream: RequestBodyStream?
        if Self.hasBody(head) {
            let made = bodies ?? RequestBodyStream { link.execute { $0.resumeReading() } }
            bodies = made
            stream = made
            requestBody = RequestBody(asyncSequence: made.begin(number))
            isReceivingBody = true
        } else {
            stream = nil
            requestBody = RequestBody(buffer: ByteBuffer())
        }
        run(Request(head: head, body: requestBody), number: number, body: stream, link: link)
    }

    func link(_ context: ChannelHandlerContext) -> HTTP1ResponseLink {
        HTTP1ResponseLink(connection: NIOLoopBound(self, eventLoop: context.eventLoop), channel: context.channel)
    }

    /// Runs the handler of request `number` on a worker task; `body` is the stream its body arrives on, if any.
    func run(_ request: Request, number: UInt64, body stream: RequestBodyStream?, link: HTTP1ResponseLink) {
        let server = self.server
        server.workers.run {
            do {
                try await server.responder(request, HTTP1ResponseWriter(link: link), link.channel)
            } catch {
                server.logger.trace("request handler failed", metadata: ["error": "\(error)"])
            }
            stream?.abandon(number)
            link.handlerFinished(number)
        }
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection` says `close`, HTTP/1.0
    /// only when it says `keep-alive` (without building the token list `HTTPRequestHead.isKeepAlive` builds).
    static func keepsAlive(_ version: HTTPVersion, connection: String?) -> Bool {
        let tokens = connection.map { value in
            value.split(separator: ",").lazy.map { HeaderText.folded($0) }
        }
        if version.major == 1 && version.minor == 0 {
            return tokens?.contains("keep-alive") ?? false
        }
        return !(tokens?.contains("close") ?? false)
    }

    /// Whether the request announces a body (`Content-Length` other than 0, or a transfer coding).
    private static func hasBody(_ head: HTTPRequest) -> Bool {
        if head.headerFields[.transferEncoding] != nil { return true }
        guard let length = head.headerFields[.contentLength] else { return false }
        return length != "0"
    }

    func handlerFinished(_ number: UInt64) {
        switch state.handlerFinished(request: number) {
        case .none:
            if let context { armIdleDeadline(context) }
        case .answerServerError:
            let head = HTTPResponse(status: .internalServerError, headerFields: [.contentLength: "0"])
            send(head: head, body: nil, end: true, trailers: nil)
        case .close:
            context?.close(promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case ChannelEvent.inputClosed = event else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        finishBody(ChannelError.inputClosed)
        if state.inputClosed() { context.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.closed()
        disarmIdleDeadline()
        finishBody(ChannelError.eof)
        let waiters = writabilityWaiters
        writabilityWaiters = []
        for waiter in waiters { waiter.resume(throwing: ChannelError.ioOnClosedChannel) }
        server.closed(context.channel)
        closeObserver?.connectionClosed()
        closeObserver = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else {
            server.logger.trace("connection failed", metadata: ["error": "\(error)"])
            state.closed()
            context.close(promise: nil)
            return
        }
        malformedInput(error)
    }

    /// Malformed HTTP: the request in progress sees its body fail and answers; otherwise the answer is 400.
    /// Either way the connection closes after the answer.
    private func malformedInput(_ error: any Error) {
        finishBody(error)
        if state.malformedInput() == .answerBadRequest {
            disarmIdleDeadline()
            let fields: HTTPFields = [.contentLength: "0", .connection: "close"]
            send(head: HTTPResponse(status: .badRequest, headerFields: fields), body: nil, end: true, trailers: nil)
        }
    }

    /// The body of the request in progress ended (`error` is `nil`) or cannot be read.
    private func finishBody(_ error: (any Error)?) {
        if let context { handOverArriving(context) }
        guard isReceivingBody else { return }
        isReceivingBody = false
        bodies?.finish(error)
        // The body's backpressure ends with it (its handler may never take what waits).
        if isReadingPaused { resumeReading() }
    }

    // MARK: Reading and idling

    func read(context: ChannelHandlerContext) {
        if isReadingPaused {
            isReadPending = true
        } else {
            context.read()
        }
    }

    private func resumeReading() {
        isReadingPaused = false
        guard isReadPending else { return }
        isReadPending = false
        context?.read()
    }

    /// Closes the connection once it has stayed idle for the idle timeout. One entry on the shared deadline
    /// timer at a time, armed when the connection opens and re-armed from its last activity when it fires, so a
    /// request costs no timer operation; a handed-off response (an SSE reader, idle by design) has none.
    private func armIdleDeadline(_ context: ChannelHandlerContext) {
        guard let timeout = server.idleTimeout, idleDeadline == nil, state.isIdle else { return }
        schedule(at: lastActivity.advanced(by: timeout), context)
    }

    private func schedule(at instant: ContinuousClock.Instant, _ context: ChannelHandlerContext) {
        idleGeneration &+= 1
        let generation = idleGeneration
        let connection = NIOLoopBound(self, eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        idleDeadline = DeadlineTimer.shared.schedule(at: instant) {
            eventLoop.execute { connection.value.idleDeadlinePassed(generation) }
        }
    }

    private func idleDeadlinePassed(_ generation: UInt64) {
        guard generation == idleGeneration, idleDeadline != nil, let context else { return }
        idleDeadline = nil
        // Busy: the end of the response arms it again.
        guard state.isIdle, let timeout = server.idleTimeout else { return }
        let deadline = lastActivity.advanced(by: timeout)
        if ContinuousClock.now >= deadline {
            context.close(promise: nil)
        } else {
            schedule(at: deadline, context)
        }
    }

    private func disarmIdleDeadline() {
        guard let idleDeadline else { return }
        DeadlineTimer.shared.cancel(idleDeadline)
        self.idleDeadline = nil
    }

    // MARK: Responses

    /// Writes parts of the response, in order, and flushes them.
    func send(head: HTTPResponse?, body: ByteBuffer?, end: Bool, trailers: HTTPFields?) {
        guard let context else { return }
        if let head, state.writeHead() == .write {
            // A response that announces the close: no pipelined request after it may start.
            if head.headerFields[.connection] == "close" { state.closeAfterResponse() }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(head))), promise: nil)
        }
        if let body, state.writeBody() == .write {
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        guard end else {
            context.flush()
            return
        }
        // The state moves before the write: writing the end can deliver the next request at once.
        let trailers = trailers.map(HTTPHeaders.init)
        switch state.writeEnd() {
        case .write:
            lastActivity = .now
            context.writeAndFlush(wrapOutboundOut(.end(trailers)), promise: nil)
            armIdleDeadline(context)
        case .writeThenClose:
            let done = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(.end(trailers)), promise: done)
            let channel = context.channel
            done.futureResult.whenComplete { _ in channel.close(promise: nil) }
        case .drop:
            context.flush()
        }
    }

    /// Writes a whole response whose body is buffers and stretches of files, the latter sent with `sendfile`; the
    /// body's lease is released once the writes are done or failed (or at once when the response is dropped).
    func send(head: HTTPResponse, body: ResponseBody) {
        guard let context, !body.parts.isEmpty, state.writeHead() == .write else {
            body.lease?.release()
            if context != nil, body.parts.isEmpty { send(head: head, body: nil, end: true, trailers: nil) }
            return
        }
        if head.headerFields[.connection] == "close" { state.closeAfterResponse() }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(head))), promise: nil)
        // The files stay the store's: the handles are given back, never closed.
        var handles: [Int32: NIOFileHandle] = [:]
        let written = context.eventLoop.makePromise(of: Void.self)
        for (index, part) in body.parts.enumerated() {
            let data: IOData
            switch part {
            case .bytes(let bytes, _):
                data = .byteBuffer(bytes.buffer)
            case .file(let descriptor, let offset, let count):
                let handle = handles[descriptor] ?? NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor)
                handles[descriptor] = handle
                data = .fileRegion(
                    FileRegion(fileHandle: handle, readerIndex: Int(offset), endIndex: Int(offset) + count))
            }
            // Writes complete in order: the last one's promise says the files are no longer read.
            context.write(wrapOutboundOut(.body(data)), promise: index == body.parts.count - 1 ? written : nil)
        }
        let given = Array(handles.values)
        written.futureResult.whenComplete { _ in
            for handle in given { _ = try? handle.takeDescriptorOwnership() }
            body.lease?.release()
        }
        send(head: nil, body: nil, end: true, trailers: nil)
    }

    /// Writes an informational head before the response, if the response has not started.
    func sendInformational(_ head: HTTPResponse) {
        guard let context, state.response == .pending, !state.isClosing else { return }
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(head))), promise: nil)
    }

    /// The handler handed its response to another writer.
    func handOff() {
        let closes = state.handOff()
        disarmIdleDeadline()
        if closes { context?.close(promise: nil) }
    }

    /// Resumes `waiter` once the connection can take more writes; fails it if the connection closed.
    func waitForWritability(_ waiter: CheckedContinuation<Void, any Error>) {
        guard let context, context.channel.isActive else {
            waiter.resume(throwing: ChannelError.ioOnClosedChannel)
            return
        }
        if context.channel.isWritable {
            waiter.resume()
        } else {
            writabilityWaiters.append(waiter)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            let waiters = writabilityWaiters
            writabilityWaiters = []
            for waiter in waiters { waiter.resume() }
        }
        context.fireChannelWritabilityChanged()
    }
}
#endif
