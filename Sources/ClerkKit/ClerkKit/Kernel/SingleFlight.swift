/// Runs at most one operation per key at a time; callers that arrive while it runs share its result.
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let running = Protected<[Key: Task<Result<Value, ClerkError>, Never>]>([:])

    /// The result of the running operation for `key`, or of a new one started with `operation`.
    ///
    /// Cancelling one caller does not cancel the shared operation: the other callers still need it.
    func run(
        _ key: Key, operation: @escaping @Sendable () async throws(ClerkError) -> Value
    ) async throws(ClerkError) -> Value {
        let task = running.withLock { tasks in
            if let task = tasks[key] { return task }
            let task = Task<Result<Value, ClerkError>, Never> {
                let result: Result<Value, ClerkError>
                do throws(ClerkError) {
                    result = .success(try await operation())
                } catch {
                    result = .failure(error)
                }
                self.finish(key)
                return result
            }
            tasks[key] = task
            return task
        }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
        }
        try Task.checkCancellation(orThrow: ClerkError(.cancelled, "The task was cancelled."))
        return try result.get()
    }

    /// Whether an operation for `key` is running.
    func isRunning(_ key: Key) -> Bool {
        running.withLock { $0[key] != nil }
    }

    private func finish(_ key: Key) {
        running.withLock { _ = $0.removeValue(forKey: key) }
    }
}

extension Task where Success == Never, Failure == Never {
    /// Throws `error` when the current task is cancelled.
    static func checkCancellation(orThrow error: ClerkError) throws(ClerkError) {
        if Task<Never, Never>.isCancelled { throw error }
    }
}
