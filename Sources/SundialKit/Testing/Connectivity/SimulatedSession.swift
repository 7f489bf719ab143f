public import Foundation
public import SundialKitConnectivity

/// One side of a ``PairedSessions`` pair: a `ConnectivityManagedSession` that behaves like `WCSession`.
///
/// Delegate callbacks arrive on this session's own serial queue, in order.
@available(OS2019, *)
public final class SimulatedSession: ConnectivityManagedSession {
    /// Which device this session plays.
    public let side: PairedSessions.Side

    private let link: PairLink

    init(side: PairedSessions.Side, link: PairLink) {
        self.side = side
        self.link = link
    }

    /// Receives the session's events (held weakly).
    public var delegate: (any ConnectivityManagedSessionDelegate)? {
        get { link.delegate(of: side) }
        set { link.setDelegate(newValue, of: side) }
    }

    /// The activation state.
    public var activationState: ActivationState {
        link.read { $0[side].activation }
    }

    /// Whether the counterpart can receive live messages now.
    public var isReachable: Bool {
        link.read { $0.isReachable(side) }
    }

    /// Whether a watch is paired; always `true` on the watch.
    public var isPaired: Bool {
        link.read { side == .watch || $0.isPaired }
    }

    /// Whether the counterpart app is installed.
    public var isPairedAppInstalled: Bool {
        link.read { $0.isCounterpartInstalled(for: side) }
    }

    /// The latest application context received.
    public var receivedApplicationContext: ConnectivityMessage {
        link.read { $0[side].receivedContext }
    }

    /// The latest application context this side sent.
    public var applicationContext: ConnectivityMessage {
        link.read { $0[side].sentContext }
    }

    /// Starts activation; the outcome is reported to the delegate.
    public func activate() throws(ConnectivityError) {
        try link.activate(side)
    }

    /// Sends a live message to the counterpart.
    public func sendMessage(
        _ message: ConnectivityMessage,
        replyHandler: @escaping @Sendable (ConnectivityMessage) -> Void,
        errorHandler: @escaping @Sendable (ConnectivityError) -> Void
    ) {
        link.sendLive(from: side, payload: .dictionary(message), transport: .message) { reply in
            if case .dictionary(let reply) = reply {
                replyHandler(reply)
            } else {
                errorHandler(.messageReplyFailed)
            }
        } onError: {
            errorHandler($0)
        }
    }

    /// Sends live bytes to the counterpart.
    public func sendMessageData(
        _ data: Data,
        replyHandler: @escaping @Sendable (Data) -> Void,
        errorHandler: @escaping @Sendable (ConnectivityError) -> Void
    ) {
        link.sendLive(from: side, payload: .data(data), transport: .data) { reply in
            if case .data(let reply) = reply {
                replyHandler(reply)
            } else {
                errorHandler(.messageReplyFailed)
            }
        } onError: {
            errorHandler($0)
        }
    }

    /// Replaces the application context; delivered when the counterpart is reachable.
    public func updateApplicationContext(_ context: ConnectivityMessage) throws(ConnectivityError) {
        try link.updateApplicationContext(context, from: side)
    }

    /// Queues a user-info transfer.
    public func transferUserInfo(_ userInfo: ConnectivityMessage) throws(ConnectivityError) {
        try link.enqueue(.userInfo(userInfo), transport: .userInfo, from: side)
    }

    /// Queues a complication user-info transfer (iPhone only).
    public func transferCurrentComplicationUserInfo(_ userInfo: ConnectivityMessage) throws(ConnectivityError) {
        try link.enqueue(.userInfo(userInfo), transport: .currentUserInfo, from: side)
    }

    /// Queues a file transfer; the file is copied now, so the caller may delete it.
    public func transferFile(_ file: URL, metadata: ConnectivityMessage?) throws(ConnectivityError) {
        try link.enqueueFile(file, metadata: metadata, from: side)
    }
}
