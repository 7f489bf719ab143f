import DurableStreamsPostgres
import DurableStreamsServer
import DurableStreamsStorage

/// The server's shared fault board on a PostgreSQL store: `serve --store postgres --fault-injection` arms faults in
/// the database, so that every node sees them.
@available(OS2023, *)
struct PostgresSharedFaults: SharedFaultBoard {
    let board: PostgresFaultBoard

    func arm(path: String, method: String?, count: Int, probability: Double?, definition: [UInt8])
        async throws(StreamStorageError)
    {
        try await board.arm(path: path, method: method, count: count, probability: probability, definition: definition)
    }

    func disarmAll() async throws(StreamStorageError) {
        try await board.disarmAll()
    }

    func take(path: String, method: String) async throws(StreamStorageError) -> [UInt8]? {
        try await board.take(path: path, method: method)
    }
}
