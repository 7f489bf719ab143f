import NIOCore
public import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 server on 127.0.0.1 with an ephemeral port, for tools, benchmarks and tests: hands each complete
/// request to a closure and writes the answer it returns (as `application/json`), keeping connections alive.
@available(OS2023, *)
public final class LoopbackHTTPServer: Sendable {
    /// A request read in full.
    public struct Request: Sendable {
        /// The request line and headers.
        public let head: HTTPRequestHead
        /// The body.
        public let body: [UInt8]
    }

    /// What to answer.
    public struct Answer: Sendable {
        /// The status code.
        public var status: Int
        /// The body.
        public var body: String
        /// Runs once the answer is written.
        public var afterwards: (@Sendable () -> Void)?

        /// An answer.
        public init(status: Int, body: String, afterwards: (@Sendable () -> Void)? = nil) {
            self.status = status
            self.body = body
            self.afterwards = afterwards
        }
    }

    /// The port the server listens on.
    public let port: Int
    private let server: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
    private let accepting: Task<Void, Never>

    /// Starts listening; `respond` is called for each request, concurrently across connections.
    public init(respond: @escaping @Sendable (Request) -> Answer) async throws {
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
                            group.addTask { await Self.serve(connection, respond) }
                        }
                    } catch {}
                }
            }
        }
    }

    /// Stops listening.
    public func stop() async {
        try? await server.channel.close()
        accepting.cancel()
    }

    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
        _ respond: @Sendable (Request) -> Answer
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
                    let answer = respond(Request(head: head, body: body))
                    var headers = HTTPHeaders()
                    headers.add(name: "Content-Type", value: "application/json")
                    headers.add(name: "Content-Length", value: String(answer.body.utf8.count))
                    try await outbound.write(
                        .head(
                            HTTPResponseHead(
                                version: .http1_1, status: .init(statusCode: answer.status), headers: headers)))
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(string: answer.body))))
                    try await outbound.write(.end(nil))
                    answer.afterwards?()
                }
            }
        }
    }
}
