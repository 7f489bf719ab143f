@available(OS2023, *)
extension Clerk {
    /// Waits until no Frontend API request is in flight (the background client refresh some responses start
    /// included), so that every response received is applied and the identity it changed is in the store.
    ///
    /// Call it before a process exits on its own (a command-line tool, a test): a write cut short by the exit
    /// loses the newest client. Requests started while it waits are waited for too.
    public func finishPendingWork() async {
        await core.fapi.settle()
    }
}
