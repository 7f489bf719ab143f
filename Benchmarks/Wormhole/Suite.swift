import BenchmarkSupport
import CourierTooling
import Foundation
import Wormhole

/// Runs every measurement and prints the tables.
@available(OS2022, *)
enum Suite {
    static let sizes = [100, 65_536]

    /// Figures of one table row across repetitions.
    struct Row {
        var cells: [String]
        var p50: [Duration] = []
        var p99: [Duration] = []
        var pingPong: [Double] = []
        var streamed: [Double] = []
        var ratio: [Double] = []
        /// The floor's p50 of the same repetition and size, beside each figure.
        var floor: [Duration] = []
    }

    /// `--cross-process-only`: the floor and the cross-process rows, nothing else.
    static var crossProcessOnly: Bool { CommandLine.arguments.contains("--cross-process-only") }

    static var repetitions: Int {
        if isQuickRun { return 1 }
        guard let index = CommandLine.arguments.firstIndex(of: "--repetitions"),
            index + 1 < CommandLine.arguments.count, let count = Int(CommandLine.arguments[index + 1])
        else { return 3 }
        return max(1, count)
    }

    static func run() async throws {
        printBuildBanner("wormhole-benchmark")
        print("One-way latency is half a ping-pong round trip (send → the other side receives and sends back).")
        print("Queue stream: a sender appends messages to a queue as fast as it can; all of them are received.")
        print("Medians of \(repetitions) repetitions; the floor is measured in each repetition, before its size.")
        print("p50 / floor is the median of each repetition's ratio to that repetition's floor.")
        let root = try TemporaryDirectory(prefix: "wormhole-benchmark")
        defer { root.remove() }
        let floorBinary = try await Floor.build(into: root.url)

        var rows: [Row] = []
        func record(
            _ cells: [String], p50: Duration, p99: Duration, pingPong: Double, streamed: Double, floor: Duration?
        ) {
            let index =
                rows.firstIndex { $0.cells == cells }
                ?? {
                    rows.append(Row(cells: cells))
                    return rows.count - 1
                }()
            rows[index].p50.append(p50)
            rows[index].p99.append(p99)
            rows[index].pingPong.append(pingPong)
            rows[index].streamed.append(streamed)
            if let floor {
                rows[index].ratio.append(p50.seconds / max(floor.seconds, 1e-9))
                rows[index].floor.append(floor)
            }
        }
        func record(_ cells: [String], _ figures: Figures, floor: Duration?) {
            record(
                cells, p50: figures.latency.p50, p99: figures.latency.p99, pingPong: figures.pingPongPerSecond,
                streamed: figures.streamedPerSecond, floor: floor)
        }

        for _ in 0..<repetitions {
            for size in sizes {
                var floorP50: Duration?
                if let floorBinary, let floor = try await Floor.measure(floorBinary, size: size, in: root.url) {
                    floorP50 = floor.p50
                    record(
                        ["floor: C, rename + inotify", sizeText(size), "-", "-", "-"], p50: floor.p50, p99: floor.p99,
                        pingPong: floor.oneWayPerSecond, streamed: .nan, floor: floor.p50)
                }
                var scenarios = Scenario.Strategy.allCases.map { Scenario(size: size, strategy: $0) }
                scenarios.append(Scenario(size: size, strategy: .file, encoding: .raw))
                let onNotifier = Encoding.allCases.map {
                    Scenario(size: size, strategy: .file, encoding: $0, receiver: .notifier)
                }
                for scenario in scenarios + onNotifier {
                    let figures = try await crossProcess(scenario, root: root.url)
                    record(cells("cross-process", scenario), figures, floor: floorP50)
                }
                for scenario in scenarios where !crossProcessOnly {
                    let figures = try await inProcess(scenario, root: root.url)
                    record(cells("in-process pair", scenario), figures, floor: floorP50)
                }
                if !crossProcessOnly {
                    let memory = try await inMemory(size: size)
                    record(["in-memory pair", sizeText(size), "memory", "json", "pool"], memory, floor: nil)
                }
            }
        }

        var table = Report(
            "Wormhole send→receive",
            columns: [
                "pair", "size", "strategy", "encoding", "receiver", "p50", "p99", "ping-pong msg/s",
                "queue stream msg/s",
                "floor p50", "p50 / floor",
            ]
        )
        for row in rows {
            let streamed = median(row.streamed)
            table.add(
                row.cells[0], row.cells[1], row.cells[2], row.cells[3], row.cells[4], median(row.p50).microsecondsText,
                median(row.p99).microsecondsText, rateText(median(row.pingPong)),
                streamed.isNaN ? "-" : rateText(streamed),
                row.floor.isEmpty ? "-" : median(row.floor).microsecondsText,
                row.ratio.isEmpty ? "-" : String(format: "%.2f×", median(row.ratio)))
        }
        table.print()
        let memory = residentMemory()
        print("\nresident memory: \(memory.current / 1_048_576) MiB (peak \(memory.peak / 1_048_576) MiB)")
    }

    private static func cells(_ pair: String, _ scenario: Scenario) -> [String] {
        [
            pair, sizeText(scenario.size), scenario.strategy.rawValue, scenario.encoding.rawValue,
            scenario.receiver.rawValue,
        ]
    }

    private static func median(_ values: [Duration]) -> Duration {
        let sorted = values.sorted()
        return sorted.isEmpty ? .zero : sorted[(sorted.count - 1) / 2]
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.filter { !$0.isNaN }.sorted()
        return sorted.isEmpty ? .nan : sorted[(sorted.count - 1) / 2]
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
        let name = [
            "cross", "\(scenario.size)", scenario.strategy.rawValue, scenario.encoding.rawValue,
            scenario.receiver.rawValue,
        ].joined(separator: "-")
        let directory = root.appendingPathComponent(name)
        let local = try Wormhole(configuration: Peer.configuration(directory, scenario.strategy))
        let common = [
            directory.path, scenario.strategy.rawValue, scenario.encoding.rawValue, scenario.receiver.rawValue,
        ]
        let echo = try ChildProcess(executable: executable, arguments: ["--echo"] + common)
        _ = try await echo.lines.first(1, within: .seconds(60))
        let (latency, pingPong) = try await onReceiver(scenario.receiver, local) {
            try await Measure.pingPong(Message.self, local, size: scenario.size)
        }
        echo.signal(SIGKILL)
        _ = try await echo.waitForExit()

        let count = Counts.streamed(scenario.size)
        let blaster = try ChildProcess(
            executable: executable, arguments: ["--blast"] + common + ["\(scenario.size)", "\(count)"])
        _ = try await blaster.lines.first(1, within: .seconds(60))
        let streamed = try await onReceiver(scenario.receiver, local) {
            try await Measure.stream(Message.self, local, count: count) {
                try await local.send(Data("go".utf8), to: "go")
            }
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
