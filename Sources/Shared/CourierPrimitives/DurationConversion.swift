package import Dispatch

/// Conversions of `Duration`s to the units that timers and older APIs take, in one place.
package enum DurationConversion {
    /// Whole nanoseconds in `duration`, clamped to `0...Int64.max` (a negative duration is zero, an enormous one
    /// is `Int64.max`).
    @available(OS2022, *)
    package static func nanoseconds(_ duration: Duration) -> Int64 {
        max(0, duration.inNanoseconds)
    }

    /// Seconds as whole nanoseconds, clamped to `0...Int64.max`; not-a-number is zero.
    package static func nanoseconds(seconds: Double) -> Int64 {
        guard seconds.isFinite || seconds == .infinity, seconds > 0 else { return 0 }
        let value = seconds * 1e9
        return value >= Double(Int64.max) ? .max : Int64(value)
    }

    /// A dispatch interval of `nanoseconds` (`.never` from about 146 years, where a deadline could overflow).
    package static func dispatchInterval(nanoseconds: Int64) -> DispatchTimeInterval {
        guard nanoseconds < Int64.max / 2, let value = Int(exactly: nanoseconds) else { return .never }
        return .nanoseconds(value)
    }
}
