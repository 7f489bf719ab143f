import CourierPrimitives

/// Handlers by notification name, for notifiers that dispatch by name themselves.
@available(OS2021, *)
final class HandlerRegistry: Sendable {
    typealias Handler = @Sendable () -> Void

    private struct State {
        var handlers: [String: [UInt64: Handler]] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// Adds a handler; returns its ID and whether it is the first for any name.
    func add(_ name: String, _ handler: @escaping Handler) -> UInt64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.handlers[name, default: [:]][id] = handler
            return id
        }
    }

    func remove(_ name: String, _ id: UInt64) {
        state.withLock { state in
            state.handlers[name]?[id] = nil
            if state.handlers[name]?.isEmpty == true {
                state.handlers[name] = nil
            }
        }
    }

    /// Runs the handlers registered for `name` (outside the lock).
    func fire(_ name: String) {
        let handlers = state.withLock { $0.handlers[name].map { Array($0.values) } ?? [] }
        for handler in handlers { handler() }
    }

    /// Runs every handler (after lost events, when anything may have changed).
    func fireAll() {
        let handlers = state.withLock { $0.handlers.values.flatMap(\.values) }
        for handler in handlers { handler() }
    }
}
