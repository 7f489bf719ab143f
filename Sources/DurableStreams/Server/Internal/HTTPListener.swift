import DurableStreamsStorage
import Logging

#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import HummingbirdCore
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The HTTP/1.1 side of the server: Hummingbird's server running ``StreamHTTPHandler`` on the configured address.
///
/// Hummingbird exists on Linux and macOS only (the package declares it for those platforms, so that the client
/// libraries keep their lower iOS and tvOS floors); elsewhere ``start(storage:liveWaits:configuration:)`` fails.
@available(OS2023, *)
struct HTTPListener: Sendable {
    let port: Int
    private let server: Server<HTTP1StreamChannel>
    private let task: Task<Void, Never>
    private let connections: HTTP1Server
    private let fanOut: SSEFanOut
    private let longPolls: LongPollFanOut

    /// Binds the address and starts serving; returns once the socket is bound.
    static func start(
        storage: any StreamStorage, liveWaits: LiveWaits, configuration: DurableStreamsServer.Configuration,
        root: StreamRoot, subscriptions: SubscriptionManager?, console: ConsoleAccess?
    ) async throws(StartSignal.Failure) -> HTTPListener {
        let handler = StreamHTTPHandler(
            storage: storage,
            settings: .init(configuration, root: root),
            liveWaits: liveWaits,
            subscriptions: subscriptions,
            console: console,
            logger: configuration.logger
        )
        let started = StartSignal()
        let (responder, immediateResponder) = responders(handler, configuration: configuration)
        let connections = HTTP1Server(
            responder: responder,
            immediateResponder: immediateResponder,
            idleTimeout: configuration.idleTimeout,
            logger: configuration.logger
        )
        let server = Server(
            childChannelSetup: HTTP1StreamChannel(server: connections),
            configuration: ServerConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: nil,
                backlog: 1024
            ),
            onServerRunning: { channel in
                let logger = AcceptErrorLogger(logger: configuration.logger)
                channel.pipeline.addHandler(logger, position: .first).whenComplete { _ in
                    started.succeed(channel.localAddress?.port ?? configuration.port)
                }
            },
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: configuration.logger
        )
        // Detached: a service group's graceful shutdown reaches the server through `stop()` only, which ends
        // live reads before Hummingbird stops accepting.
        let task = Task.detached {
            do {
                try await server.run()
                started.fail("the server stopped before it started")
            } catch {
                // The system's reason (`Address already in use`), not swift-nio's description of the call.
                let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
                started.fail("cannot listen on \(configuration.host):\(configuration.port): \(reason)")
            }
        }
        switch await started.value {
        case .success(let port):
            return HTTPListener(
                port: port, server: server, task: task, connections: connections, fanOut: handler.fanOut,
                longPolls: handler.longPolls)
        case .failure(let failure):
            await task.value
            throw failure
        }
    }

    /// What answers each request, and, when the store never waits, each small append and long-poll on its
    /// connection's event loop: the handler, behind ``FaultInjectingResponder`` when fault injection is on.
    private static func responders(_ handler: StreamHTTPHandler, configuration: DurableStreamsServer.Configuration)
        -> (HTTP1Server.Responder, HTTP1Server.ImmediateResponder?)
    {
        let immediate = handler.operations.immediateStorage != nil
        guard configuration.faultInjection else {
            let responder: HTTP1Server.Responder = { request, writer, channel in
                try await handler.handle(request, writer, channel)
            }
            let answerNow: HTTP1Server.ImmediateResponder = { request, body in handler.answerNow(request, body: body) }
            return (responder, immediate ? answerNow : nil)
        }
        let injecting = FaultInjectingResponder(
            handler: handler, faults: FaultInjector(shared: configuration.sharedFaults))
        let responder: HTTP1Server.Responder = { request, writer, channel in
            try await injecting.handle(request, writer, channel)
        }
        let answerNow: HTTP1Server.ImmediateResponder = { request, body in injecting.answerNow(request, body: body) }
        return (responder, immediate ? answerNow : nil)
    }

    /// Ends the SSE readers' responses and answers the waiting long-polls, stops accepting, lets requests in
    /// progress finish (at most 10 s), then closes every connection and waits for the handlers still running.
    func shutdown() async {
        fanOut.stop()
        longPolls.stop()
        let task = self.task
        let connections = self.connections
        let grace = Task {
            try? await Task.sleep(for: .seconds(10))
            connections.closeAll()
            task.cancel()
        }
        try? await server.shutdownGracefully()
        await task.value
        // Handlers whose connections closed may still be running (a client that left mid-request).
        await connections.stopWorkers()
        grace.cancel()
    }
}

@available(OS2023, *)
extension StreamHTTPHandler.Settings {
    /// The handler's settings, resolved from the server's configuration.
    init(_ configuration: DurableStreamsServer.Configuration, root: StreamRoot) {
        self.init(
            root: root,
            longPollTimeout: configuration.longPollTimeout,
            sseKeepAliveInterval: configuration.sseKeepAliveInterval ?? configuration.longPollTimeout,
            sseConnectionLifetime: configuration.sseConnectionLifetime,
            maximumBodyBytes: configuration.maximumBodyBytes,
            maximumReadBytes: configuration.maximumReadBytes,
            bodyTimeout: configuration.bodyTimeout,
            compression: configuration.compression,
            compressionThreshold: configuration.compressionThreshold,
            readCacheControl: ReadCacheControl(
                visibility: configuration.cacheVisibility == .noStore ? nil : configuration.cacheVisibility.rawValue),
            cursor: ResponseCursor(interval: configuration.cursorInterval)
        )
    }
}
#else
/// Where Hummingbird does not exist (iOS, tvOS, watchOS), the server cannot listen: starting it fails.
@available(OS2023, *)
struct HTTPListener: Sendable {
    let port: Int

    static func start(
        storage: any StreamStorage, liveWaits: LiveWaits, configuration: DurableStreamsServer.Configuration,
        root: StreamRoot, subscriptions: SubscriptionManager?, console: ConsoleAccess?
    ) async throws(StartSignal.Failure) -> HTTPListener {
        throw StartSignal.Failure(message: "the Durable Streams server listens on Linux and macOS only")
    }

    func shutdown() async {}
}
#endif
