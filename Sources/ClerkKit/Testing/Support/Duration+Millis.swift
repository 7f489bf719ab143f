@available(OS2023, *)
extension Duration {
    /// Whole milliseconds, clamped to ±100 years so that adding it to a timestamp cannot overflow.
    var clampedMillis: Int64 {
        let limit: Int64 = 100 * 365 * 24 * 3600 * 1000
        let seconds = components.seconds
        guard seconds < limit / 1000 else { return limit }
        guard seconds > -limit / 1000 else { return -limit }
        return seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
