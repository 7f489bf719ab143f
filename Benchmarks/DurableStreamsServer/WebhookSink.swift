import NIOCore
import NIOHTTP1
import NIOPosix

/// A webhook endpoint on 127.0.0.1 (an ephemeral port) that answers every delivery `{"done": true}` at once and
/// reports the instant each one arrived.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class WebhookSink: Sendable {
    let port: Int
    /// The arrival instant of each delivery.
    let arrivals: AsyncStream<ContinuousClock.Instant>
    private let server: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
    private let accepting: Task<Void, Never>

    init() async throws {
        let (arrivals, continuation) = AsyncStream.makeStream(of: ContinuousClock.Instant.self)
        self.arrivals = arrivals
        server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        port = server.channel.localAddress?.port ?? 0
        accepting = Task { [server] in
            try? await server.executeThenClose { connections in
                await withDiscardingTaskGroup { group in
                    do {
                        for try await connection in connections {
                            group.addTask { await Self.serve(connection, continuation) }
                        }
                    } catch {}
                }
            }
        }
    }

    var url: String { "http://127.0.0.1:\(port)/hook" }

    func stop() async {
        try? await server.channel.close()
        accepting.cancel()
    }

    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
        _ arrivals: AsyncStream<ContinuousClock.Instant>.Continuation
    ) async {
        let reply = ByteBuffer(string: #"{"done":true}"#)
        try? await connection.executeThenClose { inbound, outbound in
            for try await part in inbound {
                guard case .end = part else { continue }
                arrivals.yield(.now)
                var headers = HTTPHeaders()
                headers.add(name: "Content-Type", value: "application/json")
                headers.add(name: "Content-Length", value: String(reply.readableBytes))
                try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)))
                try await outbound.write(.body(.byteBuffer(reply)))
                try await outbound.write(.end(nil))
            }
        }
    }
}
