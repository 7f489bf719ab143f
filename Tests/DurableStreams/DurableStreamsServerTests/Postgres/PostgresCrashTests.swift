import CourierTestSupport
import DurableStreamsPostgres
import Foundation
import Testing

/// `durable-streams serve --store postgres` killed with SIGKILL while appends are in flight: a new node on the same
/// schema holds every acknowledged append once, and nothing half-written.
@Suite("PostgreSQL store: crash of a node", .enabled(if: PostgresCluster.isEnabled))
struct PostgresCrashTests {
    @Test("SIGKILL mid-append: every acknowledged append survives exactly once, nothing torn is visible")
    @available(OS2023, *)
    func killMidAppend() async throws {
        let schema = PostgresCluster.uniqueSchema()
        let arguments = try PostgresCluster.serveArguments(schema: schema) + ["--log-level", "error"]
        do {
            try await CrashRecoveryTests.killMidAppend { try await ServerProcess.start(arguments: arguments) }
        } catch {
            try? await PostgresCluster.dropSchema(schema)
            throw error
        }
        try await PostgresCluster.dropSchema(schema)
    }
}
