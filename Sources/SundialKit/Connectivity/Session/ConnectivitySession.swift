/// SundialKit 1.x's session protocol, unchanged: a type that stands in for WatchConnectivity's `WCSession`.
///
/// Conform your own type to it to fake WatchConnectivity in tests, exactly as with 1.x, and hand it to
/// `ConnectivityObserver(session:)` (SundialKitCombine), which then behaves as 1.x's observer did. Anything that
/// needs SundialKit 2's richer ``ConnectivityManagedSession`` (``ConnectivityManager``, the stream observer)
/// takes it through ``ConnectivitySessionAdapter``.
///
/// As in 1.x, a session keeps its ``delegate`` and calls it on whatever thread it likes; nothing is checked or
/// converted on the way in or out.
public protocol ConnectivitySession: AnyObject {
    /// Receives the session's events.
    var delegate: (any ConnectivitySessionDelegate)? { get set }

    /// Whether the counterpart app can receive live messages now.
    var isReachable: Bool { get }

    /// Whether an Apple Watch is paired with this iPhone. 1.x required it on iOS only; elsewhere it defaults
    /// to `false`.
    var isPaired: Bool { get }

    /// Whether the counterpart app is installed.
    var isPairedAppInstalled: Bool { get }

    /// The activation state.
    var activationState: ActivationState { get }

    /// Starts activation; the result arrives through the delegate.
    func activate() throws

    /// Replaces the application context delivered to the counterpart.
    /// - Parameter context: The new context.
    func updateApplicationContext(_ context: ConnectivityMessage) throws

    /// Sends a live message and calls `completion` once with the reply or the error.
    /// - Parameters:
    ///   - message: The message.
    ///   - completion: Called with the counterpart's reply or why the send failed.
    func sendMessage(
        _ message: ConnectivityMessage,
        _ completion: @escaping (Result<ConnectivityMessage, any Error>) -> Void
    )
}

extension ConnectivitySession {
    /// `false`: 1.x sessions declared `isPaired` on iOS only.
    public var isPaired: Bool {
        false
    }
}
