import CourierPrimitives
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// What bounds the live-delivery figures: a server that keeps one in-memory log, holds SSE readers and long-polls
/// on swift-nio's HTTP/1.1 pipeline with no task, and on each append writes the new bytes to every held reader from
/// its event loop, one batch per loop, framed once. No storage, no validation, no headers but the offset: how fast
/// any server on this stack could deliver to this client on this machine.
@available(OS2023, *)
enum LiveFloor {
    static func run() async throws {
        let board = Board()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.backlog, value: 1024)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(LiveFloorHandler(board: board))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        FileHandle.standardOutput.write(Data("port \(channel.localAddress?.port ?? 0)\n".utf8))
        try await channel.closeFuture.get()
    }

    static func token(_ offset: Int) -> String { String(format: "%016ld", offset) }

    /// The log and the readers held at its tail.
    final class Board: Sendable {
        struct Reader: @unchecked Sendable {
            let context: ChannelHandlerContext
            let isSSE: Bool
        }

        private struct State {
            var log: [UInt8] = []
            var waiting: [Reader] = []
        }

        private let state = Locked(State())

        /// The log from `offset` and its tail; or, at the tail, holds `reader` until the next append.
        func read(from offset: Int, holding reader: Reader?) -> (bytes: ArraySlice<UInt8>, tail: Int)? {
            state.withLock { state in
                guard offset >= state.log.count else {
                    return (state.log[min(offset, state.log.count)...], state.log.count)
                }
                if let reader { state.waiting.append(reader) }
                return nil
            }
        }

        var tail: Int { state.withLock { $0.log.count } }

        /// Appends and writes the new bytes to every held reader (SSE readers stay held).
        func append(_ bytes: [UInt8]) -> Int {
            let (readers, tail) = state.withLock { state -> ([Reader], Int) in
                state.log += bytes
                let readers = state.waiting
                state.waiting = state.waiting.filter(\.isSSE)
                return (readers, state.log.count)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let event =
                "event: data\ndata: \(text)\n\nevent: control\ndata: {\"streamNextOffset\":\"\(token(tail))\"}\n\n"
            let chunk = ByteBuffer(string: event)
            let body = ByteBuffer(bytes: bytes)
            var batches: [ObjectIdentifier: (any EventLoop, [Reader])] = [:]
            for reader in readers {
                let loop = reader.context.eventLoop
                batches[ObjectIdentifier(loop), default: (loop, [])].1.append(reader)
            }
            for (loop, batch) in batches.values {
                loop.execute {
                    for reader in batch {
                        if reader.isSSE {
                            reader.context.writeAndFlush(
                                NIOAny(HTTPServerResponsePart.body(.byteBuffer(chunk))), promise: nil)
                        } else {
                            LiveFloorHandler.answer(reader.context, body: body, tail: tail)
                        }
                    }
                }
            }
            return tail
        }
    }
}

/// One connection of the live floor.
@available(OS2023, *)
private final class LiveFloorHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let board: LiveFloor.Board
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(board: LiveFloor.Board) {
        self.board = board
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(let part):
            body += part.readableBytesView
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let offset = head.uri.range(of: "offset=").flatMap { Int(head.uri[$0.upperBound...].prefix(16)) } ?? 0
        switch head.method {
        case .POST:
            let tail = board.append(body)
            Self.send(context, status: .ok, fields: [("Stream-Next-Offset", LiveFloor.token(tail))], body: nil)
        case .GET where head.uri.contains("live=sse"):
            let fields = HTTPHeaders([("Content-Type", "text/event-stream")])
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: fields))),
                promise: nil)
            let tail = board.tail
            let control = "event: control\ndata: {\"streamNextOffset\":\"\(LiveFloor.token(tail))\"}\n\n"
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: control)))), promise: nil)
            _ = board.read(from: Int.max, holding: .init(context: context, isSSE: true))
        case .GET:
            if let read = board.read(from: offset, holding: .init(context: context, isSSE: false)) {
                Self.answer(context, body: ByteBuffer(bytes: read.bytes), tail: read.tail)
            }
        default:
            let status: HTTPResponseStatus = head.method == .PUT ? .created : .ok
            Self.send(context, status: status, fields: [("Stream-Next-Offset", LiveFloor.token(board.tail))], body: nil)
        }
    }

    static func answer(_ context: ChannelHandlerContext, body: ByteBuffer, tail: Int) {
        send(context, status: .ok, fields: [("Stream-Next-Offset", LiveFloor.token(tail))], body: body)
    }

    private static func send(
        _ context: ChannelHandlerContext, status: HTTPResponseStatus, fields: [(String, String)], body: ByteBuffer?
    ) {
        let headers = HTTPHeaders(fields + [("Content-Length", String(body?.readableBytes ?? 0))])
        context.write(
            NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
            promise: nil)
        if let body { context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
    }
}
