import BenchmarkSupport
import CourierTestSupport
import Foundation
import Wormhole

/// Runs every measurement and prints the tables.
enum Suite {
    static let sizes = [100, 65_536]

    static func run() async throws {
        printBuildBanner("wormhole-benchmark")
        print("One-way latency is half a ping-pong round trip (send → the other side receives and sends back).")
        print("Queue stream: a sender appends messages to a queue as fast as it can; all are received.")
        let root = try TemporaryDirectory(prefix: "wormhole-benchmark")
        defer { root.remove() }
        let floorBinary = try await Floor.build(into: root.url)

        var table = Report(
            "Wormhole send→receive",
            columns: [
                "pair", "size", "strategy", "encoding", "p50", "p99", "ping-pong msg/s", "queue stream msg/s",
                "p50 / floor",
            ]
        )
        for size in sizes {
            var floorP50: Duration?
            if let floorBinary, let floor = try await Floor.measure(floorBinary, size: size, in: root.url) {
                floorP50 = floor.p50
                table.add(
                    "floor: C, rename + inotify", sizeText(size), "-", "-", floor.p50.microsecondsText,
                    floor.p99.microsecondsText, rateText(floor.oneWayPerSecond), "-", "1.00×")
            }
            var scenarios = Scenario.Strategy.allCases.map { Scenario(size: size, strategy: $0) }
            scenarios.append(Scenario(size: size, strategy: .file, encoding: .raw))
            for scenario in scenarios {
                let cross = try await crossProcess(scenario, root: root.url)
                add("cross-process", scenario, cross, floorP50, to: &table)
            }
            for scenario in scenarios {
                let local = try await inProcess(scenario, root: root.url)
                add("in-process pair", scenario, local, floorP50, to: &table)
            }
            let memory = try await inMemory(size: size)
            add("in-memory pair", Scenario(size: size, strategy: .file), memory, nil, strategy: "memory", to: &table)
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
        strategy: String? = nil,
        to table: inout Report
    ) {
        table.add(
            pair, sizeText(scenario.size), strategy ?? scenario.strategy.rawValue, scenario.encoding.rawValue,
            figures.latency.p50.microsecondsText, figures.latency.p99.microsecondsText,
            rateText(figures.pingPongPerSecond), rateText(figures.streamedPerSecond),
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
        switch scenario.encoding {
        case .json: return try await crossProcess(Blob.self, scenario, root: root)
        case .raw: return try await crossProcess(Data.self, scenario, root: root)
        }
    }

    private static func crossProcess<Message: BenchmarkMessage>(
        _ type: Message.Type,
        _ scenario: Scenario,
        root: URL
    ) async throws -> Figures {
        let name = "cross-\(scenario.size)-\(scenario.strategy.rawValue)-\(scenario.encoding.rawValue)"
        let directory = root.appendingPathComponent(name)
        let local = try Wormhole(configuration: Peer.configuration(directory, scenario.strategy))
        let common = [directory.path, scenario.strategy.rawValue, scenario.encoding.rawValue]
        let echo = try ChildProcess(executable: executable, arguments: ["--echo"] + common)
        _ = try await echo.lines.first(1, within: .seconds(60))
        let (latency, pingPong) = try await Measure.pingPong(Message.self, local, size: scenario.size)
        echo.signal(SIGKILL)
        _ = try await echo.waitForExit()

        let count = Counts.streamed(scenario.size)
        let blaster = try ChildProcess(
            executable: executable, arguments: ["--blast"] + common + ["\(scenario.size)", "\(count)"])
        _ = try await blaster.lines.first(1, within: .seconds(60))
        let streamed = try await Measure.stream(Message.self, local, count: count) {
            try await local.send(Data("go".utf8), to: "go")
        }
        _ = try await blaster.waitForExit(within: .seconds(600))
        return Figures(latency: latency, pingPongPerSecond: pingPong, streamedPerSecond: streamed)
    }

    /// Two wormholes on one directory in this process: the same files and inotify path, no process boundary.
    private static func inProcess(_ scenario: Scenario, root: URL) async throws -> Figures {
        let name = "local-\(scenario.size)-\(scenario.strategy.rawValue)-\(scenario.encoding.rawValue)"
        let configuration = Peer.configuration(root.appendingPathComponent(name), scenario.strategy)
        let local = try Wormhole(configuration: configuration)
        let remote = try Wormhole(configuration: configuration)
        switch scenario.encoding {
        case .json: return try await pair(Blob.self, local, remote, size: scenario.size)
        case .raw: return try await pair(Data.self, local, remote, size: scenario.size)
        }
    }

    /// Two wormholes sharing an in-memory store and notifier: the framework's own overhead, JSON included.
    private static func inMemory(size: Int) async throws -> Figures {
        var configuration = Configuration.inMemory()
        configuration.deliveryModes["bulk"] = .queue(capacity: 100_000)
        return try await pair(
            Blob.self, Wormhole(configuration: configuration), Wormhole(configuration: configuration), size: size)
    }

    private static func pair<Message: BenchmarkMessage>(
        _ type: Message.Type,
        _ local: Wormhole,
        _ remote: Wormhole,
        size: Int
    ) async throws -> Figures {
        let pings = try await remote.messages(Message.self, for: "ping")
        let echo = Task {
            for await delivery in pings {
                guard let message = delivery.message else { continue }
                try await remote.send(message, to: "pong")
            }
        }
        let (latency, pingPong) = try await Measure.pingPong(Message.self, local, size: size)
        echo.cancel()
        let count = Counts.streamed(size)
        let streamed = try await Measure.stream(Message.self, local, count: count) {
            Task {
                for index in 0..<count {
                    try await remote.send(Message.sized(size, index: index), to: "bulk")
                }
            }
        }
        return Figures(latency: latency, pingPongPerSecond: pingPong, streamedPerSecond: streamed)
    }
}
