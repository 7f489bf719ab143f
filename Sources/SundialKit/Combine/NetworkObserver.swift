public import Foundation
public import SundialKitCore
public import SundialKitNetwork

#if canImport(Combine)
public import Combine
#else
@preconcurrency public import OpenCombine
#endif

/// Publishes network path changes and ping results with Combine: the SundialKit 1.0 `NetworkObserver`, an
/// `ObservableObject`.
///
/// Every path the monitor reports is published on ``pathStatusPublisher``, ``isExpensivePublisher`` and
/// ``isConstrainedPublisher`` (as in 1.0, without de-duplication), in order; every ping result on
/// ``pingStatusPublisher``. The `@Published` properties ``NetworkPathObserver/pathStatus``,
/// ``NetworkPathObserver/isExpensive``, ``NetworkPathObserver/isConstrained`` (inherited from
/// ``NetworkPathObserver``) and ``pingStatus`` hold the latest values: each is set when its value changes
/// (``pingStatus`` on every result), just before the publishers emit, so a publisher's `sink` reads the new value
/// from the property. Call
/// ``start(queue:)`` to begin and ``cancel()`` to stop; it can be started again. Created with
/// `init(monitor:)` or `init(monitor:ping:)`, it is wired to the monitor at once, as in 1.0: a path the monitor
/// reports before ``start(queue:)`` or after ``cancel()`` is published too (on the thread that reports it); the
/// ping runs only while started. On Linux the publishers are OpenCombine's.
///
/// ## Threads
///
/// Values are published on the queue given to ``start(queue:)``, as in 1.0. For SwiftUI, start on the main
/// queue and bind to the `@Published` properties directly, or keep a background queue and add
/// `.receive(on: DispatchQueue.main)`; a `sink` closure written in `@MainActor` code needs one or the other,
/// since Swift 6 checks at run time that a main-actor closure runs on the main actor. Use the `@Published`
/// properties and their `$property` publishers on that queue; the other publishers and ``networkMonitor``'s values
/// may be used from any thread.
///
/// ```swift
/// let observer = NetworkObserver(monitor: NWPathMonitor())
/// let cancellable = observer.$pathStatus.sink { status in print(status) }
/// observer.start(queue: .main)
/// ```
@available(OS2019, *)
public final class NetworkObserver<MonitorType: PathMonitor, PingType: NetworkPing>: NetworkPathObserver,
    @unchecked Sendable
{
    // Sendable: the monitor is Sendable, Combine subjects are safe to send to from any thread, and the
    // `@Published` properties are written only from the monitor's deliveries, which arrive one at a time.
    private let monitor: NetworkMonitor<MonitorType, PingType>
    private let pathStatusSubject = PassthroughSubject<PathStatus, Never>()
    private let isExpensiveSubject = PassthroughSubject<Bool, Never>()
    private let isConstrainedSubject = PassthroughSubject<Bool, Never>()
    private let pingStatusSubject = PassthroughSubject<PingType.StatusType, Never>()
    private var observation: NetworkObservation?

    /// The latest ping result, if any.
    @Published public private(set) var pingStatus: PingType.StatusType?

    /// Creates an observer over an existing `NetworkMonitor`.
    public init(networkMonitor: NetworkMonitor<MonitorType, PingType>) {
        monitor = networkMonitor
        pingStatus = networkMonitor.pingStatus
        super.init(state: networkMonitor.state)
        // OpenCombine creates `objectWillChange` and each `$property` publisher lazily, without a lock: create
        // them now, before anything is published, so that later subscriptions cannot race an update.
        _ = objectWillChange
        _ = $pingStatus
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

    /// Whether the ping is running (between ``start(queue:)`` and ``cancel()``); 1.x's internal property.
    var isPingActive: Bool {
        monitor.hasPing && monitor.isRunning
    }

    /// Whether the observer has a ping; 1.x's internal property.
    var hasNetworkPing: Bool {
        monitor.hasPing
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
            publishPath(state)
            pathStatusSubject.send(state.pathStatus)
            isExpensiveSubject.send(state.isExpensive)
            isConstrainedSubject.send(state.isConstrained)
        case .ping(let status):
            pingStatus = status
            pingStatusSubject.send(status)
        case .failure:
            break
        }
    }
}

@available(OS2019, *)
extension NetworkObserver {
    /// Creates an observer over `monitor`, without a ping.
    ///
    /// As in 1.x, the observer is wired to `monitor` at once: every path the monitor reports is published,
    /// also before ``start(queue:)`` and after ``cancel()``.
    public convenience init(monitor: MonitorType) where PingType == NeverPing {
        self.init(networkMonitor: NetworkMonitor(wiredTo: monitor, ping: nil))
    }

    /// Creates an observer over `monitor` that also pings (between ``start(queue:)`` and ``cancel()``).
    ///
    /// As in 1.x, the observer is wired to `monitor` at once: every path the monitor reports is published,
    /// also before ``start(queue:)`` and after ``cancel()``.
    public convenience init(monitor: MonitorType, ping: PingType) {
        self.init(networkMonitor: NetworkMonitor(wiredTo: monitor, ping: ping))
    }
}
