#if canImport(FoundationNetworking)
package import Foundation
package import FoundationNetworking

/// Runs URLSession exchanges on Linux without holding Swift concurrency's threads.
///
/// FoundationNetworking does every session's bookkeeping on one serial queue shared by the whole process, and its
/// calls (making a session or a task, `resume`, `data(for:)`) wait for that queue on the calling thread. Called from
/// a task, the wait holds one of the few cooperative threads (two on a two-core machine) for as long as any session
/// in the process keeps the queue busy, and every other task waits with it. Here the calls run on a queue of our own
/// and the result comes back through the completion handler.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
package enum FoundationNetworkingStart {
    private static let queue = DispatchQueue(label: "com.clerk.sdk.foundation-networking")

    /// The response to `request` on the session `makeSession` returns (made on the start queue).
    ///
    /// - Parameter invalidatingSession: Whether that session ends with this exchange (a session of its own).
    package static func data(
        for request: URLRequest, session makeSession: @escaping @Sendable () -> URLSession, invalidatingSession: Bool
    ) async throws -> (Data, URLResponse) {
        let started = StartedTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    let session = makeSession()
                    let task = session.dataTask(with: request) { data, response, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else if let response {
                            continuation.resume(returning: (data ?? Data(), response))
                        } else {
                            continuation.resume(throwing: URLError(.badServerResponse))
                        }
                    }
                    task.resume()
                    if invalidatingSession { session.finishTasksAndInvalidate() }
                    if started.attach(task) { task.cancel() }
                }
            }
        } onCancel: {
            if let task = started.cancel() { queue.async { task.cancel() } }
        }
    }
}

/// The task of one exchange, and whether it was cancelled before it existed.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
private final class StartedTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var isCancelled = false

    /// Keeps `task`; returns whether it must be cancelled at once.
    func attach(_ task: URLSessionTask) -> Bool {
        lock.withLock {
            self.task = task
            return isCancelled
        }
    }

    /// Marks the exchange cancelled; returns the task to cancel if it exists.
    func cancel() -> URLSessionTask? {
        lock.withLock {
            isCancelled = true
            return task
        }
    }
}
#endif
