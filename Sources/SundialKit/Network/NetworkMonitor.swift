import CourierPrimitives
public import Foundation
public import SundialKitCore

/// Monitors the network path and, optionally, pings: current values, a start/stop lifecycle and observers,
/// without any reactive framework.
///
/// - Observers are told of changes in the order they happened, each on the thread that reported it, one at a
///   time. `NetworkStateObserver`s hear only about fields that changed; ``observe(_:)`` handlers get every
///   path update with the set of changed fields, every ping result and every failure.
/// - ``start(queue:)`` / ``stop()`` can be repeated. Updates a stopped monitor still receives are dropped
///   (except by the 1.x `NetworkObserver(monitor:)`'s monitor, wired at init, which takes them as 1.x did).
/// - With a `NetworkPing`, the monitor pings as soon as it starts and then every `timeInterval` while the ping's
///   `shouldPing(onStatus:)` holds for the live status, abandons pings that exceed their timeout, and publishes
///   each result (``pingStatus``, ``NetworkMonitorEvent/ping(_:)``).
///
/// ```swift
/// let monitor = try NetworkMonitor()          // the platform's monitor
/// let observation = monitor.observe { event in
///     if case .path(let state, let changed) = event, changed.contains(.pathStatus) {
///         print("path:", state.pathStatus)
///     }
/// }
/// monitor.start(queue: .global())
/// ```
public final class NetworkMonitor<Monitor: PathMonitor, Ping: NetworkPing>: NetworkMonitoring {
    /// The event type handlers receive.
    public typealias Event = NetworkMonitorEvent<Ping.StatusType>

    struct State: Sendable {
        var network = NetworkState.initial
        var pingStatus: Ping.StatusType?
        var failure: NetworkError?
        var session: UInt64 = 0
        var isRunning = false
    }

    /// `@unchecked Sendable`: 1.x monitors need not be `Sendable`; this one is started and cancelled only under
    /// the lock, and its callbacks arrive on the monitor's queue.
    private struct Lifecycle: @unchecked Sendable {
        var monitor: Monitor?
        var scheduler: PingScheduler<Ping>?
    }

    private let makeMonitor: @Sendable () -> Monitor
    private let pingBox: Unchecked<Ping>?
    private var ping: Ping? { pingBox?.value }
    /// Paths and failures in one lane, pings in another: a ping being delivered never holds up a path.
    private let dispatcher = OrderedDispatcher<State, Event>(State(), laneCount: 2) { event in
        if case .ping = event { return 1 }
        return 0
    }
    /// Serialises start and stop; recursive so an observer may stop the monitor from inside a delivery.
    private let lifecycleLock = NSRecursiveLock()
    private let lifecycle = Locked(Lifecycle())
    private let observers = Locked([ObjectIdentifier: UInt64]())

    /// Whether the path handler was set once, at init, and takes every path whatever the lifecycle (1.x).
    private let isWiredAtInit: Bool

    /// Creates a monitor over `makeMonitor()`'s path monitors: a fresh one for every start (for path monitors such
    /// as `NWPathMonitor` that cannot be restarted once cancelled).
    public init(makeMonitor: @escaping @Sendable () -> Monitor, ping: Ping?) {
        self.makeMonitor = makeMonitor
        pingBox = ping.map { Unchecked(value: $0) }
        isWiredAtInit = false
    }

    /// Creates a monitor wired to `monitor` at once, as SundialKit 1.x's `NetworkObserver` was: every path the
    /// monitor reports is taken, also before ``start(queue:)`` and after ``stop()``; the ping runs only while
    /// started.
    package init(wiredTo monitor: Monitor, ping: Ping?) {
        let box = Unchecked(value: monitor)
        makeMonitor = { box.value }
        pingBox = ping.map { Unchecked(value: $0) }
        isWiredAtInit = true
        monitor.onPathUpdate { [weak self] path in
            self?.receive(NetworkState(path: path), session: nil)
        }
    }

    /// Creates a monitor over `monitor`, with a ping.
    public convenience init(monitor: Monitor, ping: Ping) {
        let box = Unchecked(value: monitor)
        self.init(makeMonitor: { box.value }, ping: ping)
    }

    // MARK: Current values

    /// The latest state.
    public var state: NetworkState {
        dispatcher.read(\.network)
    }

    /// The latest path status (`PathStatus.unknown` before the first path).
    public var pathStatus: PathStatus {
        state.pathStatus
    }

    /// Whether the latest path is expensive.
    public var isExpensive: Bool {
        state.isExpensive
    }

    /// Whether the latest path is constrained.
    public var isConstrained: Bool {
        state.isConstrained
    }

    /// The latest ping result, if any.
    public var pingStatus: Ping.StatusType? {
        dispatcher.read(\.pingStatus)
    }

    /// The failure that stopped the path monitor, if any (cleared by the next start).
    public var lastFailure: NetworkError? {
        dispatcher.read(\.failure)
    }

    /// Whether the monitor is started.
    public var isRunning: Bool {
        dispatcher.read(\.isRunning)
    }

    /// Whether this monitor pings.
    public var hasPing: Bool {
        ping != nil
    }

    // MARK: Lifecycle

    /// Starts monitoring (and pinging); updates arrive on `queue`. Starting a started monitor does nothing.
    public func start(queue: DispatchQueue) {
        lifecycleLock.lock()
        defer { lifecycleLock.unlock() }
        let session: UInt64? = dispatcher.update { state -> (events: [Event], result: UInt64?) in
            guard !state.isRunning else { return ([], nil) }
            state.isRunning = true
            state.failure = nil
            state.session &+= 1
            return ([], state.session)
        }
        guard let session else { return }

        let monitor = makeMonitor()
        let scheduler = ping.map { ping in
            PingScheduler(
                ping: ping,
                target: queue,
                currentStatus: { [weak self] in self?.pathStatus ?? .unknown },
                deliver: { [weak self] status in self?.receivePing(status, session: session) }
            )
        }
        lifecycle.withLock { $0 = Lifecycle(monitor: monitor, scheduler: scheduler) }

        if !isWiredAtInit {
            monitor.onPathUpdate { [weak self] path in
                self?.receive(NetworkState(path: path), session: session)
            }
        }
        if let failing = monitor as? any FailureReportingPathMonitor {
            failing.onFailure { [weak self] error in
                self?.receiveFailure(error, session: session)
            }
        }
        monitor.start(queue: queue)
        // An observer may have stopped the monitor while `start` delivered the first path.
        if dispatcher.read({ $0.isRunning && $0.session == session }) {
            scheduler?.start()
        }
    }

    /// Starts monitoring on a private serial queue.
    public func start() {
        start(queue: DispatchQueue(label: "SundialKit.NetworkMonitor"))
    }

    /// Stops monitoring and pinging. The latest values remain readable; ``start(queue:)`` resumes.
    public func stop() {
        lifecycleLock.lock()
        defer { lifecycleLock.unlock() }
        let wasRunning = dispatcher.update { state -> (events: [Event], result: Bool) in
            defer { state.isRunning = false }
            return ([], state.isRunning)
        }
        guard wasRunning else { return }
        let stopped = lifecycle.withLock { lifecycle in
            defer { lifecycle = Lifecycle() }
            return lifecycle
        }
        stopped.scheduler?.stop()
        stopped.monitor?.cancel()
    }

    /// Stops monitoring (the SundialKit 1.0 name of ``stop()``).
    public func cancel() {
        stop()
    }

    deinit {
        let stopped = lifecycle.value
        stopped.scheduler?.stop()
        stopped.monitor?.cancel()
    }

    // MARK: Observation

    /// Registers `handler` for every event, in order, until the returned observation is cancelled or released.
    ///
    /// Handlers run on the thread that reported the event; keep them short. Paths and failures come one at a time,
    /// in order, and so do ping results; a ping result may be delivered while a path is (on another thread), and a
    /// path never waits behind a ping, so a path reaches every handler before the report of it returns unless
    /// another path is still being delivered.
    public func observe(_ handler: @escaping @Sendable (Event) -> Void) -> NetworkObservation {
        let id = dispatcher.addHandler(handler)
        return NetworkObservation { [weak self] in
            self?.dispatcher.removeHandler(id)
        }
    }

    /// Adds an observer, held weakly, told of each changed field in order. Adding it twice does nothing.
    public func addObserver(_ observer: any NetworkStateObserver) {
        let key = ObjectIdentifier(observer)
        observers.withLock { observers in
            guard observers[key] == nil else { return }
            observers[key] = dispatcher.addHandler { [weak self, weak observer] event in
                guard let self, let observer else { return }
                self.notify(observer, of: event)
            }
        }
    }

    /// Removes an observer.
    public func removeObserver(_ observer: any NetworkStateObserver) {
        if let id = observers.withLock({ $0.removeValue(forKey: ObjectIdentifier(observer)) }) {
            dispatcher.removeHandler(id)
        }
    }

    // MARK: Updates

    private func notify(_ observer: any NetworkStateObserver, of event: Event) {
        switch event {
        case .path(let state, let changed):
            if changed.contains(.pathStatus) {
                observer.networkMonitor(self, didUpdatePathStatus: state.pathStatus)
            }
            if changed.contains(.isExpensive) {
                observer.networkMonitor(self, didUpdateIsExpensive: state.isExpensive)
            }
            if changed.contains(.isConstrained) {
                observer.networkMonitor(self, didUpdateIsConstrained: state.isConstrained)
            }
        case .failure(let error):
            observer.networkMonitor(self, didFailWith: error)
        case .ping:
            break
        }
    }

    /// Takes a path from the start `session`, or from a monitor wired at init (`session` `nil`).
    func receive(_ network: NetworkState, session: UInt64?) {
        var previous: PathStatus?
        dispatcher.transition { state -> Event? in
            if let session {
                guard state.isRunning, state.session == session else { return nil }
            }
            let changed = network.changedFields(from: state.network)
            if changed.contains(.pathStatus) {
                previous = state.network.pathStatus
            }
            state.network = network
            return .path(network, changed: changed)
        }
        if let previous {
            lifecycle.withLock { $0.scheduler }?.pathStatusDidChange(from: previous, to: network.pathStatus)
        }
    }

    private func receivePing(_ status: Ping.StatusType, session: UInt64) {
        dispatcher.transition { state -> Event? in
            guard state.isRunning, state.session == session else { return nil }
            state.pingStatus = status
            return .ping(status)
        }
    }

    private func receiveFailure(_ error: NetworkError, session: UInt64) {
        dispatcher.transition { state -> Event? in
            guard state.isRunning, state.session == session else { return nil }
            state.failure = error
            return .failure(error)
        }
    }
}

extension NetworkMonitor where Ping == NeverPing {
    /// Creates a monitor over `monitor`, without a ping.
    public convenience init(monitor: Monitor) {
        let box = Unchecked(value: monitor)
        self.init(makeMonitor: { box.value }, ping: nil)
    }
}
