#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// How HummingbirdCore's server sets up each accepted connection: swift-nio's HTTP/1.1 codec and pipelining
/// handler (which also closes connections when the server drains), then ``HTTP1Connection``, which runs the
/// requests. Hummingbird binds, accepts and drains the server; no task stays with a connection.
@available(OS2023, *)
struct HTTP1StreamChannel: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let channel: any Channel
    }

    let server: HTTP1Server

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: true,
                withErrorHandling: false,  // HTTP1Connection answers malformed requests
                withOutboundHeaderValidation: false,  // HTTP types validate fields already
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: .init()
            )
            try pipeline.addHandler(HTTP1Connection(server: server))
            server.opened(channel)
            return Value(channel: channel)
        }
    }

    /// Nothing: the connection's handlers run its requests, each in a task of its own.
    func handle(value: Value, logger: Logger) async {}
}
#endif
