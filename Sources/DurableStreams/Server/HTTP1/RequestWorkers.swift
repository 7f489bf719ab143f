#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives

/// The tasks that run request handlers. A handler's task keeps the stack slabs of the deepest chain of calls it
/// made until it ends, so instead of a task per request (which allocates them all again each time), a task that
/// finished a request waits for the next one, up to ``maximumIdle`` of them; beyond that, a finished task ends.
/// A connection holds none of them while it waits for its next request.
@available(OS2023, *)
final class RequestWorkers: Sendable {
    typealias Job = @Sendable () async -> Void
    private typealias Worker = UnsafeContinuation<Job?, Never>

    private struct State {
        var idle: [Worker] = []
        /// Jobs handed to tasks that are starting.
        var pending: [Job] = []
        /// Jobs started and not finished.
        var running = 0
        var drained: [CheckedContinuation<Void, Never>] = []
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
        let worker = state.withLock { state -> Worker? in
            state.running += 1
            if let worker = state.idle.popLast() { return worker }
            state.pending.append(job)
            return nil
        }
        if let worker {
            worker.resume(returning: job)
        } else {
            // The job waits in `pending`: a task keeps no job it finished.
            Task { await self.work() }
        }
    }

    private func work() async {
        while let job = await next() {
            await job()
            let drained = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.running -= 1
                guard state.running == 0 else { return [] }
                defer { state.drained = [] }
                return state.drained
            }
            for waiter in drained { waiter.resume() }
        }
    }

    /// The next job, or `nil` when this task should end.
    private func next() async -> Job? {
        await withUnsafeContinuation { (worker: Worker) in
            let (job, kept) = state.withLock { state -> (Job?, Bool) in
                if !state.pending.isEmpty { return (state.pending.removeFirst(), false) }
                guard !state.isStopped, state.idle.count < maximumIdle else { return (nil, false) }
                state.idle.append(worker)
                return (nil, true)
            }
            if !kept { worker.resume(returning: job) }
        }
    }

    /// Returns once no job is running.
    func drain() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                guard state.running > 0 else { return true }
                state.drained.append(waiter)
                return false
            }
            if done { waiter.resume() }
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
