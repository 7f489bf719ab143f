import BenchmarkSupport
import CourierTestSupport
import Foundation
import Wormhole

/// Runs every measurement and prints the tables.
enum Suite {
    static let sizes = [100, 65_536]

    static func run() async throws {
        printBuildBanner("wormhole-benchmark")
        let root = try TemporaryDirectory(prefix: "wormhole-benchmark")
        defer { root.remove() }
        let floorBinary = try await Floor.build(into: root.url)

        var table = Report(
            "Wormhole send→receive, one way (half a ping-pong round trip)",
            columns: ["pair", "size", "strategy", "p50", "p99", "ping-pong msg/s", "queue stream msg/s", "p50 / floor"]
        )
        for size in sizes {
            var floorP50: Duration?
            if let floorBinary, let floor = try await Floor.measure(floorBinary, size: size, in: root.url) {
                floorP50 = floor.p50
                table.add(
                    "floor: C rename + inotify", sizeText(size), "-", floor.p50.microsecondsText,
                    floor.p99.microsecondsText, rateText(floor.oneWayPerSecond), "-", "1.00×")
            }
            for strategy in Scenario.Strategy.allCases {
                let scenario = Scenario(size: size, strategy: strategy)
                let cross = try await crossProcess(scenario, root: root.url)
                add("cross-process", scenario, cross, floorP50, to: &table)
                let local = try await inProcess(scenario, root: root.url)
                add("in-process (two wormholes)", scenario, local, floorP50, to: &table)
            }
            let memory = try await inMemory(size: size)
            table.add(
                "in-memory (no files)", sizeText(size), "memory", memory.latency.p50.microsecondsText,
                memory.latency.p99.microsecondsText, rateText(memory.pingPongPerSecond),
                rateText(memory.streamedPerSecond), "-")
        }
        table.print()
        let memory = residentMemory()
        print("\nresident memory: \(memory.current / 1_048_576) MiB (peak \(memory.peak / 1_048_576) MiB)")
    }

    private static func add(
        _ pair: String,
        _ scenario: Scenario,
        _ figures: Figures,
        _ floor: Duration?,
        to table: inout Report
    ) {
        table.add(
            pair, sizeText(scenario.size), scenario.strategy.rawValue, figures.latency.p50.microsecondsText,
            figures.latency.p99.microsecondsText, rateText(figures.pingPongPerSecond),
            rateText(figures.streamedPerSecond),
            floor.map { String(format: "%.2f×", figures.latency.p50.seconds / max($0.seconds, 1e-9)) } ?? "-")
    }

    private static func sizeText(_ size: Int) -> String {
        size >= 1024 ? "\(size / 1024) KB" : "\(size) B"
    }

    private static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }

    /// The echo and the sender run in a second process of this executable.
    private static func crossProcess(_ scenario: Scenario, root: URL) async throws -> Figures {
        let directory = root.appendingPathComponent("cross-\(scenario.size)-\(scenario.strategy.rawValue)")
        let local = try Wormhole(configuration: Peer.configuration(directory, scenario.strategy))
        let echo = try ChildProcess(
            executable: executable, arguments: ["--echo", directory.path, scenario.strategy.rawValue])
        _ = try await echo.lines.first(1, within: .seconds(60))
        let (latency, pingPong) = try await Measure.pingPong(local, size: scenario.size)
        echo.signal(SIGKILL)
        _ = try await echo.waitForExit()

        let count = Counts.streamed(scenario.size)
        let blaster = try ChildProcess(
            executable: executable,
            arguments: [
                "--blast", directory.path, scenario.strategy.rawValue, "\(scenario.size)", "\(count)",
            ])
        _ = try await blaster.lines.first(1, within: .seconds(60))
        let streamed = try await Measure.stream(local, count: count) {
            try await local.send(Blob.sized(10), to: "go")
        }
        _ = try await blaster.waitForExit(within: .seconds(300))
        return Figures(latency: latency, pingPongPerSecond: pingPong, streamedPerSecond: streamed)
    }

    /// Two wormholes on one directory in this process: the same files and inotify path, no process boundary.
    private static func inProcess(_ scenario: Scenario, root: URL) async throws -> Figures {
        let directory = root.appendingPathComponent("local-\(scenario.size)-\(scenario.strategy.rawValue)")
        let configuration = Peer.configuration(directory, scenario.strategy)
        return try await pair(
            Wormhole(configuration: configuration), Wormhole(configuration: configuration), size: scenario.size)
    }

    /// Two wormholes sharing an in-memory store and notifier: the framework's own overhead.
    private static func inMemory(size: Int) async throws -> Figures {
        var configuration = Configuration.inMemory()
        configuration.deliveryModes["bulk"] = .queue(capacity: 100_000)
        return try await pair(
            Wormhole(configuration: configuration), Wormhole(configuration: configuration), size: size)
    }

    private static func pair(_ local: Wormhole, _ remote: Wormhole, size: Int) async throws -> Figures {
        let pings = try await remote.messages(Blob.self, for: "ping")
        let echo = Task {
            for await delivery in pings {
                guard let blob = delivery.message else { continue }
                try await remote.send(blob, to: "pong")
            }
        }
        let (latency, pingPong) = try await Measure.pingPong(local, size: size)
        echo.cancel()
        let count = Counts.streamed(size)
        let blob = Blob.sized(size)
        let streamed = try await Measure.stream(local, count: count) {
            Task {
                for index in 0..<count {
                    var message = blob
                    message.index = index
                    try await remote.send(message, to: "bulk")
                }
            }
        }
        return Figures(latency: latency, pingPongPerSecond: pingPong, streamedPerSecond: streamed)
    }
}
