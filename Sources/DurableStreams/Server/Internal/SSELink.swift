#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import NIOCore
import NIOHTTP1

/// One SSE reader's connection as the fan-out writes to it: straight into the socket's side of the HTTP
/// encoder, as ready-framed chunks of the response's chunked body, with no task of its own.
///
/// Everything but the event loop is used on the connection's event loop only. Writes and the end of the
/// reader's response are ordered there: once ``end()`` ran, no write reaches the connection, so the response's
/// last chunk, which the reader's request handler writes after it is resumed, is the last thing sent.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class SSELink: Sendable {
    private struct State {
        /// The HTTP encoder's context: writes from it go to the socket as they are.
        let context: ChannelHandlerContext
        /// Resumes the reader's request handler, once.
        var continuation: CheckedContinuation<Void, Never>?
    }

    /// The reader's number in the fan-out.
    let id: UInt64
    /// The stream the reader follows.
    let stream: StreamPath
    let eventLoop: any EventLoop
    private let state: NIOLoopBoundBox<State>

    /// Links a connection whose response head was written (on its event loop); `nil` when its pipeline has no
    /// HTTP/1 encoder.
    init?(id: UInt64, stream: StreamPath, channel: any Channel, continuation: CheckedContinuation<Void, Never>) {
        channel.eventLoop.preconditionInEventLoop()
        guard let context = try? channel.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
        else { return nil }
        self.id = id
        self.stream = stream
        eventLoop = channel.eventLoop
        state = NIOLoopBoundBox(State(context: context, continuation: continuation), eventLoop: channel.eventLoop)
    }

    /// Writes a chunk (on the event loop), unless the reader's response has ended. When the connection has
    /// more queued than its high-water mark, the chunk is queued all the same, the fan-out hears that the
    /// reader is blocked, and then that it drained once everything queued is written.
    func write(_ chunk: ByteBuffer, for fanOut: SSEFanOut) {
        let state = self.state.value
        guard state.continuation != nil else { return }
        let context = state.context
        if context.channel.isWritable {
            context.writeAndFlush(NIOAny(chunk), promise: nil)
            return
        }
        fanOut.blocked(self)
        let promise = eventLoop.makePromise(of: Void.self)
        promise.futureResult.whenComplete { _ in fanOut.drained(self) }
        context.writeAndFlush(NIOAny(chunk), promise: promise)
    }

    /// Ends the reader's response (on the event loop): nothing more is written, and its request handler
    /// resumes to write the response's end.
    func end() {
        let continuation = state.value.continuation
        state.value.continuation = nil
        continuation?.resume()
    }

    /// Ends the reader's response from any thread, after the writes already handed to the event loop.
    func endSoon() {
        if eventLoop.inEventLoop {
            end()
        } else {
            eventLoop.execute { self.end() }
        }
    }
}
#endif
