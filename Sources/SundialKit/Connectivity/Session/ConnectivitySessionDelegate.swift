public import Foundation

/// Receives a ``ConnectivitySession``'s events, mirroring `WCSessionDelegate`.
///
/// A live message's reply handler may be called later, from any thread, at most once.
public protocol ConnectivitySessionDelegate: AnyObject, Sendable {
    /// Activation finished.
    /// - Parameters:
    ///   - session: The session.
    ///   - activationState: The resulting state.
    ///   - error: Why activation failed, if it did.
    func session(
        _ session: any ConnectivitySession,
        activationDidCompleteWith activationState: ActivationState,
        error: ConnectivityError?
    )

    /// The session became inactive (iPhone: the user is switching watches).
    func sessionDidBecomeInactive(_ session: any ConnectivitySession)

    /// The session was deactivated (iPhone: after a watch switch); activate it again.
    func sessionDidDeactivate(_ session: any ConnectivitySession)

    /// `isPaired` or `isPairedAppInstalled` changed.
    func sessionCompanionStateDidChange(_ session: any ConnectivitySession)

    /// `isReachable` changed.
    func sessionReachabilityDidChange(_ session: any ConnectivitySession)

    /// A live dictionary message arrived; the sender waits for `replyHandler`.
    func session(
        _ session: any ConnectivitySession,
        didReceiveMessage message: ConnectivityMessage,
        replyHandler: @escaping @Sendable (ConnectivityMessage) -> Void
    )

    /// Live bytes arrived; the sender waits for `replyHandler`.
    func session(
        _ session: any ConnectivitySession,
        didReceiveMessageData messageData: Data,
        replyHandler: @escaping @Sendable (Data) -> Void
    )

    /// A new application context arrived.
    func session(
        _ session: any ConnectivitySession, didReceiveApplicationContext applicationContext: ConnectivityMessage)

    /// A user-info (or complication user-info) transfer arrived.
    func session(_ session: any ConnectivitySession, didReceiveUserInfo userInfo: ConnectivityMessage)

    /// A file arrived. The file is removed when this method returns: move it first.
    func session(_ session: any ConnectivitySession, didReceiveFile file: ConnectivityFile)

    /// A user-info transfer this side queued has finished.
    func session(
        _ session: any ConnectivitySession,
        didFinishUserInfoTransfer userInfo: ConnectivityMessage,
        error: ConnectivityError?
    )

    /// A file transfer this side queued has finished.
    func session(_ session: any ConnectivitySession, didFinishFileTransfer file: URL, error: ConnectivityError?)
}
