import CourierPrimitives
import NIOCore
import NIOHTTP1
import NIOPosix

/// A webhook endpoint on 127.0.0.1 with an ephemeral port: records every request (head and body) and answers with
/// what `respond` says for it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class WebhookEndpoint: Sendable {
    struct Delivery: Sendable {
        let head: HTTPRequestHead
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    typealias Responder = @Sendable (_ index: Int, _ delivery: Delivery) -> (status: Int, body: String)

    let port: Int
    /// Every delivery, in order.
    let received = Locked<[Delivery]>([])
    /// The number of deliveries so far, each time it grows.
    let count = Broadcast<Int>(replayLatest: true)
    private let server: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
    private let accepting: Task<Void, Never>

    init(respond: @escaping Responder) async throws {
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
        let received = self.received
        let count = self.count
        accepting = Task { [server] in
            try? await server.executeThenClose { connections in
                await withDiscardingTaskGroup { group in
                    do {
                        for try await connection in connections {
                            group.addTask {
                                await Self.serve(connection, received: received, count: count, respond: respond)
                            }
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
        received: Locked<[Delivery]>, count: Broadcast<Int>, respond: Responder
    ) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body: [UInt8] = []
            for try await part in inbound {
                switch part {
                case .head(let value):
                    head = value
                    body = []
                case .body(let buffer):
                    body += buffer.readableBytesView
                case .end:
                    guard let head else { continue }
                    let delivery = Delivery(head: head, body: body)
                    let index = received.withLock { list in
                        list.append(delivery)
                        return list.count
                    }
                    let (status, text) = respond(index - 1, delivery)
                    var headers = HTTPHeaders()
                    headers.add(name: "Content-Type", value: "application/json")
                    headers.add(name: "Content-Length", value: String(text.utf8.count))
                    try await outbound.write(
                        .head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: headers)))
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(string: text))))
                    try await outbound.write(.end(nil))
                    count.send(index)
                }
            }
        }
    }
}
