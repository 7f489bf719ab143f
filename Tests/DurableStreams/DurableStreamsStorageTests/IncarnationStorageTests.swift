import CourierTestSupport
import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation
import Testing

/// Incarnations in every store: one per creation, stable while the stream lives, kept across restarts, and checked
/// with an append in one step.
@Suite("Stream incarnations in the stores")
struct IncarnationStorageTests {
    @Test("The precondition holds without an expectation or for the same incarnation, and fails for any other")
    @available(OS2023, *)
    func check() {
        for expected in [nil, "a", "b", ""] as [String?] {
            for current in ["a", "b"] {
                let failure = StreamIncarnation.check(expected: expected, current: current)
                if expected == nil || expected == current {
                    #expect(failure == nil)
                } else {
                    #expect(failure?.code == .incarnationMismatch)
                    #expect(failure?.context.incarnation == current)
                    #expect(failure?.message.contains(current) == true)
                }
            }
        }
    }

    @Test("Random tokens are 32 hexadecimal digits and differ")
    @available(OS2023, *)
    func tokens() {
        let tokens = (0..<1000).map { _ in StreamIncarnation.random() }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens {
            #expect(token.utf8.count == 32)
            #expect(token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) })
        }
    }

    @Test(
        "Each creation has its own incarnation; metadata, reads and an identical create report it",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func onePerCreation(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path("/incarnations/one")
            let text = StreamConfiguration(contentType: "text/plain")
            var seen: Set<String> = []
            for round in 0..<3 {
                let created = try await store.create(stream, CreateRequest(configuration: text))
                let incarnation = created.info.incarnation
                #expect(!incarnation.isEmpty)
                #expect(seen.insert(incarnation).inserted, "round \(round) reused an incarnation")
                _ = try await store.append(stream, .text("x"))
                #expect(try await store.info(stream).incarnation == incarnation)
                #expect(try await store.read(stream, from: .beginning, maxBytes: 100).info.incarnation == incarnation)
                #expect(
                    try await store.create(stream, CreateRequest(configuration: text)).info.incarnation == incarnation)
                try await store.delete(stream)
            }
            // Another path never shares one.
            let other = try await store.create(try path("/incarnations/other"), CreateRequest(configuration: text))
            #expect(!seen.contains(other.info.incarnation))
        }
    }

    @Test(
        "An append naming the incarnation lands; naming another is refused and stores nothing",
        arguments: StoreKind.allCases)
    @available(OS2023, *)
    func appendPrecondition(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stream = try path("/incarnations/append")
            let text = StreamConfiguration(contentType: "text/plain")
            let old = try await store.create(stream, CreateRequest(configuration: text)).info.incarnation
            var append = AppendRequest.text("kept")
            append.expectedIncarnation = old
            _ = try await store.append(stream, append)
            try await store.delete(stream)
            let new = try await store.create(stream, CreateRequest(configuration: text)).info.incarnation
            var stale = AppendRequest.text("lost")
            stale.expectedIncarnation = old
            var context = StreamStorageError.Context()
            context.incarnation = new
            let refusal = StreamStorageError(.incarnationMismatch, context: context)
            await #expect(throws: refusal) { try await store.append(stream, stale) }
            // A close meant for the old stream does not close the new one either.
            var close = AppendRequest(payload: [], closeStream: true)
            close.expectedIncarnation = old
            await #expect(throws: refusal) { try await store.append(stream, close) }
            let body = AppendBody(Array("lost".utf8))
            await #expect(throws: refusal) { try await store.append(stream, stale, body: body) }
            #expect(try await store.readAll(stream).isEmpty)
            #expect(try await store.info(stream).isClosed == false)
            var current = AppendRequest.text("new")
            current.expectedIncarnation = new
            _ = try await store.append(stream, current)
            #expect(String(decoding: try await store.readAll(stream), as: UTF8.self) == "new")
        }
    }

    @Test("The file store keeps a stream's incarnation across a restart")
    @available(OS2023, *)
    func fileRestart() async throws {
        let directory = try TemporaryDirectory(prefix: "ds-incarnation")
        defer { directory.remove() }
        let stream = try path("/kept")
        let first = try await FileStreamStorage.open(at: directory.path)
        let incarnation = try await first.create(
            stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain"))
        ).info.incarnation
        await first.shutdown()
        let second = try await FileStreamStorage.open(at: directory.path)
        #expect(try await second.info(stream).incarnation == incarnation)
        await second.shutdown()
    }

    @Test(
        "The PostgreSQL store keeps a stream's incarnation across a restart",
        .enabled(if: PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired))
    @available(OS2023, *)
    func postgresRestart() async throws {
        let options = try PostgresTestDatabase.options()
        let stream = try path("/kept")
        let first = try await PostgresStreamStorage.open(options)
        let incarnation: String
        do {
            incarnation = try await first.create(
                stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain"))
            ).info.incarnation
        } catch {
            await first.shutdown()
            try? await PostgresTestDatabase.dropSchema(options)
            throw error
        }
        await first.shutdown()
        let second = try await PostgresStreamStorage.open(options)
        let reopened = try? await second.info(stream).incarnation
        await second.shutdown()
        try await PostgresTestDatabase.dropSchema(options)
        #expect(reopened == incarnation)
    }
}
