public import Foundation

/// A network monitor without any reactive framework: current values, a lifecycle, and observers.
///
/// `NetworkMonitor` (SundialKitNetwork) is the implementation; the Combine and AsyncStream adapters are built on it.
public protocol NetworkMonitoring: AnyObject, Sendable {
    /// The latest path status (``PathStatus/unknown`` before the first path).
    var pathStatus: PathStatus { get }
    /// Whether the latest path is expensive.
    var isExpensive: Bool { get }
    /// Whether the latest path is constrained.
    var isConstrained: Bool { get }
    /// Starts monitoring; updates arrive on `queue`, in order. Starting a started monitor does nothing.
    func start(queue: DispatchQueue)
    /// Stops monitoring. A stopped monitor can be started again.
    func stop()
    /// Adds an observer, held weakly, that is told of each change in the order changes happen.
    func addObserver(_ observer: any NetworkStateObserver)
    /// Removes an observer.
    func removeObserver(_ observer: any NetworkStateObserver)
}
