import Foundation

/// A few dedicated threads for blocking file I/O, so that reads, directory operations and fsyncs never
/// occupy the cooperative thread pool that serves requests.
///
/// `@unchecked Sendable`: the job queue is only touched with `condition` locked.
@available(OS2022, *)
final class BlockingIOPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var isStopped = false

    init(threads: Int, name: String) {
        for index in 0..<threads {
            let thread = Thread { [self] in self.work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    /// Runs `body` on a pool thread and returns its result.
    func run<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            enqueue {
                do throws(Failure) {
                    continuation.resume(returning: .success(try body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Lets the threads finish their queued jobs and exit.
    func stop() {
        condition.lock()
        isStopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func enqueue(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while head == jobs.count && !isStopped {
                condition.wait()
            }
            guard head < jobs.count else {
                condition.unlock()
                return
            }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
