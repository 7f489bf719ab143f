#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore

/// What every connection of a server shares: the request handler, the idle timeout, the log, and the open
/// connections, so that a stop whose grace period ran out can close them (no task waits on a connection to
/// be cancelled).
@available(OS2023, *)
final class HTTP1Server: Sendable {
    typealias Responder = @Sendable (Request, consuming HTTP1ResponseWriter, any Channel) async throws -> Void
    /// Answers a request whose whole body (given) has arrived, on the connection's event loop, or returns `nil` to
    /// leave it to the ``Responder``. It must not block: every connection of the loop waits while it runs.
    typealias ImmediateResponder = @Sendable (Request, ByteBuffer) -> ImmediateAnswer?

    /// What the ``ImmediateResponder`` made of a request.
    enum ImmediateAnswer {
        /// A complete response, written as it is.
        case response(HTTPResponse, body: ByteBuffer?)
        /// The response goes to another writer (a long-poll waiter's), started with the connection's link once the
        /// connection has handed the response off.
        case handOff(@Sendable (HTTP1ResponseLink) -> Void)
    }

    let responder: Responder
    /// Tried first for each request that ``HTTP1ConnectionState/answersOnArrival(_:)`` picks.
    let immediateResponder: ImmediateResponder?
    /// How long a connection with no request in progress stays open.
    let idleTimeout: Duration?
    let logger: Logger
    /// The tasks that run the handlers.
    let workers = RequestWorkers()
    private let connections = Locked([ObjectIdentifier: any Channel]())

    init(
        responder: @escaping Responder, immediateResponder: ImmediateResponder? = nil, idleTimeout: Duration?,
        logger: Logger
    ) {
        self.responder = responder
        self.immediateResponder = immediateResponder
        self.idleTimeout = idleTimeout
        self.logger = logger
    }

    func opened(_ channel: any Channel) {
        connections.withLock { $0[ObjectIdentifier(channel)] = channel }
    }

    func closed(_ channel: any Channel) {
        _ = connections.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Waits for the request handlers still running (their connections are closed), then ends the tasks waiting
    /// for requests.
    func stopWorkers() async {
        await workers.drain()
        workers.stop()
    }

    /// Closes every open connection.
    func closeAll() {
        let open = connections.withLock { Array($0.values) }
        for channel in open { channel.close(promise: nil) }
    }
}
#endif
