#if canImport(WatchConnectivity)
import CourierPrimitives
public import Foundation
import WatchConnectivity

/// The ``ConnectivityManagedSession`` backed by `WCSession.default` on iPhone and Apple Watch.
///
/// A thin adapter: it converts dictionaries to `Sendable` values, maps `WCError`s to
/// `ConnectivityError`, and forwards `WCSessionDelegate` callbacks on WatchConnectivity's queue. Reply
/// handlers are passed on unchanged; ``ConnectivityManager`` guarantees each is called exactly once.
public final class WatchConnectivitySession: NSObject, ConnectivityManagedSession, WCSessionDelegate,
    @unchecked Sendable
{
    // `@unchecked`: `session` is immutable and thread-safe; the delegate is behind a lock.
    private struct WeakDelegate {
        weak var value: (any ConnectivityManagedSessionDelegate)?
    }

    private let session: WCSession
    private let storedDelegate = Locked(WeakDelegate())

    /// Wraps `WCSession.default`. The `WCSession` delegate is set in ``activate()``, so creating an
    /// instance has no side effect.
    override public init() {
        session = .default
        super.init()
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
    /// - Throws: `ConnectivityError.sessionNotSupported` when `WCSession.isSupported()` is `false`.
    public func activate() throws(ConnectivityError) {
        guard WCSession.isSupported() else {
            throw .sessionNotSupported
        }
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

    // MARK: - WCSessionDelegate

    /// Forwards the activation outcome.
    public func session(
        _ session: WCSession,
        activationDidCompleteWith activationState: WCSessionActivationState,
        error: (any Error)?
    ) {
        delegate?.session(
            self,
            activationDidCompleteWith: ActivationState(rawValue: activationState.rawValue) ?? .notActivated,
            error: error.map { ConnectivityError(watchConnectivityError: $0) }
        )
    }

    #if os(iOS)
    /// Forwards the change.
    public func sessionDidBecomeInactive(_ session: WCSession) {
        delegate?.sessionDidBecomeInactive(self)
    }

    /// Forwards the change.
    public func sessionDidDeactivate(_ session: WCSession) {
        delegate?.sessionDidDeactivate(self)
    }

    /// Forwards the change.
    public func sessionWatchStateDidChange(_ session: WCSession) {
        delegate?.sessionCompanionStateDidChange(self)
    }
    #else
    /// Forwards the change.
    public func sessionCompanionAppInstalledDidChange(_ session: WCSession) {
        delegate?.sessionCompanionStateDidChange(self)
    }
    #endif

    /// Forwards the change.
    public func sessionReachabilityDidChange(_ session: WCSession) {
        delegate?.sessionReachabilityDidChange(self)
    }

    /// Forwards the message with its reply handler; with no delegate, acknowledges it at once.
    public func session(
        _ session: WCSession,
        didReceiveMessage message: [String: Any],
        replyHandler: @escaping ([String: Any]) -> Void
    ) {
        let reply = UncheckedReply(replyHandler)
        guard let delegate else {
            reply.call([:])
            return
        }
        delegate.session(self, didReceiveMessage: PropertyListValue.sendableDictionary(message)) { response in
            reply.call(response as [String: Any])
        }
    }

    /// Forwards a message sent without a reply handler.
    public func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
        delegate?.session(self, didReceiveMessage: PropertyListValue.sendableDictionary(message)) { _ in }
    }

    /// Forwards the bytes with their reply handler; with no delegate, acknowledges them at once.
    public func session(
        _ session: WCSession,
        didReceiveMessageData messageData: Data,
        replyHandler: @escaping (Data) -> Void
    ) {
        let reply = UncheckedReply(replyHandler)
        guard let delegate else {
            reply.call(Data())
            return
        }
        delegate.session(self, didReceiveMessageData: messageData) { response in reply.call(response) }
    }

    /// Forwards bytes sent without a reply handler.
    public func session(_ session: WCSession, didReceiveMessageData messageData: Data) {
        delegate?.session(self, didReceiveMessageData: messageData) { _ in }
    }

    /// Forwards the context.
    public func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any]) {
        delegate?.session(self, didReceiveApplicationContext: PropertyListValue.sendableDictionary(applicationContext))
    }

    /// Forwards the user info.
    public func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any]) {
        delegate?.session(self, didReceiveUserInfo: PropertyListValue.sendableDictionary(userInfo))
    }

    /// Forwards the file; WatchConnectivity deletes it when this returns.
    public func session(_ session: WCSession, didReceive file: WCSessionFile) {
        let metadata = file.metadata.map(PropertyListValue.sendableDictionary)
        delegate?.session(self, didReceiveFile: ConnectivityFile(fileURL: file.fileURL, metadata: metadata))
    }

    /// Forwards the outcome.
    public func session(
        _ session: WCSession,
        didFinish userInfoTransfer: WCSessionUserInfoTransfer,
        error: (any Error)?
    ) {
        delegate?.session(
            self,
            didFinishUserInfoTransfer: PropertyListValue.sendableDictionary(userInfoTransfer.userInfo),
            error: error.map { ConnectivityError(watchConnectivityError: $0) }
        )
    }

    /// Forwards the outcome.
    public func session(_ session: WCSession, didFinish fileTransfer: WCSessionFileTransfer, error: (any Error)?) {
        delegate?.session(
            self,
            didFinishFileTransfer: fileTransfer.file.fileURL,
            error: error.map { ConnectivityError(watchConnectivityError: $0) }
        )
    }
}

/// WatchConnectivity's reply handlers are not annotated `Sendable` but may be called from any thread.
private struct UncheckedReply<Value>: @unchecked Sendable {
    let call: (Value) -> Void

    init(_ call: @escaping (Value) -> Void) {
        self.call = call
    }
}
#endif
