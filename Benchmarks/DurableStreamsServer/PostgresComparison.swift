import BenchmarkSupport
import DurableStreamsPostgres
import Foundation

/// `--postgres`: the memory, file and PostgreSQL stores side by side, the last with one node and with two nodes
/// sharing a schema (appends spread over both; readers on one node, appends through the other).
///
/// Needs `DURABLE_STREAMS_POSTGRES_URL` (`source scripts/lib/postgres.sh && postgres_start` starts a throwaway
/// cluster). Each server runs in its own process.
@available(OS2023, *)
enum PostgresComparison {
    static func run(quick: Bool) async throws {
        guard let url = ProcessInfo.processInfo.environment["DURABLE_STREAMS_POSTGRES_URL"], !url.isEmpty else {
            throw BenchmarkError("--postgres needs DURABLE_STREAMS_POSTGRES_URL (scripts/lib/postgres.sh)")
        }
        let appendCount = quick ? 400 : 4_000
        let readCount = quick ? 1_000 : 10_000
        let wakes = quick ? 30 : 300
        let columns = ["memory", "file (fsync every append)", "PostgreSQL, 1 node", "PostgreSQL, 2 nodes"]
        var rows: [String: [String: String]] = [:]
        let order = [
            "100 B appends, 1 connection", "100 B appends, 64 connections (2 nodes: 32 each)",
            "catch-up read, \(readCount) × 1 KiB", "long-poll append → delivery, same node (p50 / p99)",
            "long-poll append → delivery, other node (p50 / p99)",
        ]

        for column in columns {
            print("… \(column)")
            let schema = "bench_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
            let kind: ServerProcess.Kind =
                column == columns[0] ? .swiftMemory : column == columns[1] ? .swiftDisk : .postgres
            let first = try await ServerProcess.start(kind, schema: schema)
            let second = column == columns[3] ? try await ServerProcess.start(.postgres, schema: schema) : nil
            func record(_ measure: String, _ body: () async throws -> String) async {
                do {
                    rows[measure, default: [:]][column] = try await body()
                } catch {
                    rows[measure, default: [:]][column] = "failed: \(error)"
                }
            }
            await record(order[0]) {
                let figures = try await Scenarios.appends(
                    port: first.port, concurrency: 1, total: appendCount / 4, idempotent: false)
                return "\(rateText(figures.rate)) (p50 \(figures.latency.p50.millisecondsText))"
            }
            await record(order[1]) {
                let rate = try await spreadAppends(over: [first.port] + (second.map { [$0.port] } ?? []), appendCount)
                return rateText(rate)
            }
            await record(order[2]) {
                let (bytes, time) = try await Scenarios.catchUp(
                    port: (second ?? first).port, count: readCount, size: 1024, json: false,
                    repetitions: quick ? 3 : 7)
                return String(
                    format: "%.1f MB/s (%@)", Double(bytes) / 1e6 / time.p50.seconds, time.p50.millisecondsText)
            }
            await record(order[3]) {
                let latency = try await Scenarios.liveLatency(
                    port: first.port, mode: .longPoll, readers: 1, messages: wakes)
                return "\(latency.p50.millisecondsText) / \(latency.p99.millisecondsText)"
            }
            if let second {
                await record(order[4]) {
                    let latency = try await Scenarios.liveLatency(
                        port: second.port, mode: .longPoll, readers: 1, messages: wakes, writerPort: first.port)
                    return "\(latency.p50.millisecondsText) / \(latency.p99.millisecondsText)"
                }
            }
            await second?.stop()
            await first.stop()
            if kind == .postgres {
                var options = try PostgresStreamStorage.Options(url: url)
                options.schema = schema
                try? await PostgresStreamStorage.dropSchema(options)
            }
        }

        var report = Report("Durable Streams server: stores side by side", columns: ["measure"] + columns)
        for measure in order {
            report.add([measure] + columns.map { rows[measure]?[$0] ?? "—" })
        }
        report.print()
    }

    /// `total` appends from 64 connections to one stream, spread evenly over `ports`; the summed rate.
    private static func spreadAppends(over ports: [Int], _ total: Int) async throws -> Double {
        let path = "/bench/spread-\(UUID().uuidString)"
        try await Scenarios.create(ports[0], path)
        let share = 64 / ports.count
        return try await withThrowingTaskGroup(of: Double.self) { group in
            for port in ports {
                group.addTask {
                    try await Scenarios.appends(
                        port: port, concurrency: share, total: total / ports.count, idempotent: false, path: path
                    ).rate
                }
            }
            return try await group.reduce(0, +)
        }
    }
}
