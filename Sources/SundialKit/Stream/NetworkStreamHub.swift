import CourierPrimitives
import Foundation
import SundialKitCore
import SundialKitNetwork

/// The broadcasts behind a ``NetworkStream``, fed by one monitor observation, and the rule that the monitor runs
/// exactly while some broadcast has a subscriber.
@available(OS2019, *)
final class NetworkStreamHub<Monitor: PathMonitor, Ping: NetworkPing>: Sendable {
    let pathStatus: Broadcast<PathStatus>
    let isExpensive: Broadcast<Bool>
    let isConstrained: Broadcast<Bool>
    let pingStatus: Broadcast<Ping.StatusType>
    let failures: Broadcast<NetworkError>

    private let monitor: NetworkMonitor<Monitor, Ping>
    private let queue: DispatchQueue
    private let reconciler: Locked<(@Sendable () -> Void)?>
    private let running = Locked(false)
    private let observation: Locked<NetworkObservation?> = Locked(nil)

    init(monitor: NetworkMonitor<Monitor, Ping>, queue: DispatchQueue) {
        self.monitor = monitor
        self.queue = queue
        let reconciler = Locked<(@Sendable () -> Void)?>(nil)
        self.reconciler = reconciler
        let onCount: @Sendable (Int) -> Void = { _ in reconciler.value?() }
        pathStatus = Broadcast(replayLatest: true, onSubscriberCountChange: onCount)
        isExpensive = Broadcast(replayLatest: true, onSubscriberCountChange: onCount)
        isConstrained = Broadcast(replayLatest: true, onSubscriberCountChange: onCount)
        pingStatus = Broadcast(onSubscriberCountChange: onCount)
        failures = Broadcast(onSubscriberCountChange: onCount)
        let observation = monitor.observe { [pathStatus, isExpensive, isConstrained, pingStatus, failures] event in
            switch event {
            case .path(let state, let changed):
                if changed.contains(.pathStatus) || pathStatus.latest == nil {
                    pathStatus.send(state.pathStatus)
                }
                if changed.contains(.isExpensive) || isExpensive.latest == nil {
                    isExpensive.send(state.isExpensive)
                }
                if changed.contains(.isConstrained) || isConstrained.latest == nil {
                    isConstrained.send(state.isConstrained)
                }
            case .ping(let status):
                pingStatus.send(status)
            case .failure(let error):
                failures.send(error)
            }
        }
        self.observation.withLock { $0 = observation }
        reconciler.withLock { $0 = { [weak self] in self?.reconcile() } }
    }

    deinit {
        observation.value?.cancel()
        monitor.stop()
    }

    private var subscriberCount: Int {
        pathStatus.subscriberCount + isExpensive.subscriberCount + isConstrained.subscriberCount
            + pingStatus.subscriberCount + failures.subscriberCount
    }

    /// Starts the monitor if someone listens and it is stopped; stops it if nobody listens and it runs.
    private func reconcile() {
        running.withLock { running in
            let wanted = subscriberCount > 0
            guard wanted != running else { return }
            running = wanted
            if wanted {
                monitor.start(queue: queue)
            } else {
                monitor.stop()
            }
        }
    }
}
