import CourierPrimitives
public import Foundation

/// Drives a SundialKit 1.x ``ConnectivitySession`` as a ``ConnectivityManagedSession``, so that a 1.x-style
/// custom session works with ``ConnectivityManager`` and everything built on it.
///
/// The adapter becomes the 1.x session's delegate (again at every ``activate()``, as 1.x's observer did) and
/// forwards each event to its own ``delegate`` at once, on the thread the session used. Payloads pass through
/// unchanged in both directions. A 1.x session has no bytes, user-info or file transfers: those fail with
/// `ConnectivityError.invalidParameter(_:)`. Errors the session reports that are not `ConnectivityError`s
/// become `ConnectivityError.activationFailed(_:)` (activation) or `ConnectivityError.deliveryFailed` (sends).
///
/// ```swift
/// let manager = ConnectivityManager(session: ConnectivitySessionAdapter(MySessionFake()))
/// ```
public final class ConnectivitySessionAdapter: ConnectivityManagedSession, @unchecked Sendable {
    // `@unchecked`: the mutable state is behind a lock; the 1.x session is used as 1.x used it, from the
    // threads its caller and its own callbacks use.
    struct State {
        weak var delegate: (any ConnectivityManagedSessionDelegate)?
        var receivedApplicationContext: ConnectivityMessage = [:]
        var listeners: [WeakListener] = []
    }

    struct WeakListener {
        weak var value: (any ConnectivitySessionDelegate)?
    }

    /// The 1.x session this adapter drives.
    public let session: any ConnectivitySession

    let state = Locked(State())
    private let bridge = ConnectivitySessionBridge()

    /// Wraps a 1.x session and becomes its delegate.
    /// - Parameter session: The session to drive.
    public init(_ session: any ConnectivitySession) {
        self.session = session
        bridge.adapter = self
        session.delegate = bridge
    }

    /// Receives the session's events (held weakly).
    public var delegate: (any ConnectivityManagedSessionDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// The session's activation state.
    public var activationState: ActivationState { session.activationState }

    /// Whether the session's counterpart is reachable.
    public var isReachable: Bool { session.isReachable }

    /// Whether the session reports a paired watch.
    public var isPaired: Bool { session.isPaired }

    /// Whether the session reports the counterpart app installed.
    public var isPairedAppInstalled: Bool { session.isPairedAppInstalled }

    /// The latest application context the session delivered (empty if none).
    public var receivedApplicationContext: ConnectivityMessage {
        state.withLock { $0.receivedApplicationContext }
    }

    /// Becomes the session's delegate again and activates it.
    /// - Throws: The session's `ConnectivityError`, or `ConnectivityError.activationFailed(_:)` for another error.
    public func activate() throws(ConnectivityError) {
        session.delegate = bridge
        do {
            try session.activate()
        } catch {
            throw error as? ConnectivityError ?? .activationFailed(String(describing: error))
        }
    }

    /// Sends through the session's 1.x `sendMessage(_:_:)`.
    public func sendMessage(
        _ message: ConnectivityMessage,
        replyHandler: @escaping @Sendable (ConnectivityMessage) -> Void,
        errorHandler: @escaping @Sendable (ConnectivityError) -> Void
    ) {
        session.sendMessage(message) { result in
            switch result {
            case .success(let reply): replyHandler(reply)
            case .failure(let error): errorHandler(error as? ConnectivityError ?? .deliveryFailed)
            }
        }
    }

    /// Fails: a 1.x session has no bytes transport.
    public func sendMessageData(
        _ data: Data,
        replyHandler: @escaping @Sendable (Data) -> Void,
        errorHandler: @escaping @Sendable (ConnectivityError) -> Void
    ) {
        errorHandler(Self.unsupported("sendMessageData"))
    }

    /// Replaces the application context through the session.
    /// - Throws: The session's `ConnectivityError`, or `ConnectivityError.deliveryFailed` for another error.
    public func updateApplicationContext(_ context: ConnectivityMessage) throws(ConnectivityError) {
        do {
            try session.updateApplicationContext(context)
        } catch {
            throw error as? ConnectivityError ?? .deliveryFailed
        }
    }

    /// Fails: a 1.x session has no user-info transfers.
    public func transferUserInfo(_ userInfo: ConnectivityMessage) throws(ConnectivityError) {
        throw Self.unsupported("transferUserInfo")
    }

    /// Fails: a 1.x session has no complication transfers.
    public func transferCurrentComplicationUserInfo(_ userInfo: ConnectivityMessage) throws(ConnectivityError) {
        throw Self.unsupported("transferCurrentComplicationUserInfo")
    }

    /// Fails: a 1.x session has no file transfers.
    public func transferFile(_ file: URL, metadata: ConnectivityMessage?) throws(ConnectivityError) {
        throw Self.unsupported("transferFile")
    }

    /// Also tells `listener` (held weakly) each 1.x event, after this adapter's ``delegate``. Live messages go to
    /// the listeners only, with the session's own reply handler, as 1.x delivered them.
    package func addListener(_ listener: any ConnectivitySessionDelegate) {
        state.withLock { state in
            state.listeners.removeAll { $0.value == nil }
            state.listeners.append(WeakListener(value: listener))
        }
    }

    /// The delegate and the listeners, for one event.
    func recipients() -> (
        delegate: (any ConnectivityManagedSessionDelegate)?, listeners: [any ConnectivitySessionDelegate]
    ) {
        state.withLock { ($0.delegate, $0.listeners.compactMap(\.value)) }
    }

    private static func unsupported(_ operation: String) -> ConnectivityError {
        .invalidParameter("a SundialKit 1.x ConnectivitySession has no \(operation)")
    }
}
