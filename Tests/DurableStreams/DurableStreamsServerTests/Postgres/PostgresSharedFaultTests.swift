import CourierTestSupport
import ExactHTTPClient
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Two `durable-streams serve --store postgres --fault-injection` nodes on one schema share the faults a test arms:
/// a fault armed through one node fires on either, as many times in all as it was armed for.
@Suite("PostgreSQL store: faults shared by the nodes", .enabled(if: PostgresCluster.isEnabled))
struct PostgresSharedFaultTests {
    @Test("A fault armed through one node fires on the other; its count and its method are kept across nodes")
    @available(OS2023, *)
    func sharedAcrossNodes() async throws {
        let schema = PostgresCluster.uniqueSchema()
        let arguments =
            try PostgresCluster.serveArguments(schema: schema) + ["--log-level", "error", "--fault-injection"]
        let first = try await ServerProcess.start(arguments: arguments)
        let second = try await ServerProcess.start(arguments: arguments)
        let client = ExactHTTPClient()
        var failure: (any Error)?
        do {
            try await Self.check(first.base, second.base, client)
        } catch {
            failure = error
        }
        for node in [first, second] { node.child.signal(SIGTERM) }
        for node in [first, second] { _ = try? await node.child.waitForExit(within: .seconds(30)) }
        await client.shutdown()
        try? await PostgresCluster.dropSchema(schema)
        if let failure { throw failure }
    }

    @available(OS2023, *)
    private static func check(_ first: String, _ second: String, _ client: ExactHTTPClient) async throws {
        let path = "/faults/\(UUID().uuidString.lowercased())"
        #expect(try await client.request(.PUT, second + path, headers: [("Content-Type", "text/plain")]).status == 201)
        func arm(_ json: String, through node: String) async throws {
            let armed = try await client.request(
                .POST, node + "/_test/inject-error", headers: [("Content-Type", "application/json")],
                body: Array(json.utf8))
            #expect(armed.status == 200, "\(armed.status)")
        }
        try await arm(#"{"path":"\#(path)","status":503,"count":2,"retryAfter":1}"#, through: first)
        let third = try await client.request(.GET, second + path)
        #expect(third.status == 503)
        #expect(third.headers.first(name: "Retry-After") == "1")
        #expect(try await client.request(.GET, first + path).status == 503)
        #expect(try await client.request(.GET, second + path).status == 200)

        // A method filter applies on every node; DELETE through one node disarms what the other armed.
        try await arm(#"{"path":"\#(path)","status":500,"method":"POST","count":5}"#, through: second)
        #expect(try await client.request(.GET, first + path).status == 200)
        let append = try await client.request(
            .POST, first + path, headers: [("Content-Type", "text/plain")], body: Array("x".utf8))
        #expect(append.status == 500)
        #expect(try await client.request(.DELETE, first + "/_test/inject-error").status == 200)
        let later = try await client.request(
            .POST, second + path, headers: [("Content-Type", "text/plain")], body: Array("x".utf8))
        #expect(later.status == 204)
    }
}
