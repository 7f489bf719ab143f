import CourierPrimitives
import Dispatch

/// A result that is set at most once, whoever sets it first (a reply, an error, a timeout, a
/// cancellation), and handed to every waiter.
///
/// A link that reports two errors for one send, or a reply after a timeout, changes nothing after the
/// first outcome.
internal final class OnceCompletion<Value: Sendable>: Sendable {
    /// `@unchecked Sendable`: the timeout's work item is scheduled and cancelled only under the lock.
    private struct State: @unchecked Sendable {
        var value: Value?
        var waiters: [@Sendable (Value) -> Void] = []
        var timeout: DispatchWorkItem?
    }

    private let state = Locked(State())

    /// The value, once it is set.
    var value: Value? {
        state.withLock { $0.value }
    }

    /// Sets the value if none was set yet, and hands it to the waiters.
    /// - Parameter beforeWaking: Run once, by the call that sets the value, before any waiter is handed it (so
    ///   what it reports is ordered before whatever a waiter does next).
    /// - Returns: Whether this call set it.
    @discardableResult
    func complete(_ value: Value, beforeWaking: () -> Void = {}) -> Bool {
        typealias Settled = (waiters: [@Sendable (Value) -> Void], timeout: DispatchWorkItem?)
        let settled: Settled? = state.withLock { state in
            guard state.value == nil else { return nil }
            state.value = value
            defer {
                state.waiters = []
                state.timeout = nil
            }
            return (state.waiters, state.timeout)
        }
        guard let settled else { return false }
        settled.timeout?.cancel()
        beforeWaking()
        for waiter in settled.waiters {
            waiter(value)
        }
        return true
    }

    /// Calls `waiter` with the value, now if it is already set, otherwise when it is.
    func wait(_ waiter: @escaping @Sendable (Value) -> Void) {
        let ready: Value? = state.withLock { state in
            if let value = state.value {
                return value
            }
            state.waiters.append(waiter)
            return nil
        }
        if let ready {
            waiter(ready)
        }
    }

    /// Runs `action` after `nanoseconds`, unless the value is set before; use it to bound a wait.
    func onTimeout(afterNanoseconds nanoseconds: Int64, perform action: @escaping @Sendable () -> Void) {
        // Bounds the wait; cancelled as soon as another outcome arrives.
        let item = DispatchWorkItem(block: action)
        let cancelNow = state.withLock { state in
            guard state.value == nil else { return true }
            state.timeout = item
            return false
        }
        if cancelNow {
            return
        }
        DispatchQueue.global().asyncAfter(
            deadline: .now() + DurationConversion.dispatchInterval(nanoseconds: nanoseconds), execute: item)
    }
}
