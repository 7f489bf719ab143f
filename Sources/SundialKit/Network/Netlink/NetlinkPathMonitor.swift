#if os(Linux)
import CourierPrimitives
public import Dispatch
public import SundialKitCore

#if SundialKitLogging
public import Logging
#endif

/// A `PathMonitor` for Linux over rtnetlink (`AF_NETLINK`, `NETLINK_ROUTE`).
///
/// It reads the kernel's links, addresses and routes once when started, then follows link, address and route
/// changes as the kernel announces them (a blocking read on a dedicated thread: no polling). A path is satisfied
/// when an interface that is up with a carrier has a routable address and a default route; interface kinds come
/// from netlink and `/sys/class/net/<name>` (`wireless/`, `uevent` `DEVTYPE`). See ``NetlinkPath``.
///
/// Paths are delivered in order on the queue given to ``start(queue:)``, only when they change, starting with the
/// current one. Malformed netlink input is skipped and logged. ``cancel()`` stops deliveries at once (a path
/// already queued is dropped) and the monitor can be started again.
public final class NetlinkPathMonitor: FailureReportingPathMonitor, Sendable {
    /// Paths are ``NetlinkPath``s.
    public typealias PathType = NetlinkPath

    private struct State {
        var handler: (@Sendable (NetlinkPath) -> Void)?
        var failureHandler: (@Sendable (NetworkError) -> Void)?
        var spareSocket: NetlinkSocket?
        var reader: NetlinkReader?
        var session: UInt64 = 0
        var latest: NetlinkPath?
    }

    private let state: Locked<State>
    private let logger: NetlinkLog
    private let openSocket: @Sendable () throws(NetworkError) -> NetlinkSocket
    /// Told each time the reader queues a path for delivery (tests await it instead of waiting blindly).
    let pathQueued = Broadcast<Void>(replayLatest: true)

    #if SundialKitLogging
    /// Opens a netlink socket for the monitor.
    /// - Parameter logger: Where skipped input and failures are logged.
    /// - Throws: `NetworkError.monitoringUnavailable(reason:)` if netlink cannot be opened.
    public convenience init(logger: Logger = Logger(label: "SundialKit.NetlinkPathMonitor")) throws(NetworkError) {
        try self.init(logger: logger, openSocket: NetlinkSocket.open)
    }

    convenience init(
        logger: Logger,
        openSocket: @escaping @Sendable () throws(NetworkError) -> NetlinkSocket
    ) throws(NetworkError) {
        try self.init(log: NetlinkLog(logger: logger), openSocket: openSocket)
    }
    #else
    /// Opens a netlink socket for the monitor. Skipped input and failures are logged with Courier's package trait
    /// SundialKitLogging (`init(logger:)`); failures reach the failure handler either way.
    /// - Throws: `NetworkError.monitoringUnavailable(reason:)` if netlink cannot be opened.
    public convenience init() throws(NetworkError) {
        try self.init(log: NetlinkLog(), openSocket: NetlinkSocket.open)
    }
    #endif

    init(
        log: NetlinkLog,
        openSocket: @escaping @Sendable () throws(NetworkError) -> NetlinkSocket
    ) throws(NetworkError) {
        self.logger = log
        self.openSocket = openSocket
        self.state = Locked(State(spareSocket: try openSocket()))
    }

    deinit {
        let (reader, spare) = state.withLock { ($0.reader, $0.spareSocket) }
        reader?.stop()
        spare?.close()
    }

    /// The latest path delivered, if any.
    public var currentPath: NetlinkPath? {
        state.withLock { $0.latest }
    }

    /// Sets the handler told each new path.
    public func onPathUpdate(_ handler: @escaping @Sendable (NetlinkPath) -> Void) {
        state.withLock { $0.handler = handler }
    }

    /// Sets the handler told when reading netlink fails (the monitor then stops).
    public func onFailure(_ handler: @escaping @Sendable (NetworkError) -> Void) {
        state.withLock { $0.failureHandler = handler }
    }

    /// Starts reading netlink; paths arrive in order on `queue`. Starting a started monitor does nothing.
    public func start(queue: DispatchQueue) {
        let delivery = DispatchQueue(label: "SundialKit.NetlinkPathMonitor", target: queue)
        enum Start {
            case running
            case started(NetlinkReader, UInt64)
            case failed(NetworkError, (@Sendable (NetworkError) -> Void)?)
        }
        let outcome = state.withLock { state -> Start in
            guard state.reader == nil else { return .running }
            let socket: NetlinkSocket
            if let spare = state.spareSocket {
                socket = spare
                state.spareSocket = nil
            } else {
                do throws(NetworkError) {
                    socket = try openSocket()
                } catch {
                    return .failed(error, state.failureHandler)
                }
            }
            let reader = NetlinkReader(socket: socket, logger: logger)
            state.reader = reader
            state.session &+= 1
            return .started(reader, state.session)
        }
        switch outcome {
        case .running:
            return
        case .failed(let error, let handler):
            logger.error("cannot start netlink monitoring", metadata: ["error": "\(error)"])
            delivery.async { handler?(error) }
        case .started(let reader, let session):
            reader.start(
                publish: { [weak self] path in
                    delivery.async { [weak self] in self?.deliver(path, session: session) }
                    self?.pathQueued.send(())
                },
                fail: { [weak self] error in
                    delivery.async { [weak self] in self?.deliverFailure(error, session: session) }
                }
            )
        }
    }

    /// Stops reading netlink. Paths not yet delivered are dropped.
    public func cancel() {
        let reader = state.withLock { state -> NetlinkReader? in
            defer {
                state.reader = nil
                state.session &+= 1
            }
            return state.reader
        }
        reader?.stop()
    }

    private func deliver(_ path: NetlinkPath, session: UInt64) {
        let handler = state.withLock { state -> (@Sendable (NetlinkPath) -> Void)? in
            guard state.session == session, state.reader != nil else { return nil }
            state.latest = path
            return state.handler
        }
        handler?(path)
    }

    private func deliverFailure(_ error: NetworkError, session: UInt64) {
        let handler = state.withLock { state -> (@Sendable (NetworkError) -> Void)? in
            guard state.session == session, state.reader != nil else { return nil }
            state.reader = nil
            state.session &+= 1
            return state.failureHandler
        }
        handler?(error)
    }
}
#endif
