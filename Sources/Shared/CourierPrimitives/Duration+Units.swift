/// A `Duration` in the units that Foundation, NIO and the protocols want.
@available(OS2022, *)
extension Duration {
    /// The duration in seconds, as a `Double` (for `TimeInterval` and arithmetic on delays).
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole nanoseconds, clamped to `Int64`'s range instead of overflowing.
    package var inNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, carry) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if carry { return seconds < 0 ? .min : .max }
        return total
    }

    /// A duration of `seconds` seconds, clamped to zero and to about 292 years (`Int64` nanoseconds).
    package static func clampedSeconds(_ seconds: Double) -> Duration {
        guard seconds.isFinite else { return seconds > 0 ? .nanoseconds(Int64.max) : .zero }
        return .nanoseconds(Int64(min(max(0, seconds), 9.2e9) * 1e9))
    }
}
