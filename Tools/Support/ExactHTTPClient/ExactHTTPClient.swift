import CourierPrimitives
import CourierTooling
import NIOCore
public import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 client for tests and tools that must send requests exactly as written: kept-alive connections per
/// host, no redirects, no decompression, no default headers but `Host` and `Content-Length`, and the target sent
/// as given (a URL type would normalise it). On swift-nio alone, so it builds wherever the server does.
@available(OS2023, *)
public final class ExactHTTPClient: Sendable {
    /// A response whose status and headers have arrived; its body follows.
    public struct Response: Sendable {
        /// The status code.
        public let status: Int
        /// The header fields.
        public let headers: HTTPHeaders
        /// The body, as it arrives; it ends with the response.
        public let body: AsyncThrowingStream<[UInt8], any Error>
    }

    /// Creates a client with no connection yet.
    public init() {}

    private struct Endpoint: Hashable {
        let host: String
        let port: Int
    }

    private let idle = Locked<[Endpoint: [any Channel]]>([:])

    /// Sends a request and returns once the response's status and headers have arrived, within `timeout`.
    public func execute(
        _ method: HTTPMethod,
        _ url: String,
        headers: [(String, String)] = [],
        body: [UInt8]? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> Response {
        let (endpoint, target) = try Self.split(url)
        var fields = HTTPHeaders(headers)
        if !fields.contains(name: "Host") { fields.add(name: "Host", value: "\(endpoint.host):\(endpoint.port)") }
        if let body, !fields.contains(name: "Content-Length"), !fields.contains(name: "Transfer-Encoding") {
            fields.add(name: "Content-Length", value: String(body.count))
        }
        let head = HTTPRequestHead(version: .http1_1, method: method, uri: target, headers: fields)
        // No request is ever sent twice: a connection that fails fails the request, as a test expects.
        return try await withTimeout(timeout) {
            let channel: any Channel
            if let reused = self.takeIdle(endpoint) {
                channel = reused
            } else {
                channel = try await self.connect(endpoint)
            }
            return try await self.send(head, body, on: channel)
        }
    }

    /// Closes the idle connections; one still reading a response returns to the pool when the response ends.
    public func shutdown() async {
        let channels = idle.withLock { pool in
            defer { pool = [:] }
            return pool.values.flatMap { $0 }
        }
        for channel in channels { try? await channel.close() }
    }

    private func send(_ head: HTTPRequestHead, _ body: [UInt8]?, on channel: any Channel) async throws -> Response {
        let responseHead = channel.eventLoop.makePromise(of: HTTPResponseHead.self)
        let (stream, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        continuation.onTermination = { reason in
            if case .cancelled = reason { channel.close(promise: nil) }
        }
        let exchange = Exchange(head: head, body: body, responseHead: responseHead, responseBody: continuation)
        do {
            // Closing the connection fails the promise, so a cancelled wait (a timeout) ends at once.
            let received = try await withTaskCancellationHandler {
                try await channel.writeAndFlush(exchange).get()
                return try await responseHead.futureResult.get()
            } onCancel: {
                channel.close(promise: nil)
            }
            return Response(status: Int(received.status.code), headers: received.headers, body: stream)
        } catch {
            // A write that never reached the handler leaves both ends open: settle them (a second settlement
            // is ignored).
            responseHead.fail(error)
            continuation.finish(throwing: error)
            channel.close(promise: nil)
            throw error
        }
    }

    private func takeIdle(_ endpoint: Endpoint) -> (any Channel)? {
        idle.withLock { pool in
            while let channel = pool[endpoint]?.popLast() {
                if channel.isActive { return channel }
            }
            return nil
        }
    }

    private func connect(_ endpoint: Endpoint) async throws -> any Channel {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(
                        ExchangeHandler { [weak self] channel in self?.release(channel, to: endpoint) })
                }
            }
            .connect(host: endpoint.host, port: endpoint.port)
            .get()
    }

    private func release(_ channel: any Channel, to endpoint: Endpoint) {
        idle.withLock { $0[endpoint, default: []].append(channel) }
    }

    /// `http://host:port/target` → the endpoint and the target, exactly as written.
    private static func split(_ url: String) throws -> (Endpoint, String) {
        guard url.hasPrefix("http://") else { throw ExactHTTPClientError("not an http URL: \(url)") }
        let rest = url.dropFirst("http://".count)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let target = slash == rest.endIndex ? "/" : String(rest[slash...])
        guard let colon = authority.lastIndex(of: ":"),
            let port = Int(authority[authority.index(after: colon)...])
        else { return (Endpoint(host: String(authority), port: 80), target) }
        return (Endpoint(host: String(authority[..<colon]), port: port), target)
    }
}

/// One request and where its response goes.
@available(OS2023, *)
private struct Exchange: Sendable {
    let head: HTTPRequestHead
    let body: [UInt8]?
    let responseHead: EventLoopPromise<HTTPResponseHead>
    let responseBody: AsyncThrowingStream<[UInt8], any Error>.Continuation
}

/// Writes an ``Exchange``'s request and routes the response into it; hands the connection back for reuse when
/// the response ends and both sides keep it alive.
@available(OS2023, *)
private final class ExchangeHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = Exchange
    typealias OutboundOut = HTTPClientRequestPart

    private let reusable: (any Channel) -> Void
    private var current: Exchange?
    private var headArrived = false
    private var keepAlive = false

    init(reusable: @escaping (any Channel) -> Void) {
        self.reusable = reusable
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let exchange = unwrapOutboundIn(data)
        current = exchange
        headArrived = false
        keepAlive = exchange.head.isKeepAlive
        context.write(wrapOutboundOut(.head(exchange.head)), promise: nil)
        if let body = exchange.body, !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        }
        context.write(wrapOutboundOut(.end(nil)), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let exchange = current else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard head.status.code >= 200 else { return }
            headArrived = true
            keepAlive = keepAlive && head.isKeepAlive
            exchange.responseHead.succeed(head)
        case .body(let buffer):
            exchange.responseBody.yield(Array(buffer.readableBytesView))
        case .end:
            current = nil
            exchange.responseBody.finish()
            if keepAlive { reusable(context.channel) } else { context.close(promise: nil) }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(ExactHTTPClientError("the server closed the connection"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error)
        context.close(promise: nil)
    }

    private func fail(_ error: any Error) {
        guard let exchange = current else { return }
        current = nil
        if !headArrived { exchange.responseHead.fail(error) }
        exchange.responseBody.finish(throwing: error)
    }
}

/// A request that could not be sent or whose response did not arrive whole.
public struct ExactHTTPClientError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
