import CourierPrimitives
import Foundation

/// State plus an ordered event fan-out, under one lock.
///
/// `update` mutates the state and queues the event it returns under the same lock, so events are queued in
/// exactly the order the state changed, whatever threads the updates come from. Events are handed to handlers
/// outside the lock by whichever thread finds nobody delivering (a trampoline): handlers may call back into
/// the owner (read state, add or remove handlers, send more events) without deadlocking, and an event sent from
/// inside a handler is delivered after the current one, still in order.
final class OrderedDispatcher<State: Sendable, Event: Sendable>: Sendable {
    typealias Handler = @Sendable (Event) -> Void

    private struct Entry: Sendable {
        let id: UInt64
        let handler: Handler
    }

    private struct Storage: Sendable {
        var state: State
        var pending: [Event] = []
        var pendingHead = 0
        var isDelivering = false
        var entries: [Entry] = []
        var nextID: UInt64 = 0
    }

    private let storage: Locked<Storage>

    init(_ initialState: State) {
        storage = Locked(Storage(state: initialState))
    }

    /// A copy of the state.
    var state: State {
        storage.withLock { $0.state }
    }

    /// Reads the state under the lock.
    func read<Value>(_ body: (State) -> Value) -> Value {
        storage.withLock { body($0.state) }
    }

    /// Adds a handler; returns its identifier for ``removeHandler(_:)``.
    func addHandler(_ handler: @escaping Handler) -> UInt64 {
        storage.withLock { storage in
            let id = storage.nextID
            storage.nextID &+= 1
            storage.entries.append(Entry(id: id, handler: handler))
            return id
        }
    }

    /// Removes a handler. Events already being delivered may still reach it once.
    func removeHandler(_ id: UInt64) {
        storage.withLock { storage in
            storage.entries.removeAll { $0.id == id }
        }
    }

    /// The number of handlers.
    var handlerCount: Int {
        storage.withLock { $0.entries.count }
    }

    /// Mutates the state; the returned events (if any) are delivered in order. Returns `body`'s extra result.
    @discardableResult
    func update<Result>(_ body: (inout State) -> (events: [Event], result: Result)) -> Result {
        let (result, shouldDeliver): (Result, Bool) = storage.withLock { storage in
            let (events, result) = body(&storage.state)
            guard !events.isEmpty else { return (result, false) }
            storage.pending.append(contentsOf: events)
            guard !storage.isDelivering else { return (result, false) }
            storage.isDelivering = true
            return (result, true)
        }
        if shouldDeliver {
            drain()
        }
        return result
    }

    /// Mutates the state and delivers the event `body` returns, if any. The hot path: no tuples or arrays are built.
    func transition(_ body: (inout State) -> Event?) {
        let shouldDeliver: Bool = storage.withLock { storage in
            guard let event = body(&storage.state) else { return false }
            storage.pending.append(event)
            guard !storage.isDelivering else { return false }
            storage.isDelivering = true
            return true
        }
        if shouldDeliver {
            drain()
        }
    }

    private func drain() {
        var entries: [Entry] = []
        while let event = nextEvent(entries: &entries) {
            for entry in entries {
                entry.handler(event)
            }
        }
    }

    private func nextEvent(entries: inout [Entry]) -> Event? {
        storage.withLock { storage in
            guard storage.pendingHead < storage.pending.count else {
                storage.pending.removeAll(keepingCapacity: true)
                storage.pendingHead = 0
                storage.isDelivering = false
                return nil
            }
            let event = storage.pending[storage.pendingHead]
            storage.pendingHead += 1
            entries = storage.entries
            return event
        }
    }
}
