import Foundation

/// Which events were kept in the last 24 hours, so the same event is sent at most once a day (clerk-ios's
/// `clerk_telemetry_throttler` cache). Pure.
///
/// An event is keyed by the SHA-256 of its stable description (every field and the payload), so the cache holds
/// hashes and times only. It persists in the ``Clerk``'s ``SecureStore`` under ``storeKey`` as JSON
/// `{"<hex hash>": <seconds since 1970>}`.
@available(OS2023, *)
struct TelemetryThrottle: Sendable, Equatable {
    /// The store key, the name clerk-ios gives its `UserDefaults` entry.
    static let storeKey = "clerk_telemetry_throttler"

    /// How long an event stays throttled after it was kept.
    let window: TimeInterval
    /// When each event (by key) was last kept.
    private(set) var lastKept: [String: Date]

    /// An empty cache.
    init(window: TimeInterval = 24 * 60 * 60, lastKept: [String: Date] = [:]) {
        self.window = window
        self.lastKept = lastKept
    }

    /// The cache stored as `data`, without the entries older than the window; an unreadable value is an empty cache.
    init(stored data: Data?, now: Date, window: TimeInterval = 24 * 60 * 60) {
        var entries: [String: Date] = [:]
        if let data, let seconds = try? JSONDecoder().decode([String: Double].self, from: data) {
            for (key, value) in seconds where value.isFinite {
                entries[key] = Date(timeIntervalSince1970: value)
            }
        }
        self.init(window: window, lastKept: entries)
        prune(now: now)
    }

    /// The key of `event`: the lowercase hex SHA-256 of its stable description.
    static func key(for event: TelemetryWireEvent) -> String {
        SHA256Digest.hash(Array(event.stableDescription.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether an event with `key` was kept less than (or exactly) a window before `now`.
    func isThrottled(_ key: String, now: Date) -> Bool {
        guard let kept = lastKept[key] else { return false }
        return now.timeIntervalSince(kept) <= window
    }

    /// Notes that the event with `key` was kept at `now`, and forgets the expired entries.
    mutating func remember(_ key: String, now: Date) {
        lastKept[key] = now
        prune(now: now)
    }

    /// Forgets the entries older than the window.
    mutating func prune(now: Date) {
        lastKept = lastKept.filter { now.timeIntervalSince($0.value) <= window }
    }

    /// The cache as stored.
    var stored: Data {
        let seconds = lastKept.mapValues { $0.timeIntervalSince1970 }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(seconds)) ?? Data("{}".utf8)
    }
}
