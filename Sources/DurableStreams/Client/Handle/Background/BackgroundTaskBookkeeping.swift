/// The decisions around one request for background time (`beginBackgroundTask` and its expiration handler), as
/// a value: inputs in, actions out, so every ordering of "began", "finished" and "expired" is tested on Linux.
///
/// The system task must be ended exactly once, whichever comes first; when time expires, the work it protects
/// is cancelled as well.
struct BackgroundTaskBookkeeping: Sendable, Hashable {
    /// Where the request stands.
    enum State: Sendable, Hashable {
        /// The work runs; the system has not yet answered the request.
        case requesting
        /// The work runs under the system task `identifier` (nil when the system refused background time).
        case running(identifier: Int?)
        /// The work finished before the system answered.
        case finishedBeforeBegin
        /// Time expired before the system's answer was recorded.
        case expiredBeforeBegin
        /// The system task has been ended (or there was none); nothing more happens.
        case done
    }

    /// What the driver must do.
    enum Action: Sendable, Hashable {
        /// Nothing.
        case none
        /// End the system task.
        case end(identifier: Int)
        /// Cancel the protected work and end the system task (if the system granted one).
        case cancelAndEnd(identifier: Int?)
    }

    private(set) var state: State = .requesting

    /// The system answered the request: `identifier` is the task, or nil if it refused.
    mutating func began(_ identifier: Int?) -> Action {
        switch state {
        case .requesting:
            state = .running(identifier: identifier)
            return .none
        case .finishedBeforeBegin:
            state = .done
            return identifier.map { .end(identifier: $0) } ?? .none
        case .expiredBeforeBegin:
            state = .done
            return identifier.map { .end(identifier: $0) } ?? .none
        case .running, .done:
            return .none
        }
    }

    /// The protected work finished (successfully or not).
    mutating func finished() -> Action {
        switch state {
        case .requesting:
            state = .finishedBeforeBegin
            return .none
        case .running(let identifier):
            state = .done
            return identifier.map { .end(identifier: $0) } ?? .none
        case .finishedBeforeBegin, .expiredBeforeBegin, .done:
            return .none
        }
    }

    /// The system's expiration handler ran: background time is up.
    mutating func expired() -> Action {
        switch state {
        case .requesting:
            state = .expiredBeforeBegin
            return .cancelAndEnd(identifier: nil)
        case .running(let identifier):
            state = .done
            return .cancelAndEnd(identifier: identifier)
        case .finishedBeforeBegin, .expiredBeforeBegin, .done:
            return .none
        }
    }
}
