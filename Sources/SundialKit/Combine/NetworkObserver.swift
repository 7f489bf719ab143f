import Foundation
import SundialKitCore
import SundialKitNetwork

#if canImport(Combine)
import Combine
#else
@preconcurrency import OpenCombine
#endif

/// Publishes network path changes and ping results with Combine: the SundialKit 1.0 `NetworkObserver`.
///
/// Every path the monitor reports is published on ``pathStatusPublisher``, ``isExpensivePublisher`` and
/// ``isConstrainedPublisher`` (as in 1.0, without de-duplication), in order, on the monitor's queue; every ping
/// result on ``pingStatusPublisher``. Call ``start(queue:)`` to begin and ``cancel()`` to stop; it can be started
/// again. On Linux the publishers are OpenCombine's.
///
/// ```swift
/// let observer = NetworkObserver(monitor: NWPathMonitor())
/// let cancellable = observer.pathStatusPublisher
///     .receive(on: DispatchQueue.main)
///     .sink { status in print(status) }
/// observer.start(queue: .global())
/// ```
public final class NetworkObserver<MonitorType: PathMonitor, PingType: NetworkPing>: @unchecked Sendable {
    // Sendable: the monitor is Sendable, and Combine subjects are safe to send to from any thread.
    private let monitor: NetworkMonitor<MonitorType, PingType>
    private let pathStatusSubject = PassthroughSubject<PathStatus, Never>()
    private let isExpensiveSubject = PassthroughSubject<Bool, Never>()
    private let isConstrainedSubject = PassthroughSubject<Bool, Never>()
    private let pingStatusSubject = PassthroughSubject<PingType.StatusType, Never>()
    private var observation: NetworkObservation?

    /// Creates an observer over an existing ``NetworkMonitor``.
    public init(networkMonitor: NetworkMonitor<MonitorType, PingType>) {
        monitor = networkMonitor
        observation = networkMonitor.observe { [weak self] event in
            self?.publish(event)
        }
    }

    /// Publishes the status of each path.
    public var pathStatusPublisher: AnyPublisher<PathStatus, Never> {
        pathStatusSubject.eraseToAnyPublisher()
    }

    /// Publishes whether each path is expensive.
    public var isExpensivePublisher: AnyPublisher<Bool, Never> {
        isExpensiveSubject.eraseToAnyPublisher()
    }

    /// Publishes whether each path is constrained.
    public var isConstrainedPublisher: AnyPublisher<Bool, Never> {
        isConstrainedSubject.eraseToAnyPublisher()
    }

    /// Publishes each ping result.
    public var pingStatusPublisher: AnyPublisher<PingType.StatusType, Never> {
        pingStatusSubject.eraseToAnyPublisher()
    }

    /// The underlying monitor, for its current values and other observers.
    public var networkMonitor: NetworkMonitor<MonitorType, PingType> {
        monitor
    }

    /// Starts monitoring (and pinging); values are published on `queue`.
    public func start(queue: DispatchQueue) {
        monitor.start(queue: queue)
    }

    /// Stops monitoring and pinging.
    public func cancel() {
        monitor.stop()
    }

    private func publish(_ event: NetworkMonitorEvent<PingType.StatusType>) {
        switch event {
        case .path(let state, _):
            pathStatusSubject.send(state.pathStatus)
            isExpensiveSubject.send(state.isExpensive)
            isConstrainedSubject.send(state.isConstrained)
        case .ping(let status):
            pingStatusSubject.send(status)
        case .failure:
            break
        }
    }
}

extension NetworkObserver {
    /// Creates an observer over `monitor`, without a ping.
    public convenience init(monitor: MonitorType) where PingType == NeverPing {
        self.init(networkMonitor: NetworkMonitor(monitor: monitor))
    }

    /// Creates an observer over `monitor` that also pings.
    public convenience init(monitor: MonitorType, ping: PingType) {
        self.init(networkMonitor: NetworkMonitor(monitor: monitor, ping: ping))
    }
}
