import CourierPrimitives

/// A first-come, first-served lock for async code: one body runs at a time, across suspension points.
@available(OS2022, *)
final class AsyncGate: Sendable {
    private struct State {
        var isHeld = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var head = 0
    }

    private let state = Locked(State())

    /// Runs `body` once every earlier caller has finished.
    func withGate<Value: Sendable, Failure: Error>(
        _ body: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state -> Bool in
                if state.isHeld {
                    state.waiters.append(continuation)
                    return false
                }
                state.isHeld = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.head < state.waiters.count else {
                state.waiters.removeAll()
                state.head = 0
                state.isHeld = false
                return nil
            }
            let next = state.waiters[state.head]
            state.head += 1
            return next
        }
        next?.resume()
    }
}
