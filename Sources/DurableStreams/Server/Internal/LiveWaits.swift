import CourierPrimitives
import DurableStreamsStorage

/// The waits of live reads (long-poll and SSE), so that stopping the server ends them at once instead of
/// waiting out their timeouts.
final class LiveWaits: Sendable {
    private struct State {
        var tasks: [UInt64: Task<WaitResult, Never>] = [:]
        var nextID: UInt64 = 0
        var isStopped = false
    }

    private let state = Locked(State())

    /// The number of live reads waiting now.
    var count: Int { state.withLock { $0.tasks.count } }

    /// Runs a wait that ``stopAll()`` (or cancelling the caller) can cut short with ``WaitResult/cancelled``.
    func wait(_ body: @escaping @Sendable () async -> WaitResult) async -> WaitResult {
        let task = Task { await body() }
        let id = state.withLock { state -> UInt64? in
            guard !state.isStopped else { return nil }
            state.nextID &+= 1
            state.tasks[state.nextID] = task
            return state.nextID
        }
        guard let id else {
            task.cancel()
            return .shutdown
        }
        defer { _ = state.withLock { $0.tasks.removeValue(forKey: id) } }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Ends every wait now and every later one at once.
    func stopAll() {
        let tasks = state.withLock { state -> [Task<WaitResult, Never>] in
            state.isStopped = true
            return Array(state.tasks.values)
        }
        for task in tasks { task.cancel() }
    }
}
