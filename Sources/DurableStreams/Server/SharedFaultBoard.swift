public import DurableStreamsStorage

/// Where a server keeps the faults that `POST /_test/inject-error` arms when several server processes serve the
/// same streams, so that a fault armed through one node fires on whichever node the targeted request reaches.
///
/// Without one (``DurableStreamsServer/Configuration/sharedFaults`` is `nil`) each process keeps its own faults.
/// `PostgresFaultBoard` (DurableStreamsPostgres) keeps them in a PostgreSQL store's schema; `durable-streams serve
/// --store postgres --fault-injection` uses it. For testing only, like fault injection itself.
@available(OS2022, *)
public protocol SharedFaultBoard: Sendable {
    /// Arms a fault for the next `count` requests to `path` (of `method` only, when given), each taken with
    /// `probability` (always when `nil`), replacing any fault armed there; `definition` is the control request's
    /// body, returned by ``take(path:method:)``.
    func arm(path: String, method: String?, count: Int, probability: Double?, definition: [UInt8])
        async throws(StreamStorageError)

    /// Disarms every fault.
    func disarmAll() async throws(StreamStorageError)

    /// Takes one use of the fault armed for a `method` request to `path`, if any and its dice say so, and returns
    /// its definition; no two nodes take the same use.
    func take(path: String, method: String) async throws(StreamStorageError) -> [UInt8]?
}
