/// When the proactive token refresh wakes next, as clerk-ios 1.4.1 schedules it. Pure.
///
/// It wakes every `interval` (5 s) while things go well; after `n` consecutive failures it waits
/// `interval · 2ⁿ`, capped at 60 s, with ±20 % jitter. A success resets the failures.
@available(OS2023, *)
struct TokenRefreshSchedule: Sendable, Equatable {
    var interval: Duration
    var cap: Duration = .seconds(60)
    private(set) var failures = 0

    init(interval: Duration) {
        self.interval = interval
    }

    mutating func recordSuccess() { failures = 0 }
    mutating func recordFailure() { failures += 1 }

    /// The next wait; `unit` is a random number in `0..<1` for the jitter.
    func nextDelay(unit: Double) -> Duration {
        guard failures > 0 else { return interval }
        let backoff = min(interval * (1 << min(failures, 16)), cap)
        let jitter = 0.8 + 0.4 * min(max(unit, 0), 1)
        let seconds = Double(backoff.components.seconds) + Double(backoff.components.attoseconds) / 1e18
        return .milliseconds(Int64((seconds * jitter * 1000).rounded()))
    }
}
