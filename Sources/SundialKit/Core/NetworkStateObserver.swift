/// Told by a ``NetworkMonitoring`` monitor about changes, one call per changed field, in the order they happened.
///
/// Calls arrive on the monitor's queue and must return quickly. Every method has an empty default.
public protocol NetworkStateObserver: AnyObject, Sendable {
    /// The path status changed.
    func networkMonitor(_ monitor: any NetworkMonitoring, didUpdatePathStatus status: PathStatus)
    /// Whether the path is expensive changed.
    func networkMonitor(_ monitor: any NetworkMonitoring, didUpdateIsExpensive isExpensive: Bool)
    /// Whether the path is constrained changed.
    func networkMonitor(_ monitor: any NetworkMonitoring, didUpdateIsConstrained isConstrained: Bool)
    /// The monitor failed and stopped delivering paths.
    func networkMonitor(_ monitor: any NetworkMonitoring, didFailWith error: NetworkError)
}

extension NetworkStateObserver {
    /// Does nothing.
    public func networkMonitor(_ monitor: any NetworkMonitoring, didUpdatePathStatus status: PathStatus) {}
    /// Does nothing.
    public func networkMonitor(_ monitor: any NetworkMonitoring, didUpdateIsExpensive isExpensive: Bool) {}
    /// Does nothing.
    public func networkMonitor(_ monitor: any NetworkMonitoring, didUpdateIsConstrained isConstrained: Bool) {}
    /// Does nothing.
    public func networkMonitor(_ monitor: any NetworkMonitoring, didFailWith error: NetworkError) {}
}
