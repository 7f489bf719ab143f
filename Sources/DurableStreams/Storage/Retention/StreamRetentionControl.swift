/// A store that keeps streams under a retention policy (``StreamRetention``): it drops a stream's oldest
/// appends as the policy says, on append and in bounded background passes, and answers reads of what it
/// dropped with ``StreamStorageError/Code/offsetDropped``.
///
/// The stream's offsets never move: ``StreamInfo/retainedStart`` is where what remains begins, and a read
/// from the beginning starts there. A fork keeps what it inherited: while a stream has forks, what its
/// retention drops is hidden from its own readers but kept for theirs, and released once they are gone.
@available(OS2022, *)
public protocol StreamRetentionControl: StreamStorage {
    /// Replaces a stream's retention policy and applies it at once (within one pass's budget).
    ///
    /// - Returns: The stream's metadata after the change.
    /// - Throws: ``StreamStorageError/Code/notFound`` and ``StreamStorageError/Code/gone`` as for reads.
    func setRetention(_ path: StreamPath, _ retention: StreamRetention) async throws(StreamStorageError)
        -> StreamInfo

    /// One background pass: applies every stream's retention, dropping at most `budget` appends per stream.
    ///
    /// - Returns: How many appends were dropped.
    @discardableResult
    func compactRetained(budget: Int) async -> Int
}
