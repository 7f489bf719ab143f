internal import CourierPrimitives

/// Asks the system for time to finish work in the background (UIKit's `beginBackgroundTask` on iOS).
@available(OS2022, *)
protocol BackgroundTimeProvider: Sendable {
    /// Requests background time; `expiration` runs on the main actor when the time is up, and the task must be
    /// ended before it returns. Returns the task's identifier, or nil if the system refused.
    @MainActor func begin(name: String, expiration: @escaping @MainActor @Sendable () -> Void) -> Int?

    /// Ends the task `identifier`.
    @MainActor func end(_ identifier: Int)
}

/// Runs work under background time: the thin driver of ``BackgroundTaskBookkeeping``.
@available(OS2022, *)
enum BackgroundTime {
    /// Runs `work` while holding background time from `provider`. When the time expires, the system task is ended
    /// at once and `work` is cancelled; cancelling the caller cancels `work` too.
    static func run(
        name: String, provider: some BackgroundTimeProvider,
        _ work: @escaping @Sendable () async throws(DurableStreamError) -> Void
    ) async throws(DurableStreamError) {
        let bookkeeping = Locked(BackgroundTaskBookkeeping())
        let task = Task<Void, any Error> { try await work() }
        // Begun and recorded in one main-actor turn, as UIKit runs the expiration handler on the main thread.
        await MainActor.run {
            let identifier = provider.begin(name: name) {
                perform(bookkeeping.withLock { $0.expired() }, provider: provider, task: task)
            }
            perform(bookkeeping.withLock { $0.began(identifier) }, provider: provider, task: task)
        }
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        await MainActor.run { perform(bookkeeping.withLock { $0.finished() }, provider: provider, task: task) }
        do {
            try result.get()
        } catch {
            throw (error as? DurableStreamError) ?? .cancelled
        }
    }

    @MainActor
    private static func perform(
        _ action: BackgroundTaskBookkeeping.Action, provider: some BackgroundTimeProvider, task: Task<Void, any Error>
    ) {
        switch action {
        case .none:
            break
        case .end(let identifier):
            provider.end(identifier)
        case .cancelAndEnd(let identifier):
            task.cancel()
            if let identifier { provider.end(identifier) }
        }
    }
}
