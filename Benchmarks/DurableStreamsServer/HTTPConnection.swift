import NIOCore
import NIOHTTP1
import NIOPosix

/// A response read in full.
@available(OS2023, *)
struct HTTPResult {
    let status: Int
    let headers: HTTPHeaders
    let body: ByteBuffer
}

/// A minimal keep-alive HTTP/1.1 client connection for load generation: one request at a time, no pooling,
/// no redirects, no TLS — so the figures measure the server, not the client library.
@available(OS2023, *)
struct HTTPConnection: ~Copyable {
    private var inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    private let host: String

    /// Connects and runs `body` with the connection, closing it afterwards.
    static func with<Value>(
        port: Int,
        _ body: (inout HTTPConnection) async throws -> Value
    ) async throws -> Value {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel
                    )
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var connection = HTTPConnection(
                inbound: inbound.makeAsyncIterator(), outbound: outbound, host: "127.0.0.1:\(port)")
            return try await body(&connection)
        }
    }

    /// Sends a request and reads the whole response.
    mutating func send(_ method: HTTPMethod, _ uri: String, headers: [(String, String)] = [], body: ByteBuffer? = nil)
        async throws -> HTTPResult
    {
        try await sendHead(method, uri, headers: headers, body: body)
        guard case .head(let head) = try await inbound.next() else { throw BenchmarkError("expected a response head") }
        var collected = ByteBuffer()
        while let part = try await inbound.next() {
            switch part {
            case .body(var chunk): collected.writeBuffer(&chunk)
            case .end: return HTTPResult(status: Int(head.status.code), headers: head.headers, body: collected)
            case .head: throw BenchmarkError("unexpected response head")
            }
        }
        throw BenchmarkError("connection closed mid-response")
    }

    /// Sends a request and reads only the response head; read the body with ``nextChunk()``.
    mutating func open(_ uri: String) async throws -> Int {
        try await sendHead(.GET, uri, headers: [], body: nil)
        guard case .head(let head) = try await inbound.next() else { throw BenchmarkError("expected a response head") }
        return Int(head.status.code)
    }

    /// The next piece of a streaming response body, or `nil` at its end.
    mutating func nextChunk() async throws -> ByteBuffer? {
        switch try await inbound.next() {
        case .body(let chunk): return chunk
        case .end, .none: return nil
        case .head: throw BenchmarkError("unexpected response head")
        }
    }

    private func sendHead(_ method: HTTPMethod, _ uri: String, headers: [(String, String)], body: ByteBuffer?)
        async throws
    {
        var fields = HTTPHeaders([("Host", host)])
        for (name, value) in headers { fields.add(name: name, value: value) }
        if let body { fields.add(name: "Content-Length", value: String(body.readableBytes)) }
        var parts: [HTTPClientRequestPart] = [
            .head(HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: fields))
        ]
        if let body { parts.append(.body(.byteBuffer(body))) }
        parts.append(.end(nil))
        try await outbound.write(contentsOf: parts)
    }
}

/// A benchmark that could not run.
@available(OS2023, *)
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
