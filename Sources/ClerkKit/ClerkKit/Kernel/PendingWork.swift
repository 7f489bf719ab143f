/// Counts work in progress (requests whose responses may still change the stored identity) and lets a caller
/// wait until none is left.
///
/// A value-type count under one lock; waiters are resumed, outside the lock, by the `end()` that brings it to
/// zero.
@available(OS2023, *)
final class PendingWork: Sendable {
    private struct State {
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Protected(State())

    /// How many pieces of work are in progress.
    var count: Int { state.withLock { $0.running } }

    /// Marks one piece of work as started.
    func begin() {
        state.withLock { $0.running += 1 }
    }

    /// Marks one piece of work as finished.
    func end() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running = max(0, state.running - 1)
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in ready { waiter.resume() }
    }

    /// Returns once no work is in progress (at once when none is).
    func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                if state.running == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }
}
