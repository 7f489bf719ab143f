import Foundation

/// Latency samples and their summary.
@available(OS2022, *)
public struct LatencySummary: Sendable {
    /// The samples, sorted ascending.
    public let sorted: [Duration]

    /// Summarises unsorted samples.
    public init(_ samples: [Duration]) {
        sorted = samples.sorted()
    }

    /// The value at quantile `q` (0...1), nearest-rank.
    public func quantile(_ q: Double) -> Duration {
        guard !sorted.isEmpty else { return .zero }
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// The median.
    public var p50: Duration { quantile(0.50) }
    /// The 99th percentile.
    public var p99: Duration { quantile(0.99) }
    /// The arithmetic mean.
    public var mean: Duration {
        guard !sorted.isEmpty else { return .zero }
        return sorted.reduce(Duration.zero, +) / sorted.count
    }
}

@available(OS2022, *)
extension Duration {
    /// The duration in seconds as a `Double`.
    public var seconds: Double {
        let (whole, attos) = components
        return Double(whole) + Double(attos) / 1e18
    }

    /// Microseconds, formatted for tables.
    public var microsecondsText: String { String(format: "%.1f µs", seconds * 1e6) }

    /// Milliseconds, formatted for tables.
    public var millisecondsText: String { String(format: "%.2f ms", seconds * 1e3) }

    /// Nanoseconds, formatted for tables.
    public var nanosecondsText: String { String(format: "%.0f ns", seconds * 1e9) }
}

/// Times `body` once, on the caller's actor.
@available(OS2022, *)
public func time<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async rethrows -> (
    T, Duration
) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await body()
    return (result, clock.now - start)
}

/// Runs `body` `iterations` times after `warmup` untimed runs, on the caller's actor, and summarises each run's
/// duration.
@available(OS2022, *)
public func sample(
    iterations: Int, warmup: Int = 0, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> LatencySummary {
    for _ in 0..<warmup { try await body() }
    var samples: [Duration] = []
    samples.reserveCapacity(iterations)
    let clock = ContinuousClock()
    for _ in 0..<iterations {
        let start = clock.now
        try await body()
        samples.append(clock.now - start)
    }
    return LatencySummary(samples)
}

/// Operations per second for `count` operations that took `elapsed`.
@available(OS2022, *)
public func rate(_ count: Int, in elapsed: Duration) -> Double {
    Double(count) / max(elapsed.seconds, 1e-12)
}

/// Formats a rate such as `1.52 M/s`.
@available(OS2022, *)
public func rateText(_ perSecond: Double, unit: String = "/s") -> String {
    switch perSecond {
    case 1e6...: String(format: "%.2f M%@", perSecond / 1e6, unit)
    case 1e3...: String(format: "%.1f k%@", perSecond / 1e3, unit)
    default: String(format: "%.1f %@", perSecond, unit)
    }
}

/// Formats bytes per second as MB/s (10^6).
@available(OS2022, *)
public func megabytesPerSecondText(bytes: Int, in elapsed: Duration) -> String {
    String(format: "%.1f MB/s", Double(bytes) / 1e6 / max(elapsed.seconds, 1e-12))
}
