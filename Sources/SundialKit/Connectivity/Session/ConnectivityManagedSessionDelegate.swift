public import Foundation

/// Receives a ``ConnectivityManagedSession``'s events, mirroring `WCSessionDelegate`.
///
/// A live message's reply handler may be called later, from any thread, at most once.
public protocol ConnectivityManagedSessionDelegate: AnyObject, Sendable {
    /// Activation finished.
    /// - Parameters:
    ///   - session: The session.
    ///   - activationState: The resulting state.
    ///   - error: Why activation failed, if it did.
    func session(
        _ session: any ConnectivityManagedSession,
        activationDidCompleteWith activationState: ActivationState,
        error: ConnectivityError?
    )

    /// The session became inactive (iPhone: the user is switching watches).
    func sessionDidBecomeInactive(_ session: any ConnectivityManagedSession)

    /// The session was deactivated (iPhone: after a watch switch); activate it again.
    func sessionDidDeactivate(_ session: any ConnectivityManagedSession)

    /// `isPaired` or `isPairedAppInstalled` changed.
    func sessionCompanionStateDidChange(_ session: any ConnectivityManagedSession)

    /// `isReachable` changed.
    func sessionReachabilityDidChange(_ session: any ConnectivityManagedSession)

    /// A live dictionary message arrived; the sender waits for `replyHandler`.
    func session(
        _ session: any ConnectivityManagedSession,
        didReceiveMessage message: ConnectivityMessage,
        replyHandler: @escaping @Sendable (ConnectivityMessage) -> Void
    )

    /// Live bytes arrived; the sender waits for `replyHandler`.
    func session(
        _ session: any ConnectivityManagedSession,
        didReceiveMessageData messageData: Data,
        replyHandler: @escaping @Sendable (Data) -> Void
    )

    /// A new application context arrived.
    func session(
        _ session: any ConnectivityManagedSession, didReceiveApplicationContext applicationContext: ConnectivityMessage)

    /// A user-info (or complication user-info) transfer arrived.
    func session(_ session: any ConnectivityManagedSession, didReceiveUserInfo userInfo: ConnectivityMessage)

    /// A file arrived. The file is removed when this method returns: move it first.
    func session(_ session: any ConnectivityManagedSession, didReceiveFile file: ConnectivityFile)

    /// A user-info transfer this side queued has finished.
    func session(
        _ session: any ConnectivityManagedSession,
        didFinishUserInfoTransfer userInfo: ConnectivityMessage,
        error: ConnectivityError?
    )

    /// A file transfer this side queued has finished.
    func session(_ session: any ConnectivityManagedSession, didFinishFileTransfer file: URL, error: ConnectivityError?)
}
