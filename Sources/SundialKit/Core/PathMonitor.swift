public import Foundation

/// A source of network path updates.
///
/// `NWPathMonitor` is the implementation on Apple platforms; `NetlinkPathMonitor` (SundialKitNetwork) is the one
/// on Linux. The protocol is SundialKit 1.0's, unchanged: a conformer need not be `Sendable`, but it is used as 1.0
/// used it, so it must accept ``start(queue:)`` and ``cancel()`` from the owner's thread while it calls its handler
/// on the queue given to ``start(queue:)``.
public protocol PathMonitor: SendableConformance {
    /// The kind of path the monitor reports.
    associatedtype PathType: NetworkPath
    /// Sets the handler told each new path. Set it before ``start(queue:)``.
    func onPathUpdate(_ handler: @escaping @Sendable (PathType) -> Void)
    /// Starts delivering paths to the handler on `queue`, beginning with the current path.
    func start(queue: DispatchQueue)
    /// Stops delivering paths.
    func cancel()
}

/// A ``PathMonitor`` that can fail after it started, and says so instead of falling silent.
public protocol FailureReportingPathMonitor: PathMonitor {
    /// Sets the handler told when the monitor fails and stops delivering paths.
    func onFailure(_ handler: @escaping @Sendable (NetworkError) -> Void)
}
