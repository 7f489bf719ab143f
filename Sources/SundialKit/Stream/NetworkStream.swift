public import Foundation
public import SundialKitCore
public import SundialKitNetwork

/// Network path changes and ping results as `AsyncStream`s.
///
/// - Every subscriber gets every update, in order; each stream starts with the latest known value (once there is
///   one), then yields each change. ``pingStatusStream`` yields each ping result from the moment of subscribing.
/// - Ending one subscription (cancelling its task, or breaking out of its loop) ends only that subscription.
/// - The monitor runs while anyone listens to any of the streams, and stops when the last subscription ends.
///
/// ```swift
/// let network = try NetworkStream()     // the platform's monitor: NWPathMonitor, or netlink on Linux
/// for await status in network.pathStatusStream {
///     print(status)
/// }
/// ```
@available(OS2019, *)
public actor NetworkStream<Monitor: PathMonitor, Ping: NetworkPing> {
    private let monitor: NetworkMonitor<Monitor, Ping>
    private let hub: NetworkStreamHub<Monitor, Ping>

    /// Creates streams over an existing monitor; the streams start and stop it. Updates arrive on `queue`.
    public init(
        networkMonitor: NetworkMonitor<Monitor, Ping>,
        queue: DispatchQueue = DispatchQueue(label: "SundialKit.NetworkStream")
    ) {
        monitor = networkMonitor
        hub = NetworkStreamHub(monitor: networkMonitor, queue: queue)
    }

    /// Creates streams over `monitor`, with a ping.
    public init(monitor: Monitor, ping: Ping) {
        self.init(networkMonitor: NetworkMonitor(monitor: monitor, ping: ping))
    }

    /// The path status: the latest, then each change.
    public nonisolated var pathStatusStream: AsyncStream<PathStatus> {
        hub.pathStatus.subscribe()
    }

    /// Whether the path is expensive: the latest, then each change.
    public nonisolated var isExpensiveStream: AsyncStream<Bool> {
        hub.isExpensive.subscribe()
    }

    /// Whether the path is constrained: the latest, then each change.
    public nonisolated var isConstrainedStream: AsyncStream<Bool> {
        hub.isConstrained.subscribe()
    }

    /// Each ping result from now on.
    public nonisolated var pingStatusStream: AsyncStream<Ping.StatusType> {
        hub.pingStatus.subscribe()
    }

    /// Failures of the path monitor from now on.
    public nonisolated var failureStream: AsyncStream<NetworkError> {
        hub.failures.subscribe()
    }

    /// The latest path status (live while anyone listens).
    public var pathStatus: PathStatus {
        monitor.pathStatus
    }

    /// Whether the latest path is expensive.
    public var isExpensive: Bool {
        monitor.isExpensive
    }

    /// Whether the latest path is constrained.
    public var isConstrained: Bool {
        monitor.isConstrained
    }

    /// The latest ping result, if any.
    public var pingStatus: Ping.StatusType? {
        monitor.pingStatus
    }

    /// The latest path status (the name in the SundialKit 2.0 design document's stream example).
    public func currentPathStatus() -> PathStatus {
        monitor.pathStatus
    }

    /// The latest path status (the name in the SundialKit 2.0 design document's requirements).
    public func currentStatus() -> PathStatus {
        monitor.pathStatus
    }

    /// Whether the monitor is running (someone is listening).
    public var isMonitoring: Bool {
        monitor.isRunning
    }
}

@available(OS2019, *)
extension NetworkStream where Ping == NeverPing {
    /// Creates streams over `monitor`, without a ping.
    public init(monitor: Monitor) {
        self.init(networkMonitor: NetworkMonitor(monitor: monitor))
    }
}
