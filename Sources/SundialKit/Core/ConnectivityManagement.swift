/// The contract of a connectivity manager: state queries, lifecycle and change notification, with no
/// reactive framework involved.
///
/// `SundialKitConnectivity.ConnectivityManager` implements it; the Combine and AsyncStream observers
/// are built on top of it.
public protocol ConnectivityManagement: AnyObject, Sendable {
    /// The current state snapshot.
    var state: ConnectivityState { get }

    /// Activates the session and waits for the activation to complete.
    /// - Parameter timeout: How long to wait for the session's activation callback.
    /// - Throws: ``ConnectivityError/sessionNotSupported`` where there is no counterpart device,
    ///   ``ConnectivityError/activationTimedOut`` when the session does not answer in time, or the
    ///   error the session reported.
    @available(OS2022, *)
    func activate(timeout: Duration) async throws(ConnectivityError)

    /// Registers an observer for state changes; it is held weakly.
    func addObserver(_ observer: any ConnectivityStateObserver)

    /// Removes an observer added with ``addObserver(_:)``.
    func removeObserver(_ observer: any ConnectivityStateObserver)
}

extension ConnectivityManagement {
    /// The session's activation state.
    public var activationState: ActivationState { state.activationState }

    /// Whether the counterpart app can receive live messages right now.
    public var isReachable: Bool { state.isReachable }

    /// Whether an Apple Watch is paired with this iPhone (always `true` on the watch).
    public var isPaired: Bool { state.isPaired }

    /// Whether the counterpart app is installed.
    public var isPairedAppInstalled: Bool { state.isPairedAppInstalled }
}
