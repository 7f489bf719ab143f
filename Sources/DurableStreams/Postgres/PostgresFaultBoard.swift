public import DurableStreamsStorage
import PostgresNIO

/// The faults a test arms through a server's fault-injection endpoint, kept in the store's schema so that every
/// node serving it sees them: a fault armed through one node fires on whichever node the targeted request
/// reaches, the number of times it was armed for, across all nodes.
///
/// For testing only (a conformance run through several nodes): each request a node serves with fault injection on
/// costs one statement. The table (`test_faults`) is made by ``prepare()``; it is not part of the versioned schema.
@available(OS2022, *)
public struct PostgresFaultBoard: Sendable {
    private let store: PostgresStreamStorage

    /// A board in `store`'s schema.
    public init(_ store: PostgresStreamStorage) {
        self.store = store
    }

    /// Makes the board's table if it is missing.
    public func prepare() async throws(StreamStorageError) {
        let schema = store.schema
        try await store.connection { connection in
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS \(unescaped: schema).test_faults (
                    path text PRIMARY KEY,
                    method text,
                    remaining integer NOT NULL,
                    probability double precision,
                    definition bytea NOT NULL
                )
                """, logger: store.logger)
        }
    }

    /// Arms a fault for the next `count` requests to `path` (of `method` only, when given), each taken with
    /// `probability` (always when `nil`), replacing any fault armed there. `definition` is kept as given and
    /// returned by ``take(path:method:)``.
    public func arm(path: String, method: String?, count: Int, probability: Double?, definition: [UInt8])
        async throws(StreamStorageError)
    {
        let schema = store.schema
        let remaining = Int32(clamping: count)
        let buffer = ByteBuffer(bytes: definition)
        try await store.connection { connection in
            try await connection.query(
                """
                INSERT INTO \(unescaped: schema).test_faults (path, method, remaining, probability, definition)
                VALUES (\(path), \(method), \(remaining), \(probability), \(buffer))
                ON CONFLICT (path) DO UPDATE SET method = EXCLUDED.method, remaining = EXCLUDED.remaining,
                    probability = EXCLUDED.probability, definition = EXCLUDED.definition
                """, logger: store.logger)
        }
    }

    /// Disarms every fault.
    public func disarmAll() async throws(StreamStorageError) {
        let schema = store.schema
        try await store.connection { connection in
            try await connection.query("DELETE FROM \(unescaped: schema).test_faults", logger: store.logger)
        }
    }

    /// Takes one use of the fault armed for a `method` request to `path`, if there is one and its dice say so,
    /// and returns its definition. One statement decides it, so two nodes never take the same use.
    public func take(path: String, method: String) async throws(StreamStorageError) -> [UInt8]? {
        let schema = store.schema
        return try await store.connection { connection in
            let rows = try await connection.query(
                """
                UPDATE \(unescaped: schema).test_faults SET remaining = remaining - 1
                WHERE path = \(path) AND remaining > 0 AND (method IS NULL OR upper(method) = upper(\(method)))
                    AND (probability IS NULL OR random() < probability)
                RETURNING definition
                """, logger: store.logger)
            var definition: [UInt8]?
            for try await bytes in rows.decode(ByteBuffer.self) { definition = Array(bytes.readableBytesView) }
            return definition
        }
    }
}
