import CourierPrimitives
import Foundation
import SundialKitCore

/// Fires a `NetworkPing` as soon as it starts and then every `timeInterval`, each time only if the ping's
/// `shouldPing(onStatus:)` holds for the live path status, and hands every result to `deliver`.
///
/// At most one ping is in flight. A ping is abandoned at its timeout, or when the next one is due if that comes
/// first; an abandoned ping's late answer is dropped and the ping's `timeoutStatus` (if any) is delivered instead.
/// All bookkeeping runs on one serial queue; answers may come from any thread.
final class PingScheduler<Ping: NetworkPing>: Sendable {
    /// `@unchecked Sendable`: the timer is created, rescheduled and cancelled only under the lock.
    private struct State: @unchecked Sendable {
        var generation: UInt64 = 0
        var inFlight: UInt64?
        var isRunning = false
        var timer: (any DispatchSourceTimer)?
    }

    private let pingBox: Unchecked<Ping>
    private var ping: Ping { pingBox.value }
    private let queue: DispatchQueue
    private let currentStatus: @Sendable () -> PathStatus
    private let deliver: @Sendable (Ping.StatusType) -> Void
    private let state = Locked(State())

    init(
        ping: Ping,
        target: DispatchQueue,
        currentStatus: @escaping @Sendable () -> PathStatus,
        deliver: @escaping @Sendable (Ping.StatusType) -> Void
    ) {
        self.pingBox = Unchecked(value: ping)
        self.queue = DispatchQueue(label: "SundialKit.PingScheduler", target: target)
        self.currentStatus = currentStatus
        self.deliver = deliver
    }

    /// Starts pinging: once now, then every interval.
    func start() {
        let interval = ping.timeInterval
        let timer: (any DispatchSourceTimer)? =
            interval.isFinite && interval > 0 ? DispatchSource.makeTimerSource(queue: queue) : nil
        let started = state.withLock { state -> Bool in
            guard !state.isRunning else { return false }
            state.isRunning = true
            state.timer = timer
            return true
        }
        guard started else { return }
        if let timer {
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(10))
            timer.setEventHandler { [weak self] in
                self?.tick(abandoningInFlight: true)
            }
            timer.resume()
        }
        queue.async { [weak self] in
            self?.tick(abandoningInFlight: true)
        }
    }

    /// Stops pinging; answers still to come are dropped.
    func stop() {
        let timer = state.withLock { state -> (any DispatchSourceTimer)? in
            state.isRunning = false
            state.inFlight = nil
            state.generation &+= 1
            defer { state.timer = nil }
            return state.timer
        }
        timer?.cancel()
    }

    /// The path status changed: if the ping now applies where it did not before, ping at once (unless one is in
    /// flight).
    func pathStatusDidChange(from old: PathStatus, to new: PathStatus) {
        guard state.withLock({ $0.isRunning }), !ping.shouldPing(onStatus: old), ping.shouldPing(onStatus: new) else {
            return
        }
        queue.async { [weak self] in
            self?.tick(abandoningInFlight: false)
        }
    }

    private enum Decision {
        case skip
        case fire(UInt64, abandoned: Bool)
    }

    /// On the queue: fires a ping if running and `shouldPing` holds.
    private func tick(abandoningInFlight: Bool) {
        let decision = state.withLock { state -> Decision in
            guard state.isRunning else { return .skip }
            let abandoned = state.inFlight != nil
            if abandoned && !abandoningInFlight {
                return .skip
            }
            state.inFlight = nil
            state.generation &+= 1
            return .fire(state.generation, abandoned: abandoned)
        }
        guard case .fire(let generation, let abandoned) = decision else { return }
        if abandoned, let status = ping.timeoutStatus {
            deliver(status)
        }
        guard ping.shouldPing(onStatus: currentStatus()) else { return }
        let isCurrent = state.withLock { state -> Bool in
            guard state.isRunning, state.generation == generation else { return false }
            state.inFlight = generation
            return true
        }
        guard isCurrent else { return }
        let timeout = ping.timeout
        if timeout.isFinite, timeout > 0, !(ping.timeInterval.isFinite && timeout >= ping.timeInterval) {
            queue.asyncAfter(deadline: .now() + timeout) { [weak self] in
                self?.abandon(generation)
            }
        }
        ping.onPing { [weak self] status in
            self?.complete(generation, with: status)
        }
    }

    private func abandon(_ generation: UInt64) {
        let abandoned = state.withLock { state -> Bool in
            guard state.inFlight == generation else { return false }
            state.inFlight = nil
            return true
        }
        if abandoned, let status = ping.timeoutStatus {
            deliver(status)
        }
    }

    private func complete(_ generation: UInt64, with status: Ping.StatusType) {
        let accepted = state.withLock { state -> Bool in
            guard state.inFlight == generation else { return false }
            state.inFlight = nil
            return true
        }
        if accepted {
            deliver(status)
        }
    }
}
