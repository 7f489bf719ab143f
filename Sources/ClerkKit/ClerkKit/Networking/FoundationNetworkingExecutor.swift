#if canImport(FoundationNetworking)
import Foundation

/// The executor URLSession calls run on, on Linux: a queue of ClerkKit's own, not Swift concurrency's threads.
///
/// FoundationNetworking does every session's bookkeeping on one serial queue shared by the whole process, and
/// `data(for:)` waits for that queue on the calling thread before it suspends. From a task, the wait holds one of
/// the few cooperative threads (two on a two-core machine) for as long as any session in the process keeps the queue
/// busy, and every other task waits with it. Running the call with this executor as its preference moves the wait
/// here; the call itself is unchanged.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
package final class FoundationNetworkingExecutor: TaskExecutor {
    package static let shared = FoundationNetworkingExecutor()

    private let queue = DispatchQueue(label: "com.clerk.sdk.foundation-networking")

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
#endif
