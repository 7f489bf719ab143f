import CourierTestSupport
import DurableStreamsPostgres
import DurableStreamsServer
import DurableStreamsStorage
import Foundation
import Testing

/// The stores an HTTP incarnation case runs on: PostgreSQL too when the throwaway cluster is configured.
@available(OS2023, *)
enum IncarnationStore: String, CaseIterable, CustomStringConvertible, Sendable {
    case memory, directory, postgres

    static var enabled: [IncarnationStore] { PostgresCluster.isEnabled ? allCases : [.memory, .directory] }

    var description: String { rawValue }

    /// Runs `body` against a server on this store, then stops it and removes what the store made.
    func run(_ body: (ServerHarness) async throws -> Void) async throws {
        switch self {
        case .memory:
            try await ServerHarness.run(.forTests(), body)
        case .directory:
            let directory = try TemporaryDirectory(prefix: "ds-incarnation")
            defer { directory.remove() }
            try await ServerHarness.run(.forTests { $0.storage = .directory(directory.path) }, body)
        case .postgres:
            guard let url = PostgresCluster.url else {
                throw HarnessError("DURABLE_STREAMS_POSTGRES_URL is not set: run scripts/test")
            }
            var options = try PostgresStreamStorage.Options(url: url)
            options.schema = PostgresCluster.uniqueSchema()
            options.poolSize = 4
            let store = try await PostgresStreamStorage.open(options)
            var failure: (any Error)?
            do {
                try await ServerHarness.run(.forTests { $0.storage = .custom(store) }, body)
            } catch {
                failure = error
            }
            await store.shutdown()
            try? await PostgresStreamStorage.dropSchema(options)
            if let failure { throw failure }
        }
    }
}

@Suite("Stream incarnations over HTTP")
struct IncarnationTests {
    @Test(
        "Every stream response names the incarnation; a recreated stream names another",
        arguments: IncarnationStore.enabled)
    @available(OS2023, *)
    func header(store: IncarnationStore) async throws {
        try await store.run { server in
            let path = ServerHarness.uniquePath("incarnation")
            let created = try await server.create(path, body: "a")
            let incarnation = try #require(created.header("Stream-Incarnation"))
            #expect(try await server.create(path).header("Stream-Incarnation") == incarnation)
            #expect(try await server.send(.HEAD, path).header("Stream-Incarnation") == incarnation)
            let read = try await server.read(path)
            #expect(read.header("Stream-Incarnation") == incarnation)
            #expect(read.header("ETag")?.contains(incarnation) == true)
            let tail = try #require(read.nextOffset)
            #expect(try await server.read(path, query: "offset=now").header("Stream-Incarnation") == incarnation)
            let poll = try await server.read(path, query: "offset=\(tail)&live=long-poll")
            #expect(poll.status == 204)
            #expect(poll.header("Stream-Incarnation") == incarnation)
            let events = try await server.events(path, query: "offset=-1&live=sse")
            #expect(events.headers.first(name: "Stream-Incarnation") == incarnation)
            let append = try await server.append(path, "b", headers: [("Stream-If-Incarnation", incarnation)])
            #expect(append.status == 204)
            #expect(append.header("Stream-Incarnation") == incarnation)

            #expect(try await server.send(.DELETE, path).status == 204)
            let again = try await server.create(path, body: "new")
            let next = try #require(again.header("Stream-Incarnation"))
            #expect(next != incarnation)
            #expect(try await server.read(path).header("Stream-Incarnation") == next)
        }
    }

    @Test(
        "Reads, HEAD, long-polls, SSE and appends naming an old incarnation get 412 with the current one",
        arguments: IncarnationStore.enabled)
    @available(OS2023, *)
    func precondition(store: IncarnationStore) async throws {
        try await store.run { server in
            let path = ServerHarness.uniquePath("precondition")
            let old = try #require(try await server.create(path, body: "old data").header("Stream-Incarnation"))
            let tail = try #require(try await server.read(path).nextOffset)
            #expect(try await server.send(.DELETE, path).status == 204)
            let new = try #require(try await server.create(path, body: "new data!").header("Stream-Incarnation"))
            let stale = [("Stream-If-Incarnation", old)]
            for query in ["", "offset=\(tail)", "offset=now", "offset=-1&live=long-poll", "offset=-1&live=sse"] {
                let response = try await server.read(path, query: query, headers: stale)
                #expect(response.status == 412, "\(query)")
                #expect(response.header("Stream-Incarnation") == new, "\(query)")
                #expect(response.text.contains(new), "\(query)")
            }
            let head = try await server.send(.HEAD, path, headers: stale)
            #expect(head.status == 412)
            #expect(head.header("Stream-Incarnation") == new)
            let append = try await server.append(path, "lost", headers: stale)
            #expect(append.status == 412)
            #expect(append.header("Stream-Incarnation") == new)
            let close = try await server.send(.POST, path, headers: stale + [("Stream-Closed", "true")])
            #expect(close.status == 412)
            let current = try await server.read(path, headers: [("Stream-If-Incarnation", new)])
            #expect(current.status == 200)
            #expect(current.text == "new data!")
            #expect(current.header("Stream-Closed") == nil)
            #expect(try await server.append(path, "!", headers: [("Stream-If-Incarnation", " \(new) ")]).status == 204)
        }
    }

    @Test("An empty or repeated Stream-If-Incarnation is a bad request; a missing stream is still 404")
    @available(OS2023, *)
    func malformed() async throws {
        try await ServerHarness.run { server in
            let path = ServerHarness.uniquePath("malformed")
            #expect(try await server.read(path, headers: [("Stream-If-Incarnation", "x")]).status == 404)
            let incarnation = try #require(try await server.create(path).header("Stream-Incarnation"))
            #expect(try await server.read(path, headers: [("Stream-If-Incarnation", "")]).status == 400)
            let twice = [("Stream-If-Incarnation", incarnation), ("Stream-If-Incarnation", incarnation)]
            #expect(try await server.read(path, headers: twice).status == 400)
            #expect(try await server.append(path, "x", headers: twice).status == 400)
            #expect(try await server.append(path, "x", headers: [("Stream-If-Incarnation", incarnation)]).status == 204)
        }
    }
}
