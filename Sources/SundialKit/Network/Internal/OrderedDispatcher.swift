import CourierPrimitives
import Foundation

/// State plus an ordered event fan-out, under one lock.
///
/// `update` mutates the state and queues the event it returns under the same lock, so events are queued in
/// exactly the order the state changed, whatever threads the updates come from. Events are handed to handlers
/// outside the lock by whichever thread finds nobody delivering (a trampoline): handlers may call back into
/// the owner (read state, add or remove handlers, send more events) without deadlocking, and an event sent from
/// inside a handler is delivered after the current one, still in order.
///
/// Events may be split into lanes: each lane is ordered and delivered on its own, so a slow or concurrent delivery
/// in one lane (pings) never holds up an event of another (paths), which then reaches handlers before the update
/// that made it returns, as in SundialKit 1.x.
final class OrderedDispatcher<State: Sendable, Event: Sendable>: Sendable {
    typealias Handler = @Sendable (Event) -> Void
    /// The lane of an event, in `0..<laneCount`.
    typealias LaneOf = @Sendable (Event) -> Int

    private struct Entry: Sendable {
        let id: UInt64
        let handler: Handler
    }

    private struct Lane: Sendable {
        var pending: [Event] = []
        var pendingHead = 0
        var isDelivering = false
    }

    private struct Storage: Sendable {
        var state: State
        var lanes: [Lane]
        var entries: [Entry] = []
        var nextID: UInt64 = 0
    }

    private let storage: Locked<Storage>
    private let laneOf: LaneOf

    /// - Parameters:
    ///   - laneCount: The number of lanes (at least one).
    ///   - laneOf: The lane of each event; out-of-range lanes are clamped.
    init(_ initialState: State, laneCount: Int = 1, laneOf: @escaping LaneOf = { _ in 0 }) {
        storage = Locked(Storage(state: initialState, lanes: Array(repeating: Lane(), count: max(1, laneCount))))
        self.laneOf = laneOf
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
        let (result, lanesToDrain): (Result, [Int]) = storage.withLock { storage in
            let (events, result) = body(&storage.state)
            var lanesToDrain: [Int] = []
            for event in events {
                let lane = lane(of: event, laneCount: storage.lanes.count)
                if enqueue(event, lane: lane, in: &storage) { lanesToDrain.append(lane) }
            }
            return (result, lanesToDrain)
        }
        for lane in lanesToDrain {
            drain(lane)
        }
        return result
    }

    /// Mutates the state and delivers the event `body` returns, if any. The hot path: no tuples or arrays are built.
    func transition(_ body: (inout State) -> Event?) {
        let laneToDrain: Int? = storage.withLock { storage in
            guard let event = body(&storage.state) else { return nil }
            let lane = lane(of: event, laneCount: storage.lanes.count)
            return enqueue(event, lane: lane, in: &storage) ? lane : nil
        }
        if let laneToDrain {
            drain(laneToDrain)
        }
    }

    private func lane(of event: Event, laneCount: Int) -> Int {
        min(max(laneOf(event), 0), laneCount - 1)
    }

    /// Queues `event`; returns whether the caller is now the lane's deliverer.
    private func enqueue(_ event: Event, lane: Int, in storage: inout Storage) -> Bool {
        storage.lanes[lane].pending.append(event)
        guard !storage.lanes[lane].isDelivering else { return false }
        storage.lanes[lane].isDelivering = true
        return true
    }

    private func drain(_ lane: Int) {
        var entries: [Entry] = []
        while let event = nextEvent(lane, entries: &entries) {
            for entry in entries {
                entry.handler(event)
            }
        }
    }

    private func nextEvent(_ lane: Int, entries: inout [Entry]) -> Event? {
        storage.withLock { storage in
            guard storage.lanes[lane].pendingHead < storage.lanes[lane].pending.count else {
                storage.lanes[lane].pending.removeAll(keepingCapacity: true)
                storage.lanes[lane].pendingHead = 0
                storage.lanes[lane].isDelivering = false
                return nil
            }
            let event = storage.lanes[lane].pending[storage.lanes[lane].pendingHead]
            storage.lanes[lane].pendingHead += 1
            entries = storage.entries
            return event
        }
    }
}
