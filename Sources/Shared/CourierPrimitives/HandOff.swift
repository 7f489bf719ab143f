/// One value handed to one waiter, once: the first value delivered wins, and the waiter receives it whether it
/// started waiting before or after the delivery.
package final class HandOff<Value: Sendable>: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Value, Never>?
        var value: Value?
        var isDelivered = false
    }

    private let state = Locked(State())

    /// A hand-off with nothing delivered yet.
    package init() {}

    /// Waits for the value (one waiter at most).
    package func value() async -> Value {
        await withCheckedContinuation { install($0) }
    }

    /// Makes `continuation` the waiter, resuming it at once if the value is already here.
    package func install(_ continuation: CheckedContinuation<Value, Never>) {
        let ready = state.withLock { state -> Value? in
            guard let value = state.value else {
                state.waiter = continuation
                return nil
            }
            state.value = nil
            return value
        }
        if let ready { continuation.resume(returning: ready) }
    }

    /// Delivers `value`, unless a value was delivered before.
    package func deliver(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard !state.isDelivered else { return nil }
            state.isDelivered = true
            guard let waiter = state.waiter else {
                state.value = value
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: value)
    }
}
