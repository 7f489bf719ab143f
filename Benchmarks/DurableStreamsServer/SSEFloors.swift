import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(HummingbirdCore)
import HummingbirdCore
#endif

/// Servers that hold idle SSE responses and do nothing else: what bounds the memory of an idle SSE reader. Each
/// answers a `PUT` with `201`, and a `GET` with `live=sse` with an event stream whose only event is a `control`
/// event, then keeps the response open; the benchmark's idle measure opens them as it opens ours.
@available(OS2023, *)
enum SSEFloors {
    static let controlEvent = "event: control\ndata: {\"streamNextOffset\":\"0\"}\n\n"

    /// swift-nio's HTTP/1.1 pipeline and one handler answering on the event loop: no task per connection or per
    /// request, so an idle connection costs the channel, its pipeline and its buffers only.
    static func runTaskless() async throws {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.backlog, value: 1024)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(IdleSSEHandler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        FileHandle.standardOutput.write(Data("port \(channel.localAddress?.port ?? 0)\n".utf8))
        try await channel.closeFuture.get()
    }

    /// HummingbirdCore's server with its own HTTP/1 channel (as ours ran until its connections stopped holding a
    /// task): a task per connection, and each SSE response held by its responder, which waits until the process ends.
    static func runHummingbird() async throws {
        #if canImport(HummingbirdCore)
        let server = Server(
            childChannelSetup: HTTP1Channel(responder: { request, writer, _ in
                guard request.head.path?.contains("live=sse") == true else {
                    let status: HTTPResponse.Status = request.method == .put ? .created : .ok
                    try await writer.writeResponse(HTTPResponse(status: status, headerFields: [.contentLength: "0"]))
                    return
                }
                var body = try await writer.writeHead(
                    HTTPResponse(status: .ok, headerFields: [.contentType: "text/event-stream"]))
                try await body.write(ByteBuffer(string: controlEvent))
                try await Task.sleep(for: .seconds(86_400))
            }),
            configuration: ServerConfiguration(address: .hostname("127.0.0.1", port: 0), backlog: 1024),
            onServerRunning: { channel in
                FileHandle.standardOutput.write(Data("port \(channel.localAddress?.port ?? 0)\n".utf8))
            },
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: Logger(label: "hummingbird-floor")
        )
        try await server.run()
        #else
        throw BenchmarkError("HummingbirdCore is built on Linux and macOS only")
        #endif
    }
}

/// Answers each request on the event loop: an event stream that stays open for `live=sse`, `201` or `200`
/// with no body otherwise.
private final class IdleSSEHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var head: HTTPRequestHead?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            if head.uri.contains("live=sse") {
                let fields = HTTPHeaders([("Content-Type", "text/event-stream")])
                context.write(
                    wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: fields))),
                    promise: nil)
                let event = context.channel.allocator.buffer(string: SSEFloors.controlEvent)
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(event))), promise: nil)
            } else {
                let status: HTTPResponseStatus = head.method == .PUT ? .created : .ok
                let fields = HTTPHeaders([("Content-Length", "0")])
                context.write(
                    wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: fields))),
                    promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
            self.head = nil
        }
    }
}
