import CourierPrimitives

/// Runs at most one operation per key at a time; callers that arrive while it runs share its result.
///
/// Cancelling a caller stops its wait at once; the shared operation is cancelled only when every caller waiting
/// for it was cancelled.
@available(OS2023, *)
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var task: Task<Result<Value, ClerkError>, Never>
        var waiters: Int
    }

    private let running = Protected<[Key: Entry]>([:])

    /// The result of the running operation for `key`, or of a new one started with `operation`.
    func run(
        _ key: Key, operation: @escaping @Sendable () async throws(ClerkError) -> Value
    ) async throws(ClerkError) -> Value {
        let task = running.withLock { entries in
            if var entry = entries[key] {
                entry.waiters += 1
                entries[key] = entry
                return entry.task
            }
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
            entries[key] = Entry(task: task, waiters: 1)
            return task
        }
        // The caller waits on its own hand-off, so cancelling it ends its wait at once even while the shared
        // operation goes on for other callers.
        let handOff = HandOff<Result<Value, ClerkError>>()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                handOff.install(continuation)
                Task { handOff.deliver(await task.value) }
            }
        } onCancel: {
            handOff.deliver(.failure(ClerkError(.cancelled, "The task was cancelled.")))
            self.leave(key, task: task)
        }
        try Task.checkCancellation(orThrow: ClerkError(.cancelled, "The task was cancelled."))
        return try result.get()
    }

    /// Whether an operation for `key` is running.
    func isRunning(_ key: Key) -> Bool {
        running.withLock { $0[key] != nil }
    }

    private func leave(_ key: Key, task: Task<Result<Value, ClerkError>, Never>) {
        let cancel = running.withLock { entries -> Bool in
            guard var entry = entries[key], entry.task == task else { return false }
            entry.waiters -= 1
            entries[key] = entry
            return entry.waiters <= 0
        }
        if cancel { task.cancel() }
    }

    private func finish(_ key: Key) {
        running.withLock { _ = $0.removeValue(forKey: key) }
    }
}

@available(OS2023, *)
extension Task where Success == Never, Failure == Never {
    /// Throws `error` when the current task is cancelled.
    static func checkCancellation(orThrow error: ClerkError) throws(ClerkError) {
        if Task<Never, Never>.isCancelled { throw error }
    }
}
