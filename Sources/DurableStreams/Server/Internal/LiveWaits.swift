import CourierPrimitives
import DurableStreamsStorage
import NIOCore

/// The waits of live reads (long-poll and SSE), so that stopping the server ends them at once instead of
/// waiting out their timeouts, and a reader whose connection closed stops waiting.
final class LiveWaits: Sendable {
    private struct State {
        var tasks: [UInt64: Task<WaitResult, Never>] = [:]
        var nextID: UInt64 = 0
        var isStopped = false
    }

    private let state = Locked(State())
    private let counts = Broadcast<Int>(replayLatest: true)

    init() {
        counts.send(0)
    }

    /// The number of live reads waiting now.
    var count: Int { state.withLock { $0.tasks.count } }

    /// The number of waiting live reads, now and after every change.
    var countChanges: AsyncStream<Int> { counts.subscribe() }

    /// Runs a wait that ``stopAll()``, the connection closing, or cancelling the caller cuts short with
    /// ``WaitResult/cancelled``.
    func wait(
        until connectionCloses: EventLoopFuture<Void>,
        _ body: @escaping @Sendable () async -> WaitResult
    ) async -> WaitResult {
        let task = Task { await body() }
        let registered = state.withLock { state -> (UInt64, Int)? in
            guard !state.isStopped else { return nil }
            state.nextID &+= 1
            state.tasks[state.nextID] = task
            return (state.nextID, state.tasks.count)
        }
        guard let (id, count) = registered else {
            task.cancel()
            return .shutdown
        }
        counts.send(count)
        connectionCloses.whenComplete { _ in task.cancel() }
        defer {
            let count = state.withLock { state -> Int in
                state.tasks[id] = nil
                return state.tasks.count
            }
            counts.send(count)
        }
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
