import CourierPrimitives

/// Delivers the outcome of starting once, to one waiter.
@available(OS2023, *)
final class StartSignal: Sendable {
    private struct State {
        var outcome: Result<Int, Failure>?
        var waiter: CheckedContinuation<Result<Int, Failure>, Never>?
    }

    struct Failure: Error {
        let message: String
    }

    private let state = Locked(State())

    var value: Result<Int, Failure> {
        get async {
            let outcome = await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Result<Int, Failure>? in
                    if let outcome = state.outcome { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
            return outcome
        }
    }

    func succeed(_ port: Int) { deliver(.success(port)) }

    func fail(_ message: String) { deliver(.failure(Failure(message: message))) }

    private func deliver(_ outcome: Result<Int, Failure>) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Int, Failure>, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }
}
