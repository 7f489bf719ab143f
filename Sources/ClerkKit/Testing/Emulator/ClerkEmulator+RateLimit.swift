@available(OS2023, *)
extension ClerkEmulator {
    struct RateWindow: Sendable {
        var start: Millis
        var count: Int
    }

    /// Counts a request against the per-client budget. Returns the seconds to wait when it is over budget.
    func chargeRateLimit(key: String) -> Int? {
        guard let limit = configuration.rateLimit else { return nil }
        let now = nowMillis
        let window = max(1, limit.window.clampedMillis)
        var entry = rateWindows[key] ?? RateWindow(start: now, count: 0)
        if now - entry.start >= window { entry = RateWindow(start: now, count: 0) }
        entry.count += 1
        rateWindows[key] = entry
        guard entry.count > limit.requests else { return nil }
        let remaining = entry.start + window - now
        return max(1, Int((remaining + 999) / 1000))
    }

    /// The key requests are counted under: the client the device token names, else the remote address.
    func rateLimitKey(_ request: EmulatorRequest, remoteAddress: String?) -> String {
        if let client = store?.client(for: request) { return "client:" + client.id }
        return "address:" + (remoteAddress ?? "unknown")
    }
}
