@available(OS2024, *)
extension Wormhole {
    /// The thread this wormhole's notifications arrive on, as a task executor; `nil` where there is no such thread
    /// (Apple platforms, in-memory and custom notifiers).
    ///
    /// By default a stream's consumer runs on the concurrency pool: a notification wakes the notifier's thread,
    /// which then wakes a pool thread to read and decode the message. A task that prefers this executor is
    /// resumed on the notifier's thread itself and reads, decodes and handles the message there, one thread wake
    /// per message instead of two (on Linux, `wormhole-benchmark` measures the difference):
    ///
    /// ```swift
    /// let pings = try await wormhole.messages(Ping.self, for: "ping")
    /// await withTaskExecutorPreference(wormhole.deliveryExecutor) {
    ///     for await delivery in pings { … }
    /// }
    /// ```
    ///
    /// The cost: while such a task runs, it holds the thread that every stream and listener of this wormhole is
    /// woken from, so their notifications wait until it next suspends. Nothing is lost meanwhile (messages stay
    /// in storage, and the waiting notifications coalesce), but keep slow work off it: hand it to another task.
    /// Tasks that still prefer the executor once the wormhole is released go on on the shared pool.
    public nonisolated var deliveryExecutor: (any TaskExecutor)? {
        #if os(Linux)
        (core.notifier as? InotifyNotifier)?.deliveryExecutor
        #else
        nil
        #endif
    }
}
