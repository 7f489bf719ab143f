#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CompressNIO
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore

/// Answers every HTTP request: the protocol's operations on any stream path and CORS preflight. Fault injection,
/// when on, is ``FaultInjectingResponder`` in front of it, which hands every request it does not answer itself to
/// ``handle(_:_:_:fault:)``: tests and production take the same route.
@available(OS2023, *)
struct StreamHTTPHandler: Sendable {
    /// The settings the handler needs, resolved from the server's configuration.
    struct Settings: Sendable {
        var root: StreamRoot
        var longPollTimeout: Duration
        var sseKeepAliveInterval: Duration
        var sseConnectionLifetime: Duration
        var maximumBodyBytes: Int
        var maximumReadBytes: Int
        var bodyTimeout: Duration
        var compression: Bool
        var compressionThreshold: Int
        var readCacheControl: ReadCacheControl
        var cursor: ResponseCursor
    }

    static let faultControlPath = "/_test/inject-error"

    let storage: any StreamStorage
    /// The protocol's operations, free of HTTP: this handler decodes requests into them and encodes their results.
    let operations: StreamOperations
    let settings: Settings
    let liveWaits: LiveWaits
    /// Feeds the SSE readers that reached the tail.
    let fanOut: SSEFanOut
    /// Answers the long-polls that wait at the tail.
    let longPolls: LongPollFanOut
    /// The subscriptions, when the store can keep them.
    let subscriptions: SubscriptionManager?
    /// The console's access, when the console is served (`/__console/…`).
    let console: ConsoleAccess?
    let logger: Logger
    /// Sent with every response: CORS for the response itself, and the browser security headers.
    let commonFields: HTTPFields
    /// Sent with the answer to a CORS preflight (`OPTIONS`) only: browsers read them nowhere else.
    static let preflightFields: HTTPFields = [
        ProtocolHeader.accessControlAllowMethods: "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
        ProtocolHeader.accessControlAllowHeaders:
            "Content-Type, Authorization, If-None-Match, Stream-If-Incarnation, Stream-Seq, Stream-TTL, "
            + "Stream-Expires-At, Stream-Closed, Producer-Id, Producer-Epoch, Producer-Seq, Stream-Forked-From, "
            + "Stream-Fork-Offset, Stream-Fork-Sub-Offset, Stream-Retention-Max-Age, Stream-Retention-Max-Bytes",
        ProtocolHeader.accessControlMaxAge: "86400",
    ]
    /// Keeps warnings about refused requests to one a second.
    let limitThrottle = LogThrottle()

    init(
        storage: any StreamStorage, settings: Settings, liveWaits: LiveWaits,
        subscriptions: SubscriptionManager?, console: ConsoleAccess? = nil, logger: Logger
    ) {
        self.storage = storage
        self.operations = StreamOperations(storage: storage, subscriptions: subscriptions)
        self.settings = settings
        self.liveWaits = liveWaits
        self.fanOut = SSEFanOut(
            operations: operations, framing: SSEFraming(cursor: settings.cursor),
            keepAliveInterval: settings.sseKeepAliveInterval, maximumReadBytes: settings.maximumReadBytes,
            liveWaits: liveWaits, logger: logger, throttle: limitThrottle)
        self.longPolls = LongPollFanOut(
            operations: operations, timeout: settings.longPollTimeout, maximumReadBytes: settings.maximumReadBytes,
            liveWaits: liveWaits, logger: logger, throttle: limitThrottle)
        self.subscriptions = subscriptions
        self.console = console
        self.logger = logger
        var fields = HTTPFields()
        fields[ProtocolHeader.accessControlAllowOrigin] = "*"
        fields[ProtocolHeader.accessControlExposeHeaders] =
            "Stream-Next-Offset, Stream-Cursor, Stream-Up-To-Date, Stream-Closed, Stream-TTL, Stream-Expires-At, "
            + "Stream-Incarnation, "
            + "Stream-SSE-Data-Encoding, Producer-Epoch, Producer-Seq, Producer-Expected-Seq, Producer-Received-Seq, "
            + "ETag, Content-Type, Content-Encoding, Location, Retry-After, Vary, Stream-Retention-Max-Age, "
            + "Stream-Retention-Max-Bytes, Stream-Earliest-Offset"
        fields[ProtocolHeader.xContentTypeOptions] = "nosniff"
        fields[ProtocolHeader.crossOriginResourcePolicy] = "cross-origin"
        commonFields = fields
    }

    /// Handles one request on a connection.
    ///
    /// A read (`GET` of a stream) takes a short path: an SSE reader keeps this function's frame, and those it calls
    /// on its way to waiting, for as long as it stays connected, and its task keeps the memory of the deepest chain
    /// it ever had. Every other request takes ``handleOther(_:target:exchange:fault:_:_:)``, whose many paths make a
    /// much larger frame. `fault` is an injected fault that changes the response's body or SSE events.
    func handle(
        _ request: Request, _ writer: consuming HTTP1ResponseWriter, _ channel: any Channel,
        fault: FaultInjector.Fault? = nil
    ) async throws {
        let target = RequestTarget(request.head.path ?? "/")
        let exchange = Exchange(method: request.method, path: target.path)
        if let console, ConsoleRoutes.owns(target.path) {
            try await handleConsole(request, target: target, console: console, exchange: exchange, writer, channel)
            return
        }
        guard request.method == .get, target.path != Self.faultControlPath,
            case .stream(let path) = try? settings.root.locate(target.path)
        else {
            try await handleOther(request, target: target, exchange: exchange, fault: fault, writer, channel)
            return
        }
        switch await readOutcome(path, request, target: target, channel: channel) {
        case .reply(let reply):
            try await write(reply.modified(by: fault), to: writer, channel: channel, exchange: exchange)
        case .events(let plan):
            try await streamEvents(plan, fault: fault, to: writer, channel: channel, exchange: exchange)
        case .longPoll(let plan):
            try await waitLongPoll(plan, fault: fault, to: writer, channel: channel, exchange: exchange)
        }
    }

    /// The outcome of a read, or the reply that says why it failed.
    @inline(never)
    private func readOutcome(_ path: StreamPath, _ request: Request, target: RequestTarget, channel: any Channel)
        async -> Outcome
    {
        do throws(RequestFailure) {
            return try await read(path, request, target: target, channel: channel)
        } catch {
            return .reply(error.reply)
        }
    }

    /// Handles any request but a plain read: see ``handle(_:_:_:)``.
    @inline(never)
    private func handleOther(
        _ request: Request,
        target: RequestTarget,
        exchange: Exchange,
        fault: FaultInjector.Fault?,
        _ writer: consuming HTTP1ResponseWriter,
        _ channel: any Channel
    ) async throws {
        let method = request.method

        if method == .options {
            try await write(
                Reply(.noContent, fields: Self.preflightFields), to: writer, channel: channel, exchange: exchange)
            return
        }
        if target.path == Self.faultControlPath {
            let reply = Reply.error(
                .notFound, "Fault injection is disabled (start the server with fault injection on)")
            try await write(reply, to: writer, channel: channel, exchange: exchange)
            return
        }

        let location: StreamRoot.Location
        do throws(StreamStorageError) {
            location = try settings.root.locate(target.path)
        } catch {
            try await write(
                .error(.badRequest, "Invalid stream path: \(error.message)"), to: writer, channel: channel,
                exchange: exchange)
            return
        }
        let path: StreamPath
        switch location {
        case .stream(let stream):
            path = stream
        case .reserved(let rest):
            let reply = await controlReply(rest, request, channel: channel)
            try await write(reply, to: writer, channel: channel, exchange: exchange)
            return
        case .outside:
            try await write(
                .error(.notFound, "Not a stream: streams are under \(settings.root.prefix)/"), to: writer,
                channel: channel, exchange: exchange)
            return
        }

        if method == .put || method == .post, request.headers[.expect]?.lowercased() == "100-continue" {
            let limit = bodyLimit(for: request)
            if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
                try await write(Self.tooLarge(limit), to: writer, channel: channel, exchange: exchange)
                return
            }
            try await writer.writeInformationalHead(HTTPResponse(status: .continue))
        }

        let outcome: Outcome
        do throws(RequestFailure) {
            switch method {
            case .put: outcome = .reply(try await create(path, request, channel: channel))
            case .post: outcome = .reply(try await append(path, request, channel: channel))
            case .delete: outcome = .reply(await delete(path))
            case .patch: outcome = .reply(try await updateRetention(path, request))
            case .head:
                var reply = await head(path, request)
                reply.answersHead = true
                reply.body = nil
                outcome = .reply(reply)
            case .get: outcome = try await read(path, request, target: target, channel: channel)
            default:
                var fields = HTTPFields()
                fields[.allow] = "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"
                outcome = .reply(.error(.methodNotAllowed, "Method not allowed", fields: fields))
            }
        } catch {
            outcome = .reply(error.reply)
        }

        switch outcome {
        case .reply(let reply):
            try await write(reply.modified(by: fault), to: writer, channel: channel, exchange: exchange)
        case .events(let plan):
            try await streamEvents(plan, fault: fault, to: writer, channel: channel, exchange: exchange)
        case .longPoll(let plan):
            try await waitLongPoll(plan, fault: fault, to: writer, channel: channel, exchange: exchange)
        }
    }

    /// What a handler produced: a complete response, an SSE stream to run, or a long-poll to wait.
    enum Outcome: Sendable {
        case reply(Reply)
        case events(SSEPlan)
        case longPoll(LongPollPlan)
    }

    /// Writes a complete response with the common fields and a `Content-Length`.
    @inline(never)
    func write(_ reply: Reply, to writer: consuming HTTP1ResponseWriter, channel: any Channel, exchange: Exchange)
        async throws
    {
        let (head, bodiless) = responseHead(for: reply)
        if let payload = reply.payload, payload.count > 0, !bodiless {
            try await writer.write(response: head, body: payload)
        } else if let body = reply.body, !body.isEmpty, !bodiless {
            reply.payload?.lease?.release()
            try await writer.write(response: head, body: ByteBuffer(bytes: body))
        } else {
            reply.payload?.lease?.release()
            try await writer.writeResponse(head)
        }
        if reply.closesConnection { try? await channel.close() }
        logCompletion(exchange, reply: reply, bodiless: bodiless)
    }

    /// The head of a complete response: the reply's fields, the common fields, a `Content-Length` and, when the
    /// connection closes after it, `Connection: close`; and whether the status allows no body.
    func responseHead(for reply: Reply) -> (head: HTTPResponse, bodiless: Bool) {
        var fields = reply.fields
        fields.append(contentsOf: commonFields)
        let bodiless = reply.status == .noContent || reply.status == .notModified || reply.status.code < 200
        if !bodiless && !reply.answersHead { fields[.contentLength] = String(reply.bodyCount) }
        if reply.closesConnection { fields[.connection] = "close" }
        return (HTTPResponse(status: reply.status, headerFields: fields), bodiless)
    }

    /// Whether an answer of `count` bytes is offered to ``compress(_:for:fields:)`` for `request` (large enough, and
    /// the client names codings; it may still accept none the server has).
    func compresses(_ count: Int, for request: Request) -> Bool {
        settings.compression && count >= settings.compressionThreshold && request.headers[.acceptEncoding] != nil
    }

    /// Compresses a body for a client that accepts gzip or deflate, when it is large enough to be worth it.
    func compress(_ body: [UInt8], for request: Request, fields: inout HTTPFields) -> [UInt8] {
        guard compresses(body.count, for: request), let accept = request.headers[.acceptEncoding]?.lowercased()
        else { return body }
        let codings = accept.split(separator: ",").compactMap { item -> String? in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = parts.first, !name.isEmpty else { return nil }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0 ? name : nil
        }
        let algorithm: CompressionAlgorithm
        let name: String
        if codings.contains("gzip") || codings.contains("x-gzip") {
            algorithm = .gzip()
            name = "gzip"
        } else if codings.contains("deflate") {
            algorithm = .zlib()
            name = "deflate"
        } else {
            return body
        }
        var buffer = ByteBuffer(bytes: body)
        guard let compressed = try? buffer.compress(with: algorithm) else { return body }
        fields[.contentEncoding] = name
        fields[.vary] = "Accept-Encoding"
        return Array(compressed.readableBytesView)
    }
}
#endif
