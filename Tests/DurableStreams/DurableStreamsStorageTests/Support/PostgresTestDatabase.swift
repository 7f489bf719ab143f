import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation

/// The PostgreSQL database the tests use: `DURABLE_STREAMS_POSTGRES_URL`, set by `scripts/test` (which starts a
/// throwaway cluster). Each test gets a schema of its own, dropped afterwards.
enum PostgresTestDatabase {
    /// The database's URL, if one is configured.
    static var url: String? {
        ProcessInfo.processInfo.environment["DURABLE_STREAMS_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The PEM file of the authority that signed the test cluster's certificate (`DURABLE_STREAMS_POSTGRES_CA`).
    static var certificateAuthority: String? {
        ProcessInfo.processInfo.environment["DURABLE_STREAMS_POSTGRES_CA"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether a database is configured.
    static var isConfigured: Bool { url != nil }

    /// Whether the run must include the PostgreSQL cases (CI): without a database they fail instead of being left
    /// out.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["DURABLE_STREAMS_POSTGRES_REQUIRED"] == "1" }

    /// Options for a fresh schema of the test database.
    @available(OS2023, *)
    static func options(schema: String = uniqueSchema(), now: @escaping @Sendable () -> Date = { Date() }) throws
        -> PostgresStreamStorage.Options
    {
        guard let url else {
            throw StreamStorageError(
                .invalidConfiguration,
                "DURABLE_STREAMS_POSTGRES_URL is not set: run scripts/test, or start PostgreSQL and set it")
        }
        var options = try PostgresStreamStorage.Options(url: url)
        options.schema = schema
        options.poolSize = 4
        // Two hundred appends to one stream queue behind its row lock on four connections: in the parallel pass on a
        // loaded two-core machine the last waits over a minute (seen once at 60 s). Tests check what is stored, not
        // how fast; the timeout's own test sets a short one.
        options.queueTimeout = .seconds(300)
        options.fallbackPollInterval = .milliseconds(200)
        options.now = now
        return options
    }

    /// A schema name no other test uses.
    @available(OS2023, *)
    static func uniqueSchema() -> String {
        "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
    }

    /// Runs `body` with a store on a fresh schema, then shuts it down and drops the schema.
    @available(OS2023, *)
    static func withStore<Value: Sendable>(
        now: @escaping @Sendable () -> Date = { Date() },
        _ body: (PostgresStreamStorage) async throws -> Value
    ) async throws -> Value {
        let options = try options(now: now)
        let store = try await PostgresStreamStorage.open(options)
        do {
            let value = try await body(store)
            await store.shutdown()
            try await dropSchema(options)
            return value
        } catch {
            await store.shutdown()
            try? await dropSchema(options)
            throw error
        }
    }

    /// Drops a test's schema (through a store of its own: the test may have shut its store down).
    @available(OS2023, *)
    static func dropSchema(_ options: PostgresStreamStorage.Options) async throws {
        try await PostgresStreamStorage.dropSchema(options)
    }
}
