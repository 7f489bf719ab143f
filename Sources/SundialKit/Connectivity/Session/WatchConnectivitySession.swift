#if canImport(WatchConnectivity)
import CourierPrimitives
public import Foundation
import WatchConnectivity

/// The ``ConnectivityManagedSession`` backed by `WCSession.default` on iPhone and Apple Watch.
///
/// A thin adapter: it converts dictionaries to `Sendable` values, maps `WCError`s to
/// `ConnectivityError`, and forwards `WCSessionDelegate` callbacks on WatchConnectivity's queue. Reply
/// handlers are passed on unchanged; ``ConnectivityManager`` guarantees each is called exactly once.
///
/// `WCSession.default` has one delegate, so one instance at a time may drive it: while one is alive and
/// activated, ``activate()`` on another throws `ConnectivityError.sessionInUse` instead of taking the delegate.
public final class WatchConnectivitySession: NSObject, ConnectivityManagedSession,
    @unchecked Sendable
{
    // `@unchecked`: `session` is immutable and thread-safe; the delegate is behind a lock.
    private struct WeakDelegate {
        weak var value: (any ConnectivityManagedSessionDelegate)?
    }

    /// Who drives `WCSession.default`.
    private static let defaultSessionClaim = ExclusiveClaim()

    let session: WCSession
    private let storedDelegate = Locked(WeakDelegate())

    /// Wraps `WCSession.default`. The `WCSession` delegate is set in ``activate()``, so creating an
    /// instance has no side effect.
    override public init() {
        session = .default
        super.init()
    }

    deinit {
        Self.defaultSessionClaim.release(from: self)
    }

    /// Receives the session's events (held weakly).
    public var delegate: (any ConnectivityManagedSessionDelegate)? {
        get { storedDelegate.withLock { $0.value } }
        set { storedDelegate.withLock { $0.value = newValue } }
    }

    /// `WCSession.activationState`.
    public var activationState: ActivationState {
        ActivationState(rawValue: session.activationState.rawValue) ?? .notActivated
    }

    /// `WCSession.isReachable`.
    public var isReachable: Bool { session.isReachable }

    /// `WCSession.isPaired` on iPhone; `true` on the watch.
    public var isPaired: Bool {
        #if os(iOS)
        session.isPaired
        #else
        true
        #endif
    }

    /// `isWatchAppInstalled` on iPhone, `isCompanionAppInstalled` on the watch.
    public var isPairedAppInstalled: Bool {
        #if os(iOS)
        session.isWatchAppInstalled
        #else
        session.isCompanionAppInstalled
        #endif
    }

    /// `WCSession.receivedApplicationContext`.
    public var receivedApplicationContext: ConnectivityMessage {
        PropertyListValue.sendableDictionary(session.receivedApplicationContext)
    }

    /// Becomes the `WCSession` delegate and activates it.
    /// - Throws: `ConnectivityError.sessionNotSupported` when `WCSession.isSupported()` is `false`;
    ///   `ConnectivityError.sessionInUse` when another live instance drives the session.
    public func activate() throws(ConnectivityError) {
        guard WCSession.isSupported() else {
            throw .sessionNotSupported
        }
        try Self.defaultSessionClaim.claim(for: self)
        session.delegate = self
        session.activate()
    }

    /// `WCSession.sendMessage(_:replyHandler:errorHandler:)`.
    public func sendMessage(
        _ message: ConnectivityMessage,
        replyHandler: @escaping @Sendable (ConnectivityMessage) -> Void,
        errorHandler: @escaping @Sendable (ConnectivityError) -> Void
    ) {
        session.sendMessage(
            message as [String: Any],
            replyHandler: { reply in replyHandler(PropertyListValue.sendableDictionary(reply)) },
            errorHandler: { error in errorHandler(ConnectivityError(watchConnectivityError: error)) }
        )
    }

    /// `WCSession.sendMessageData(_:replyHandler:errorHandler:)`.
    public func sendMessageData(
        _ data: Data,
        replyHandler: @escaping @Sendable (Data) -> Void,
        errorHandler: @escaping @Sendable (ConnectivityError) -> Void
    ) {
        session.sendMessageData(
            data,
            replyHandler: { reply in replyHandler(reply) },
            errorHandler: { error in errorHandler(ConnectivityError(watchConnectivityError: error)) }
        )
    }

    /// `WCSession.updateApplicationContext(_:)`.
    public func updateApplicationContext(_ context: ConnectivityMessage) throws(ConnectivityError) {
        do {
            try session.updateApplicationContext(context as [String: Any])
        } catch {
            throw ConnectivityError(watchConnectivityError: error)
        }
    }

    /// `WCSession.transferUserInfo(_:)`.
    public func transferUserInfo(_ userInfo: ConnectivityMessage) throws(ConnectivityError) {
        _ = session.transferUserInfo(userInfo as [String: Any])
    }

    /// `WCSession.transferCurrentComplicationUserInfo(_:)` on iPhone.
    /// - Throws: `ConnectivityError.invalidParameter(_:)` on the watch, which cannot send it.
    public func transferCurrentComplicationUserInfo(_ userInfo: ConnectivityMessage) throws(ConnectivityError) {
        #if os(iOS)
        _ = session.transferCurrentComplicationUserInfo(userInfo as [String: Any])
        #else
        throw .invalidParameter("complication user info is sent from the iPhone")
        #endif
    }

    /// `WCSession.transferFile(_:metadata:)`.
    public func transferFile(_ file: URL, metadata: ConnectivityMessage?) throws(ConnectivityError) {
        _ = session.transferFile(file, metadata: metadata.map { $0 as [String: Any] })
    }
}
#endif
