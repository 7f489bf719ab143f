import CourierPrimitives
import Foundation
import HTTPTypes
import Logging

/// One request as the log describes it: method, path (never the query, which may carry tokens or
/// signatures) and when it started. Bodies and headers are never logged.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct Exchange: Sendable {
    let method: HTTPRequest.Method
    let path: Substring
    let started: ContinuousClock.Instant

    init(method: HTTPRequest.Method, path: Substring) {
        self.method = method
        self.path = path
        self.started = .now
    }
}

/// Lets a repeated warning through at most once per interval, counting the ones it held back.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class LogThrottle: Sendable {
    private struct State {
        var last: ContinuousClock.Instant?
        var suppressed = 0
    }

    private let interval: Duration
    private let state = Locked(State())

    init(interval: Duration = .seconds(1)) {
        self.interval = interval
    }

    /// `nil` when the event should not be logged now; otherwise how many were held back since the last one.
    func admit() -> Int? {
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
