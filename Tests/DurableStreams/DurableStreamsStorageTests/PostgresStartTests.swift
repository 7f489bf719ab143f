import CourierTestSupport
import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation
import Testing

/// Starting the PostgreSQL store with bad settings fails with a clear error.
@Suite("PostgreSQL store: start and faults")
struct PostgresStartTests {
    @Test("Malformed URLs and options are refused before connecting")
    @available(OS2023, *)
    func badOptions() async throws {
        for url in ["http://host/db", "postgres://", "postgres://u@h:99999/d", "postgres://u@h/d?sslmode=sometimes"] {
            #expect(throws: StreamStorageError(.invalidConfiguration)) { try PostgresStreamStorage.Options(url: url) }
        }
        var options = try PostgresStreamStorage.Options(url: "postgres://u:p@127.0.0.1:1/d")
        options.schema = "x\"; DROP SCHEMA public; --"
        await #expect(throws: StreamStorageError(.invalidConfiguration)) {
            try await PostgresStreamStorage.open(options)
        }
    }

    @Test(
        "An unreachable server and wrong credentials fail at start, without the password in the message",
        .enabled(if: PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired))
    @available(OS2023, *)
    func unreachableAndCredentials() async throws {
        var options = try PostgresTestDatabase.options()
        options.password = "not-the-password"
        do {
            _ = try await PostgresStreamStorage.open(options)
            Issue.record("opened with a wrong password")
        } catch {
            #expect(error.code == .storageUnavailable)
            #expect(error.message.contains("password authentication failed"))
            #expect(!error.message.contains("not-the-password"))
        }
        options = try PostgresTestDatabase.options()
        options.port = 1
        do {
            _ = try await PostgresStreamStorage.open(options)
            Issue.record("opened an unreachable database")
        } catch {
            #expect(error.code == .storageUnavailable)
            #expect(error.message.contains("cannot connect"))
        }
    }

    @Test(
        "A schema written by a newer version is refused; an older one is migrated",
        .enabled(if: PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired))
    @available(OS2023, *)
    func schemaVersions() async throws {
        let options = try PostgresTestDatabase.options()
        let store = try await PostgresStreamStorage.open(options)
        try await store.makeText(try path(), "kept")
        try await store.setSchemaVersion(99)
        await store.shutdown()
        do {
            _ = try await PostgresStreamStorage.open(options)
            Issue.record("opened a newer schema")
        } catch {
            #expect(error.code == .storageUnavailable)
            #expect(error.message.contains("newer"))
        }
        try await PostgresTestDatabase.dropSchema(options)
    }

    @Test(
        "A version-1 schema is migrated in place: its appends read and fork with sub-offsets as before",
        .enabled(if: PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired))
    @available(OS2023, *)
    func migratesVersion1() async throws {
        let options = try PostgresTestDatabase.options()
        try await PostgresStreamStorage.createSchema(options, version: 1)
        let s = "\"\(options.schema)\""
        try await PostgresStreamStorage.execute(
            options,
            [
                """
                INSERT INTO \(s).streams (path, content_type, tail, last_use)
                VALUES ('/old', 'application/octet-stream', 6, extract(epoch FROM now()))
                """,
                """
                INSERT INTO \(s).records (stream_id, start_pos, payload)
                SELECT id, 0, '\\x616263'::bytea FROM \(s).streams WHERE path = '/old'
                UNION ALL SELECT id, 3, '\\x646566'::bytea FROM \(s).streams WHERE path = '/old'
                """,
            ])
        let store = try await PostgresStreamStorage.open(options)
        do {
            #expect(try await store.schemaVersion() == 3)
            let old = try path("/old")
            #expect(try await store.text(old) == "abcdef")
            try await store.fork(try path("/part"), from: old, at: .zero, subOffset: 2)
            #expect(try await store.text(try path("/part")) == "ab")
            try await store.fork(try path("/whole"), from: old, at: .zero, subOffset: 3)
            #expect(try await store.text(try path("/whole")) == "abc")
            await #expect(throws: StreamStorageError(.invalidForkOffset)) {
                try await store.fork(try path("/over"), from: old, at: .zero, subOffset: 4)
            }
            try await store.fork(try path("/second"), from: old, at: StreamOffset(position: 3), subOffset: 3)
            #expect(try await store.text(try path("/second")) == "abcdef")
            try await store.appendText(old, "g", contentType: "application/octet-stream")
            #expect(try await store.text(old) == "abcdefg")
            // Records written before the migration count as appended at it: age drops none of them yet.
            #expect(try await store.setRetention(old, StreamRetention(maxAge: 3600)).retainedStart == .zero)
            let kept = try await store.setRetention(old, StreamRetention(maxBytes: 1))
            #expect(kept.retainedStart == StreamOffset(position: 6))
            #expect(try await store.text(old) == "g")
        } catch {
            await store.shutdown()
            try? await PostgresTestDatabase.dropSchema(options)
            throw error
        }
        await store.shutdown()
        try await PostgresTestDatabase.dropSchema(options)
    }

    @Test(
        "Appends over the store's size limit are refused with invalidPayload, whole; one at the limit is stored",
        .enabled(if: PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired))
    @available(OS2023, *)
    func appendSizeLimit() async throws {
        var options = try PostgresTestDatabase.options()
        options.maximumAppendBytes = 1024
        let store = try await PostgresStreamStorage.open(options)
        do {
            let stream = try path()
            var create = CreateRequest(configuration: StreamConfiguration(contentType: "application/octet-stream"))
            create.initialPayload = [UInt8](repeating: 1, count: 1025)
            await #expect(throws: StreamStorageError(.invalidPayload)) { try await store.create(stream, create) }
            create.initialPayload = []
            _ = try await store.create(stream, create)
            var append = AppendRequest(
                payload: [UInt8](repeating: 2, count: 1025), contentType: "application/octet-stream")
            await #expect(throws: StreamStorageError(.invalidPayload)) { try await store.append(stream, append) }
            append.payload = [UInt8](repeating: 3, count: 1024)
            #expect(
                try await store.append(stream, append) == .appended(tail: StreamOffset(position: 1024), closed: false))
            #expect(try await store.readAll(stream) == append.payload)
            var tooLarge = options
            tooLarge.maximumAppendBytes = PostgresStreamStorage.Options.maximumAppendLimit + 1
            await #expect(throws: StreamStorageError(.invalidConfiguration)) {
                try await PostgresStreamStorage.open(tooLarge)
            }
        } catch {
            await store.shutdown()
            try? await PostgresTestDatabase.dropSchema(options)
            throw error
        }
        await store.shutdown()
        try await PostgresTestDatabase.dropSchema(options)
    }
}
