import CourierPrimitives

/// Lets a repeated log entry through at most once per interval, counting the ones it held back.
@available(OS2022, *)
package final class LogThrottle: Sendable {
    private struct State {
        var last: ContinuousClock.Instant?
        var suppressed = 0
    }

    private let interval: Duration
    private let state = Locked(State())

    /// A throttle that lets one entry through per `interval`.
    package init(interval: Duration = .seconds(1)) {
        self.interval = interval
    }

    /// `nil` when the entry should not be logged now; otherwise how many were held back since the last one.
    package func admit() -> Int? {
        let now = ContinuousClock.now
        return state.withLock { state in
            if let last = state.last, last.duration(to: now) < interval {
                state.suppressed += 1
                return nil
            }
            defer { state.suppressed = 0 }
            state.last = now
            return state.suppressed
        }
    }
}
