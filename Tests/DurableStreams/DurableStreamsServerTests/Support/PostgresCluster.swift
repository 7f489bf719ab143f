import CourierTestSupport
import DurableStreamsPostgres
import Foundation

/// The throwaway PostgreSQL cluster `scripts/test` starts (`scripts/lib/postgres.sh`): its URL, and `pg_ctl` to stop
/// and start it in fault tests.
@available(OS2023, *)
enum PostgresCluster {
    /// The database's URL (`DURABLE_STREAMS_POSTGRES_URL`), which a server child process inherits.
    static var url: String? { variable("DURABLE_STREAMS_POSTGRES_URL") }

    /// The command that runs `pg_ctl` on the cluster (`DURABLE_STREAMS_POSTGRES_CTL`).
    static var control: String? { variable("DURABLE_STREAMS_POSTGRES_CTL") }

    /// Whether the PostgreSQL cases run: a database is configured, or the run requires them (then they fail
    /// without one instead of being left out).
    static var isEnabled: Bool {
        url != nil || ProcessInfo.processInfo.environment["DURABLE_STREAMS_POSTGRES_REQUIRED"] == "1"
    }

    /// A schema name no other test uses.
    static func uniqueSchema() -> String {
        "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
    }

    /// The `serve` arguments of a server on the cluster, in `schema`.
    static func serveArguments(schema: String) throws -> [String] {
        guard url != nil else {
            throw PostgresClusterError("DURABLE_STREAMS_POSTGRES_URL is not set: run scripts/test")
        }
        return ["--store", "postgres", "--postgres-schema", schema]
    }

    /// Stops the cluster (`pg_ctl stop -m fast`: sessions are ended, as in a restart), waiting until it is down.
    static func stop() async throws {
        try await run("stop -m fast -w -t 60")
    }

    /// Starts the cluster again, waiting until it accepts connections.
    static func start() async throws {
        try await run("start -w -t 60")
    }

    private static func run(_ arguments: String) async throws {
        guard let control else {
            throw PostgresClusterError("DURABLE_STREAMS_POSTGRES_CTL is not set: run scripts/test")
        }
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "\(control) \(arguments) >/dev/null"])
        let status = try await child.waitForExit(within: .seconds(90))
        guard status == 0 else {
            throw PostgresClusterError("pg_ctl \(arguments) failed (\(status)): \(child.standardError)")
        }
    }

    private static func variable(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}

@available(OS2023, *)
extension PostgresCluster {
    /// Drops a test's schema and everything in it.
    static func dropSchema(_ schema: String) async throws {
        guard let url else { return }
        var options = try PostgresStreamStorage.Options(url: url)
        options.schema = schema
        try await PostgresStreamStorage.dropSchema(options)
    }
}

/// The cluster could not be used as a test asked.
struct PostgresClusterError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
