#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives

/// The tasks that run request handlers. A handler's task keeps the stack slabs of the deepest chain of calls it
/// made until it ends, so instead of a task per request (which allocates them all again each time), a task that
/// finished a request waits for the next one, up to ``maximumIdle`` of them; beyond that, a finished task ends.
/// A connection holds none of them while it waits for its next request.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class RequestWorkers: Sendable {
    typealias Job = @Sendable () async -> Void
    private typealias Worker = UnsafeContinuation<Job?, Never>

    private struct State {
        var idle: [Worker] = []
        var isStopped = false
    }

    /// Finished tasks kept waiting for requests.
    let maximumIdle: Int
    private let state = Locked(State())

    init(maximumIdle: Int = 32) {
        self.maximumIdle = maximumIdle
    }

    /// Runs `job` on an idle task, or on a new one.
    func run(_ job: @escaping Job) {
        if let worker = state.withLock({ $0.idle.popLast() }) {
            worker.resume(returning: job)
        } else {
            Task { await self.work(starting: job) }
        }
    }

    private func work(starting first: @escaping Job) async {
        var job: Job? = first
        while let current = job {
            await current()
            job = await next()
        }
    }

    /// The next job, or `nil` when this task should end.
    private func next() async -> Job? {
        await withUnsafeContinuation { (worker: Worker) in
            let kept = state.withLock { state -> Bool in
                guard !state.isStopped, state.idle.count < maximumIdle else { return false }
                state.idle.append(worker)
                return true
            }
            if !kept { worker.resume(returning: nil) }
        }
    }

    /// Ends the idle tasks, and each busy one when its job ends.
    func stop() {
        let idle = state.withLock { state -> [Worker] in
            state.isStopped = true
            defer { state.idle = [] }
            return state.idle
        }
        for worker in idle { worker.resume(returning: nil) }
    }
}
#endif
