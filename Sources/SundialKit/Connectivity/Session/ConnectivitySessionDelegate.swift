/// SundialKit 1.x's session delegate, unchanged: what a ``ConnectivitySession`` tells about its events.
///
/// `ConnectivityObserver` (SundialKitCombine) and ``ConnectivitySessionAdapter`` implement it; a custom session
/// calls it, from any thread.
public protocol ConnectivitySessionDelegate: AnyObject {
    /// Activation finished.
    /// - Parameters:
    ///   - session: The session.
    ///   - activationState: The resulting state.
    ///   - error: Why activation failed, if it did.
    func session(
        _ session: any ConnectivitySession,
        activationDidCompleteWith activationState: ActivationState,
        error: (any Error)?
    )

    /// The session became inactive.
    func sessionDidBecomeInactive(_ session: any ConnectivitySession)

    /// The session was deactivated.
    func sessionDidDeactivate(_ session: any ConnectivitySession)

    /// `isPaired` or `isPairedAppInstalled` changed.
    func sessionCompanionStateDidChange(_ session: any ConnectivitySession)

    /// `isReachable` changed.
    func sessionReachabilityDidChange(_ session: any ConnectivitySession)

    /// A live message arrived; the sender waits for `replyHandler`.
    func session(
        _ session: any ConnectivitySession,
        didReceiveMessage message: ConnectivityMessage,
        replyHandler: @escaping ConnectivityHandler
    )

    /// A new application context arrived.
    func session(
        _ session: any ConnectivitySession,
        didReceiveApplicationContext applicationContext: ConnectivityMessage,
        error: (any Error)?
    )
}
