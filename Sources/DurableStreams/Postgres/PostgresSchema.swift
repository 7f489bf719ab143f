import DurableStreamsStorage
import Logging
import PostgresNIO

/// The store's tables and their migrations.
///
/// Version 3 (version 1 had no `records.continues`, version 2 no retention columns):
///
/// ```
/// schema_version     one row: the version of the tables below
/// streams            one row per stream holding its path (live or soft-deleted): configuration, tail,
///                    closure, the last Stream-Seq, last use, fork origin and how many forks read from it, creation
///                    time, retention policy and retained start (everything before it was dropped)
/// records            one row per append, or per MiB of a larger non-JSON one: (stream, start position) → payload,
///                    and whether the append goes on in the next row (`continues`: true on every piece of an
///                    append but its last, so an append's extent is known, as a fork's sub-offset needs), and
///                    when it was appended (`appended_at`, seconds since 1970)
/// producers          (stream, producer id) → epoch and last sequence number
/// control_documents  (folder, name) → bytes (subscriptions)
/// ```
///
/// A position counts payload bytes, so a record ends at `start + length(payload)` and the next one starts
/// there. Migrations run at start inside one transaction holding an advisory lock, so nodes starting together
/// apply them once; a schema newer than this code is refused.
@available(OS2022, *)
enum PostgresSchema {
    /// The version this code writes and reads.
    static let currentVersion = 3

    /// Refuses a schema name that is not a plain lower-case identifier (it is spliced into SQL).
    static func checkName(_ name: String) throws(StreamStorageError) {
        let bytes = Array(name.utf8)
        let valid =
            (1...48).contains(bytes.count) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0])
            && bytes.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            }
        guard valid else {
            throw StreamStorageError(
                .invalidConfiguration,
                "the schema name must be 1–48 of a–z, 0–9 and _, not starting with a digit (got \(name.count) characters)"
            )
        }
    }

    /// The statements that take the tables from `version - 1` to `version`. `s` is the quoted schema.
    static func migration(to version: Int, schema s: String) -> [String] {
        switch version {
        case 1:
            return [
                """
                CREATE TABLE \(s).streams (
                    id bigserial PRIMARY KEY,
                    path text NOT NULL UNIQUE,
                    content_type text NOT NULL,
                    ttl_seconds bigint,
                    expires_at text,
                    tail bigint NOT NULL DEFAULT 0,
                    closed boolean NOT NULL DEFAULT false,
                    closed_by_producer text,
                    closed_by_epoch bigint,
                    closed_by_seq bigint,
                    last_stream_seq text,
                    last_use double precision NOT NULL,
                    soft_deleted boolean NOT NULL DEFAULT false,
                    fork_source bigint REFERENCES \(s).streams (id),
                    fork_offset bigint,
                    fork_sub_offset bigint,
                    fork_count integer NOT NULL DEFAULT 0
                )
                """,
                "CREATE INDEX ON \(s).streams (fork_source)",
                """
                CREATE TABLE \(s).records (
                    stream_id bigint NOT NULL REFERENCES \(s).streams (id) ON DELETE CASCADE,
                    start_pos bigint NOT NULL,
                    payload bytea NOT NULL,
                    PRIMARY KEY (stream_id, start_pos)
                )
                """,
                """
                CREATE TABLE \(s).producers (
                    stream_id bigint NOT NULL REFERENCES \(s).streams (id) ON DELETE CASCADE,
                    producer_id text NOT NULL,
                    epoch bigint NOT NULL,
                    last_seq bigint NOT NULL,
                    PRIMARY KEY (stream_id, producer_id)
                )
                """,
                """
                CREATE TABLE \(s).control_documents (
                    folder text NOT NULL,
                    name text NOT NULL,
                    bytes bytea NOT NULL,
                    PRIMARY KEY (folder, name)
                )
                """,
            ]
        case 2:
            // Version 1 stored every append as one row: none continues.
            return ["ALTER TABLE \(s).records ADD COLUMN continues boolean NOT NULL DEFAULT false"]
        case 3:
            // Rows written before have no time: they count as made at the migration, so age never drops them early.
            let now = "extract(epoch FROM now())::double precision"
            return [
                """
                ALTER TABLE \(s).streams
                    ADD COLUMN created_at double precision NOT NULL DEFAULT \(now),
                    ADD COLUMN retention_max_age bigint,
                    ADD COLUMN retention_max_bytes bigint,
                    ADD COLUMN retained_start bigint NOT NULL DEFAULT 0
                """,
                "ALTER TABLE \(s).records ADD COLUMN appended_at double precision NOT NULL DEFAULT \(now)",
            ]
        default:
            return []
        }
    }

    /// Creates the schema or brings it up to ``currentVersion``, on one connection.
    ///
    /// - Throws: ``StreamStorageError/Code/storageUnavailable`` when the schema is newer than this code, or a
    ///   statement fails (for example, the user may not create tables).
    static func migrate(_ connection: PostgresConnection, schema: String, logger: Logger) async throws {
        let s = "\"\(schema)\""
        try await connection.withTransaction(logger: logger) { connection in
            // Nodes starting together take turns; the lock ends with the transaction.
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(schema)))", logger: logger)
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(s)"), logger: logger)
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        CREATE TABLE IF NOT EXISTS \(s).schema_version (
                            singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
                            version integer NOT NULL
                        )
                        """), logger: logger)
            var found = 0
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT version FROM \(s).schema_version"), logger: logger)
            for try await version in rows.decode(Int32.self) { found = Int(version) }
            guard found <= currentVersion else {
                throw StreamStorageError(
                    .storageUnavailable,
                    "the schema \(schema) is at version \(found), newer than this server's \(currentVersion): "
                        + "upgrade the server, or use another schema")
            }
            guard found < currentVersion else { return }
            for version in (found + 1)...currentVersion {
                for statement in migration(to: version, schema: s) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
            let version = Int32(currentVersion)
            try await connection.query(
                """
                INSERT INTO \(unescaped: s).schema_version (singleton, version) VALUES (true, \(version))
                ON CONFLICT (singleton) DO UPDATE SET version = EXCLUDED.version
                """, logger: logger)
            logger.info("durable streams schema migrated", metadata: ["schema": "\(schema)", "version": "\(version)"])
        }
    }
}
