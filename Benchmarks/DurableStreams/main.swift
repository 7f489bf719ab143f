// durable-streams-benchmark: the DurableStreams client against this repository's server on loopback, and
// against rakaia-streams (the server the peers' figures were measured with) in the same run when installed.
//
//   swift run -c release durable-streams-benchmark [--quick]

import BenchmarkSupport
import DurableStreams
import Foundation

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    try await runBenchmark()
} else {
    print("durable-streams-benchmark needs macOS 14, iOS 17, tvOS 17 or watchOS 10")
    exit(1)
}

@MainActor
@available(OS2023, *)
func runBenchmark() async throws {
    printBuildBanner("durable-streams-benchmark")

    var targets: [BenchmarkTarget] = []
    do {
        targets.append(try await BenchmarkTarget.ours())
    } catch {
        print("cannot start the server: \(error)")
        exit(1)
    }
    if let rakaia = await BenchmarkTarget.rakaia() {
        targets.append(rakaia)
    } else {
        print("(rakaia-streams not installed: `pip install rakaia-streams==0.9.0 uvicorn` to compare in the same run)")
    }

    struct Figures {
        var append = LatencySummary([])
        var catchUp = LatencySummary([])
        var catchUpBytes = 0
        var longPoll = LatencySummary([])
        var sse = LatencySummary([])
        var tenThousand: Duration = .zero
        var small: Duration = .zero
        var large: Duration = .zero
        var loss = 0.0
    }

    var results: [(String, Figures)] = []
    var floors: [(String, URLSessionFloors)] = []
    for target in targets {
        for transportName in BenchmarkTransport.names {
            let (transport, shutdown) = BenchmarkTransport.make(transportName)
            let configuration = HandleConfiguration(
                http: HTTPConfiguration(transport: transport, timeout: .seconds(30), longPollTimeout: .seconds(20)))
            let scenarios = Scenarios(target: target, configuration: configuration, quick: isQuickRun)
            var figures = Figures()
            do {
                figures.append = try await scenarios.appendLatency()
                (figures.catchUp, figures.catchUpBytes) = try await scenarios.catchUpRead()
                figures.longPoll = try await scenarios.liveLatency(.longPoll)
                figures.sse = try await scenarios.liveLatency(.sse)
                figures.tenThousand = try await scenarios.producerThroughput(count: 10_000, size: 100)
                figures.small = try await scenarios.producerThroughput(count: isQuickRun ? 10_000 : 100_000, size: 100)
                figures.large = try await scenarios.producerThroughput(count: isQuickRun ? 5 : 50, size: 1 << 20)
                figures.loss = try await scenarios.mainActorLoss()
            } catch {
                print("\(target.name), \(transportName): \(error)")
            }
            results.append(("\(target.name) (\(transportName))", figures))
            await shutdown()
        }
        do {
            floors.append((target.name, try await Floors.urlSessionAppends(target: target, quick: isQuickRun)))
        } catch {
            print("\(target.name), bare URLSession: \(error)")
        }
        await target.stop()
    }

    let smallCount = isQuickRun ? 10_000 : 100_000
    let largeCount = isQuickRun ? 5 : 50
    var table = Report(
        "DurableStreams client, loopback (AHC = AsyncHTTPClientTransport, URLSession = URLSessionTransport)",
        columns: ["measure"] + results.map(\.0) + [
            "official Swift client*", "official Python client*", "raw HTTP floor*",
        ])
    @MainActor func row(_ name: String, _ cell: (Figures) -> String, peers: [String]) {
        var cells = [name]
        for (_, figures) in results { cells.append(cell(figures)) }
        table.add(cells + peers)
    }
    row(
        "100 B append p50 / p99", { "\($0.append.p50.millisecondsText) / \($0.append.p99.millisecondsText)" },
        peers: ["1.18 / 4.25 ms", "0.95 / 2.11 ms", "0.53 / 2.70 ms"])
    row(
        "catch-up 10,000 JSON msgs, decoded (median)",
        {
            "\($0.catchUp.p50.millisecondsText) (\(megabytesPerSecondText(bytes: $0.catchUpBytes, in: $0.catchUp.p50)))"
        }, peers: ["58 ms (10.3 MB/s)", "41 ms", "33 ms"])
    row(
        "long-poll append→receive p50 / p99",
        { "\($0.longPoll.p50.millisecondsText) / \($0.longPoll.p99.millisecondsText)" },
        peers: ["3.65 ms (p50)", "4.08 ms (p50)", "2.71 ms (p50)"])
    row(
        "SSE append→receive p50 / p99", { "\($0.sse.p50.millisecondsText) / \($0.sse.p99.millisecondsText)" },
        peers: ["-", "-", "-"])
    row(
        "producer 10,000 × 100 B",
        {
            "\(rateText(rate(10_000, in: $0.tenThousand), unit: " msg/s")) (\($0.tenThousand.millisecondsText))"
        }, peers: ["792k msg/s (nonisolated caller)", "6,591 msg/s", "5.6 ms as one POST"])
    row(
        "producer \(smallCount) × 100 B",
        {
            "\(rateText(rate(smallCount, in: $0.small), unit: " msg/s")), \(megabytesPerSecondText(bytes: smallCount * 100, in: $0.small))"
        }, peers: ["-", "-", "-"])
    row(
        "producer \(largeCount) × 1 MiB",
        {
            "\($0.large.millisecondsText), \(megabytesPerSecondText(bytes: largeCount << 20, in: $0.large))"
        }, peers: ["-", "-", "-"])
    row(
        "@MainActor producer, bytes lost", { String(format: "%.1f %%", $0.loss * 100) },
        peers: ["33 % (flush reports success)", "-", "-"])
    table.print()
    print("\n* peers measured against rakaia-streams on a machine like this one (shared/notes/peer-figures.md).")
    try printFloors(floors)
}

/// The decoding alone, and bare `URLSession` appends: what bounds the catch-up and the URLSession append figures.
@available(OS2023, *)
func printFloors(_ floors: [(String, URLSessionFloors)]) throws {
    let decoding = try Floors.decoding(quick: isQuickRun)
    var table = Report(
        "What bounds them, same run", columns: ["measure"] + floors.map(\.0) + ["in memory"])
    table.add(
        ["decode 10,000 JSON msgs (\(decoding.bytes / 1000) KB), Foundation JSONDecoder"] + floors.map { _ in "-" }
            + [decoding.foundation.millisecondsText])
    table.add(
        ["decode 10,000 JSON msgs, the client's decoder"] + floors.map { _ in "-" } + [
            "\(decoding.client.millisecondsText) (\(String(format: "%.2f", decoding.client / decoding.foundation))×)"
        ])
    func add(_ name: String, _ summary: (URLSessionFloors) -> LatencySummary) {
        table.add(
            [name] + floors.map { "\(summary($0.1).p50.millisecondsText) / \(summary($0.1).p99.millisecondsText)" }
                + ["-"])
    }
    add("bare URLSession 100 B POST p50 / p99, kept-alive connection (as the official Swift client)", \.keptAlive)
    add("bare URLSession 100 B POST p50 / p99, kept-alive, Expect: 100-continue", \.expectContinue)
    add("bare URLSession 100 B POST p50 / p99, new connection (Connection: close)", \.freshConnection)
    table.print()
}
