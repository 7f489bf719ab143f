import CourierPrimitives
package import Logging

/// Whether the database is reachable, as the store's operations find it: the start and end of each outage.
///
/// A value-type state machine: an operation that failed because the database could not be reached (``failed(at:)``)
/// begins an outage if none is going on, and is counted; one that reached the database (``succeeded(at:)``) ends
/// it. Each transition is one action for the log, so an outage is logged twice whatever the number of requests.
@available(OS2022, *)
package struct PostgresOutage: Sendable, Equatable {
    /// What to log after an input.
    package enum Action: Sendable, Equatable {
        /// Nothing changed: the database is still up, or still down.
        case none
        /// An outage began.
        case began
        /// The outage ended after `duration`, in which `refused` operations failed (the first included).
        case ended(duration: Duration, refused: Int)
    }

    /// When the outage began, while it goes on.
    package private(set) var since: ContinuousClock.Instant?
    /// How many operations failed in the outage so far.
    package private(set) var refused = 0

    /// Whether an outage goes on.
    package var isDown: Bool { since != nil }

    /// No outage.
    package init() {}

    /// An operation failed because the database could not be reached; `counts` says whether it was a request
    /// (background work such as the fallback poll begins an outage but is not a refused request).
    package mutating func failed(at now: ContinuousClock.Instant, counts: Bool = true) -> Action {
        if counts { refused += 1 }
        guard since == nil else { return .none }
        since = now
        return .began
    }

    /// An operation reached the database.
    package mutating func succeeded(at now: ContinuousClock.Instant) -> Action {
        guard let since else { return .none }
        let action = Action.ended(duration: since.duration(to: now), refused: refused)
        self.since = nil
        refused = 0
        return action
    }
}

/// Logs database outages: one warning when one begins (with its reason), one notice when it ends (its duration
/// and how many requests it refused), and each refused request at `debug`.
@available(OS2022, *)
package final class PostgresOutageLog: Sendable {
    private let state = Locked(PostgresOutage())
    private let logger: Logger
    private let database: String

    /// - Parameter database: the database, as `user@host:port/database` (never with the password).
    package init(logger: Logger, database: String) {
        self.logger = logger
        self.database = database
    }

    /// Background work (the fallback poll, the expiry sweep, the listener) is not a request.
    @TaskLocal package static var isBackground = false

    /// Whether an outage goes on.
    package var isDown: Bool { state.value.isDown }

    /// An operation failed for want of the database, for `reason` (a message without secrets).
    package func failed(reason: String) {
        let counts = !Self.isBackground
        let action = state.withLock { $0.failed(at: .now, counts: counts) }
        if action == .began {
            logger.warning(
                "the database is unreachable; requests are answered 503 until it is back",
                metadata: ["database": "\(database)", "reason": "\(reason)"])
        }
        if counts { logger.debug("request refused: the database is unreachable", metadata: ["reason": "\(reason)"]) }
    }

    /// An operation reached the database.
    package func succeeded() {
        guard state.value.isDown else { return }
        let action = state.withLock { $0.succeeded(at: .now) }
        guard case .ended(let duration, let refused) = action else { return }
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        logger.info(
            "the database is reachable again",
            metadata: ["database": "\(database)", "duration_ms": "\(milliseconds)", "refused": "\(refused)"])
    }
}
