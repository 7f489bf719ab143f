import Foundation

/// The protocol's collapsing cursor: the number of fixed intervals since 2024-10-09T00:00:00Z, never going
/// backwards for a client that echoes it (a cursor at or past the current interval moves forward by a random
/// 1–3600 seconds' worth of intervals).
@available(OS2023, *)
struct ResponseCursor: Sendable {
    /// 2024-10-09T00:00:00Z.
    static let epoch = Date(timeIntervalSince1970: 1_728_432_000)

    let intervalSeconds: Int64

    init(interval: Duration) {
        intervalSeconds = max(1, interval.components.seconds)
    }

    /// The cursor for a response to a request that echoed `clientCursor`.
    func next(after clientCursor: Substring?, now: Date = Date()) -> String {
        let current = Int64((now.timeIntervalSince(Self.epoch) / Double(intervalSeconds)).rounded(.down))
        guard let clientCursor, let client = Int64(clientCursor), client >= current, client < Int64.max / 2 else {
            return String(current)
        }
        let jitterSeconds = Int64.random(in: 1...3600)
        let jitterIntervals = max(1, (jitterSeconds + intervalSeconds - 1) / intervalSeconds)
        return String(client + jitterIntervals)
    }
}
