import CourierPrimitives

/// Ends waits early from outside the waiting task: when a reader's connection closes, or the server stops.
///
/// One cancellation can serve many waits in turn (an SSE connection waits once per append); cancelling it
/// ends the wait in progress and makes every later wait with it return at once.
@available(OS2022, *)
public final class WaitCancellation: Sendable {
    private struct State {
        var isCancelled = false
        var handlers: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// Creates a cancellation that is not cancelled.
    public init() {}

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Cancels: ends the wait in progress, if any, and every later one.
    public func cancel() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.isCancelled else { return [] }
            state.isCancelled = true
            defer { state.handlers = [:] }
            return Array(state.handlers.values)
        }
        for handler in handlers { handler() }
    }

    /// Registers what to run on cancellation; `nil` (and nothing registered) if already cancelled.
    package func register(_ handler: @escaping @Sendable () -> Void) -> UInt64? {
        state.withLock { state -> UInt64? in
            guard !state.isCancelled else { return nil }
            state.nextID &+= 1
            state.handlers[state.nextID] = handler
            return state.nextID
        }
    }

    /// Removes a registration once its wait is over.
    package func unregister(_ id: UInt64) {
        _ = state.withLock { $0.handlers.removeValue(forKey: id) }
    }
}
