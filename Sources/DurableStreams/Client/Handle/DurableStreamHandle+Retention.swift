@available(OS2022, *)
extension DurableStreamHandle {
    /// Starts a read at `offset`; when the stream's retention has dropped that offset, starts instead at the
    /// earliest offset the stream still holds (the server's `Stream-Earliest-Offset`).
    ///
    /// - Returns: The read, and the offset it skipped to (`nil` when it started at `offset`). Everything between
    ///   `offset` and `skippedTo` is gone for good.
    /// - Throws: ``DurableStreamError/retentionExpired`` when the server dropped the offset without saying where
    ///   the stream now begins, and the errors of ``stream(offset:live:)``.
    public func streamSkippingDropped(from offset: Offset, live: LiveMode = .auto) async throws(DurableStreamError)
        -> (response: StreamResponse, skippedTo: Offset?)
    {
        do {
            return (try await stream(offset: offset, live: live), nil)
        } catch {
            guard error.code == .retentionExpired, let earliest = error.context.earliestOffset else { throw error }
            return (try await stream(offset: earliest, live: live), earliest)
        }
    }
}
