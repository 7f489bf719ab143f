#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import NIOCore
import NIOHTTP1

/// One SSE reader's connection as the fan-out writes to it: straight into the socket's side of the HTTP
/// encoder, as ready-framed chunks of the response's chunked body. The response was handed off by its
/// request's handler, whose task has ended: the reader costs its connection, this link and its entry in
/// ``SSEFollowers``.
///
/// `@unchecked Sendable`: everything but the constants is used on the connection's event loop only. Once
/// ``end()`` ran, no write reaches the connection: the response's end, which ``end()`` writes, is the last thing
/// sent.
@available(OS2023, *)
final class SSELink: HTTP1CloseObserver, @unchecked Sendable {
    /// The reader's number in the fan-out.
    let id: UInt64
    /// The stream the reader follows.
    let stream: StreamPath
    let eventLoop: any EventLoop
    /// When the request was made, for the log line once the response ends (kept only when debug lines are).
    let exchange: Exchange?
    private let fanOut: SSEFanOut
    /// The HTTP encoder's context: writes from it go to the socket as they are.
    private let context: ChannelHandlerContext
    private let connection: HTTP1Connection
    private var isEnded = false

    /// Links a connection whose response head was written, and observes its closing (on its event loop);
    /// `nil` when its pipeline has no HTTP/1 encoder.
    init?(id: UInt64, stream: StreamPath, response: HTTP1ResponseLink, exchange: Exchange?, fanOut: SSEFanOut) {
        let channel = response.channel
        channel.eventLoop.preconditionInEventLoop()
        guard let context = try? channel.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
        else { return nil }
        self.id = id
        self.stream = stream
        self.eventLoop = channel.eventLoop
        self.exchange = exchange
        self.fanOut = fanOut
        self.context = context
        self.connection = response.connection.value
        connection.closeObserver = self
    }

    /// Writes a chunk (on the event loop), unless the reader's response has ended. When the connection has
    /// more queued than its high-water mark, the chunk is queued all the same, the fan-out hears that the
    /// reader is blocked, and then that it drained once everything queued is written.
    func write(_ chunk: ByteBuffer) {
        guard !isEnded else { return }
        if context.channel.isWritable {
            context.writeAndFlush(NIOAny(chunk), promise: nil)
            return
        }
        let fanOut = self.fanOut
        fanOut.blocked(self)
        let promise = eventLoop.makePromise(of: Void.self)
        promise.futureResult.whenComplete { _ in fanOut.drained(self) }
        context.writeAndFlush(NIOAny(chunk), promise: promise)
    }

    /// Ends the reader's response (on the event loop): writes its end. `false` when it had ended already.
    func end() -> Bool {
        guard !isEnded else { return false }
        isEnded = true
        connection.closeObserver = nil
        connection.send(head: nil, body: nil, end: true, trailers: nil)
        return true
    }

    func connectionClosed() {
        fanOut.remove(self)
    }
}
#endif
