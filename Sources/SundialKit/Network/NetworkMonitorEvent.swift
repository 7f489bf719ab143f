public import SundialKitCore

/// What a ``NetworkMonitor`` tells the handlers given to ``NetworkMonitor/observe(_:)``, in the order it happened.
public enum NetworkMonitorEvent<PingStatus: Sendable>: Sendable {
    /// The path monitor reported a path: the new state, and which of its fields changed (possibly none).
    case path(NetworkState, changed: NetworkState.Fields)
    /// A ping finished with this result (or was abandoned with the ping's timeout status).
    case ping(PingStatus)
    /// The path monitor failed and stopped delivering paths.
    case failure(NetworkError)
}
