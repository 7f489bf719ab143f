#if os(Linux)
import Glibc

/// The watcher's thread as a task executor: jobs of tasks that prefer it run there, in order, between rounds of
/// inotify events. A job enqueued by the thread itself (a handler resuming a waiting task) costs no system call;
/// one enqueued from elsewhere while the thread sleeps in `poll(2)` writes one byte to its wake-up pipe.
@available(OS2021, *)
extension InotifyWatcher: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        switch state.withLock({ $0.enqueue(job) }) {
        case .none:
            break
        case .wake:
            wake()
        case .start:
            startThread()
        case .forward:
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }
}

/// The watcher thread's lifecycle and job queue: a value, changed under the watcher's lock.
struct WatcherState<Job: Sendable>: Sendable {
    private(set) var started = false
    private(set) var stopped = false
    /// The thread has returned: jobs go to the shared pool.
    private var ended = false
    /// The thread is in, or about to enter, `poll(2)`: a job from another thread must wake it.
    private var polling = false
    private var wakePosted = false
    private var jobs: [Job] = []

    enum Enqueued: Equatable {
        case none, wake, start, forward
    }

    enum Step: Equatable {
        case run, poll, stop
    }

    /// Whether the caller should start the thread.
    mutating func start() -> Bool {
        guard !started, !stopped else { return false }
        started = true
        return true
    }

    /// Whether the thread was started (it must be woken to end) or not (the caller closes the descriptors);
    /// `nil` if already stopped.
    mutating func stop() -> Bool? {
        guard !stopped else { return nil }
        stopped = true
        return started
    }

    mutating func enqueue(_ job: Job) -> Enqueued {
        if ended || (stopped && !started) { return .forward }
        jobs.append(job)
        if !started {
            started = true
            return .start
        }
        guard polling, !wakePosted else { return .none }
        wakePosted = true
        return .wake
    }

    /// What the thread does next: run the waiting jobs (moved into `batch`), sleep in `poll(2)`, or end.
    mutating func nextStep(taking batch: inout [Job]) -> Step {
        batch.removeAll(keepingCapacity: true)
        if stopped { return .stop }
        if jobs.isEmpty {
            polling = true
            return .poll
        }
        swap(&jobs, &batch)
        return .run
    }

    mutating func woke() {
        polling = false
        wakePosted = false
    }

    /// Marks the thread ended and hands back the jobs it did not run.
    mutating func end() -> [Job] {
        ended = true
        defer { jobs = [] }
        return jobs
    }
}
#endif
