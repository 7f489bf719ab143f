/// Receives connectivity state changes from a ``ConnectivityManagement`` implementation.
///
/// Callbacks arrive in the order the session produced them, on the session's callback queue; hop to
/// your own executor for UI work.
public protocol ConnectivityStateObserver: AnyObject, Sendable {
    /// Called after any part of the connectivity state changed.
    /// - Parameters:
    ///   - state: The new state.
    ///   - previous: The state before the change.
    func connectivityStateDidChange(to state: ConnectivityState, from previous: ConnectivityState)
}
