public import DurableStreamsStorage
import PostgresNIO

@available(OS2022, *)
extension PostgresStreamStorage: StreamCatalog {
    /// The paths of the live streams.
    public func streamPaths() async throws(StreamStorageError) -> [StreamPath] {
        try await connection { connection in
            let rows = try await connection.query(
                "SELECT path FROM \(unescaped: self.schema).streams WHERE NOT soft_deleted", logger: self.logger)
            var paths: [StreamPath] = []
            for try await text in rows.decode(String.self) { paths.append(try StreamPath(validating: text)) }
            return paths
        }
    }

    /// Every document in `folder`, by name.
    public func controlDocuments(in folder: String) async throws(StreamStorageError) -> [String: [UInt8]] {
        try ControlName.check(folder)
        return try await connection { connection in
            let rows = try await connection.query(
                "SELECT name, bytes FROM \(unescaped: self.schema).control_documents WHERE folder = \(folder)",
                logger: self.logger)
            var documents: [String: [UInt8]] = [:]
            for try await (name, bytes) in rows.decode((String, ByteBuffer).self) {
                documents[name] = Array(bytes.readableBytesView)
            }
            return documents
        }
    }

    /// Writes a document, replacing one of the same name (every node sees it at once).
    public func writeControlDocument(_ bytes: [UInt8], named name: String, in folder: String)
        async throws(StreamStorageError)
    {
        try ControlName.check(folder, name)
        guard bytes.count <= 1 << 20 else {
            throw StreamStorageError(.invalidPayload, "a control document holds at most 1 MiB")
        }
        let buffer = ByteBuffer(bytes: bytes)
        try await connection { connection in
            try await connection.query(
                """
                INSERT INTO \(unescaped: self.schema).control_documents (folder, name, bytes)
                VALUES (\(folder), \(name), \(buffer))
                ON CONFLICT (folder, name) DO UPDATE SET bytes = EXCLUDED.bytes
                """, logger: self.logger)
        }
    }

    /// Removes a document, if there is one.
    public func removeControlDocument(named name: String, in folder: String) async throws(StreamStorageError) {
        try ControlName.check(folder, name)
        try await connection { connection in
            try await connection.query(
                """
                DELETE FROM \(unescaped: self.schema).control_documents WHERE folder = \(folder) AND name = \(name)
                """, logger: self.logger)
        }
    }

    /// Drops the store's schema and everything in it (tests, and tearing down a deployment).
    package func removeSchema() async throws(StreamStorageError) {
        try await connection { connection in
            try await connection.query(
                "DROP SCHEMA IF EXISTS \(unescaped: self.schema) CASCADE", logger: self.logger)
        }
    }
}

/// The names a control document may have (as the other stores accept them).
@available(OS2022, *)
enum ControlName {
    static func check(_ names: String...) throws(StreamStorageError) {
        for name in names {
            let valid =
                (1...128).contains(name.utf8.count) && name != "." && name != ".."
                && name.utf8.allSatisfy { byte in
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                        true
                    default: false
                    }
                }
            guard valid else { throw StreamStorageError(.invalidPath, "invalid control document name \"\(name)\"") }
        }
    }
}

@available(OS2022, *)
extension PostgresStreamStorage {
    /// Ends every session listening for this schema's changes, on any node (fault tests: a dropped channel).
    package func terminateListeners() async throws(StreamStorageError) {
        try await connection { connection in
            try await connection.query(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                    AND query = \("LISTEN \"\(self.feed.channel)\";")
                """, logger: self.logger)
        }
    }

    /// How many sessions listen on this schema's channel, on every node (fault tests: a reconnected listener).
    package func listenerCount() async throws(StreamStorageError) -> Int {
        try await connection { connection in
            let rows = try await connection.query(
                """
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = current_database() AND query = \("LISTEN \"\(self.feed.channel)\";")
                """, logger: self.logger)
            var count = 0
            for try await value in rows.decode(Int64.self) { count = Int(value) }
            return count
        }
    }

    /// Whether a pooled session is encrypted (TLS tests).
    package func sessionUsesTLS() async throws(StreamStorageError) -> Bool {
        try await connection { connection in
            let rows = try await connection.query(
                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", logger: self.logger)
            var encrypted = false
            for try await value in rows.decode(Bool.self) { encrypted = value }
            return encrypted
        }
    }

    /// How many operations hold or wait for a connection now (fault tests: an exhausted pool).
    package var admittedOperations: Int { admission.count }

    /// How many operations hold a connection now (fault tests: an exhausted pool).
    package var runningOperations: Int { admission.runningCount }

    /// Holds one pooled connection for `seconds` (fault tests: an exhausted pool).
    package func holdConnection(seconds: Double) async throws(StreamStorageError) {
        try await connection { connection in
            try await connection.query("SELECT pg_sleep(\(seconds))", logger: self.logger)
        }
    }
}

@available(OS2022, *)
extension PostgresStreamStorage {
    /// Marks the schema as written by another version (tests: a newer schema is refused at start).
    package func setSchemaVersion(_ version: Int) async throws(StreamStorageError) {
        let value = Int32(clamping: version)
        try await connection { connection in
            try await connection.query(
                "UPDATE \(unescaped: self.schema).schema_version SET version = \(value)", logger: self.logger)
        }
    }
}

@available(OS2022, *)
extension PostgresStreamStorage {
    /// The schema's version (migration tests).
    package func schemaVersion() async throws(StreamStorageError) -> Int {
        try await connection { connection in
            let rows = try await connection.query(
                "SELECT version FROM \(unescaped: self.schema).schema_version", logger: self.logger)
            var version = 0
            for try await value in rows.decode(Int32.self) { version = Int(value) }
            return version
        }
    }
}

@available(OS2022, *)
extension PostgresStreamStorage {
    /// How many records the stream's row holds, dropped ones still kept included (retention tests).
    package func storedRecordCount(_ path: StreamPath) async throws(StreamStorageError) -> Int {
        try await connection { connection in
            let rows = try await connection.query(
                """
                SELECT count(*) FROM \(unescaped: self.schema).records r
                JOIN \(unescaped: self.schema).streams s ON s.id = r.stream_id WHERE s.path = \(path.value)
                """, logger: self.logger)
            var count = 0
            for try await value in rows.decode(Int64.self) { count = Int(value) }
            return count
        }
    }
}
