import BenchmarkSupport
import DurableStreamsStorage
import Foundation

#if canImport(Glibc)
import Glibc
#endif

// durable-streams-server-benchmark [--quick] [--no-peer] [--only TEXT]
// durable-streams-server-benchmark --postgres [--quick]
//
// --postgres compares the memory, file and PostgreSQL stores (one node, and two nodes sharing a schema) instead;
// it needs DURABLE_STREAMS_POSTGRES_URL (scripts/lib/postgres.sh starts a throwaway cluster).
//
// --only runs just the measures whose name contains TEXT (for example `--only idle`; `--only allocations` for the
// server's heap allocations per append, counted in the server process; `--only idle` for the bytes each idle SSE
// reader costs).
//
// Each server runs in its own process (this executable re-run as `serve-child`, or rakaia-streams under
// uvicorn) and is driven over loopback by a minimal keep-alive HTTP/1.1 client, so the figures measure the
// server; client and server share the machine's cores.

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    try await runBenchmark()
} else {
    print("durable-streams-server-benchmark needs macOS 14, iOS 17, tvOS 17 or watchOS 10")
    exit(1)
}

@available(OS2023, *)
@MainActor
func runBenchmark() async throws {
    if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "serve-child" {
        try await ServeChild.run(Array(CommandLine.arguments.dropFirst(2)))
        exit(0)
    }

    printBuildBanner("durable-streams-server-benchmark")
    System.raiseOpenFiles()
    if CommandLine.arguments.contains("--postgres") {
        try await PostgresComparison.run(quick: isQuickRun)
        return
    }
    let quick = isQuickRun
    let withPeer = !CommandLine.arguments.contains("--no-peer")
    // rakaia-streams 0.9.0 delivers to 1,000 SSE readers at a few appends a second and does not end their
    // responses when the stream is closed: the measure would not finish. `--readers-on-peer` runs it anyway.
    let withReadersOnPeer = CommandLine.arguments.contains("--readers-on-peer")
    let wanted = isWanted
    // The floor under every request's latency, printed with the blocking-connection measure.
    if wanted("loopback floor, 1 blocking connection") {
        let floor = try await BlockingClient.pingPong(count: quick ? 1_000 : 10_000)
        print(
            "loopback floor: raw TCP ping-pong of 100 B between two threads, p50 \(floor.p50.millisecondsText)"
                + " (p99 \(floor.p99.millisecondsText))")
    }
    let appendCount = quick ? 500 : 20_000
    let manyReaders = quick ? 50 : 1_000
    let liveMessages = quick ? 10 : 200
    let idleConnections = quick ? 200 : 10_000
    let linkedStreams = quick ? 100 : 1_000
    let wakeSamples = quick ? 30 : 300
    let linkSubscriptions = quick ? 10 : 100

    let followedName = "100 B appends, 1 blocking connection, \(manyReaders) live SSE readers"
    var kinds: [ServerProcess.Kind] = [.swiftMemory, .swiftDisk]
    if withPeer { kinds.append(.rakaia) }
    // What bounds the append figures: servers that only answer, driven by the same client.
    let appendMeasures = [(1, false), (64, false), (1, true), (64, true)].map { concurrency, idempotent in
        "100 B appends, concurrency \(concurrency)\(idempotent ? ", idempotent" : "")"
    }
    if appendMeasures.contains(where: wanted) { kinds += [.nioFloor, .socketFloor] }
    let readCount = quick ? 1_000 : 10_000
    // What bounds the catch-up figures: a server that sends a plain file with `sendfile`, to the same client.
    let reads: [CatchUpRead] = [
        (false, 1024, readCount, false), (true, 100, readCount, false), (false, 1024, readCount, true),
        (false, 64 * 1024, readCount / 64, false),
    ]
    let catchUps = reads.map { read in
        let name =
            read.json
            ? "catch-up read, \(read.count) × 100 B JSON messages"
            : "catch-up read, \(read.count) × \(read.size / 1024) KiB appends\(read.forked ? ", fork (half inherited)" : "")"
        return (name: name, read: read)
    }
    if catchUps.contains(where: { !$0.read.json && !$0.read.forked && wanted($0.name) }) {
        kinds.append(.sendfileFloor)
    }
    // What bounds the idle reader's memory: servers that only hold SSE responses, with and without a task.
    let idleName = "server memory, \(idleConnections) idle SSE connections"
    if wanted(idleName) { kinds += [.hummingbirdSSEFloor, .tasklessSSEFloor] }
    // What bounds the live-delivery figures: a server that only holds readers and writes each append to them.
    let liveMeasures = [Scenarios.LiveMode.longPoll, .sse].flatMap { mode in
        [1, manyReaders].map { readers in
            (
                mode, readers,
                "append → delivery, \(mode.rawValue), \(readers) reader\(readers == 1 ? "" : "s") (p50 / p99)"
            )
        }
    }
    if liveMeasures.contains(where: { wanted($0.2) }) { kinds.append(.liveFloor) }

    var results: [String: [String: String]] = [:]
    var numbers: [String: [String: Double]] = [:]

    @MainActor
    func record(_ kind: ServerProcess.Kind, _ measure: String, _ text: String, _ value: Double) {
        results[measure, default: [:]][kind.description] = text
        numbers[measure, default: [:]][kind.description] = value
    }

    /// The resident memory each idle SSE reader adds to a fresh server of `kind`.
    @MainActor
    func measureIdleMemory(_ kind: ServerProcess.Kind) async {
        do {
            let fresh = try await ServerProcess.start(kind)
            do {
                let (before, after, opened) = try await Scenarios.idleSSEMemory(
                    server: fresh, connections: idleConnections)
                let perConnection = opened > 0 ? Double(after - before) / Double(opened) / 1024 : 0
                let text = String(
                    format: "%.1f MiB (+%.1f KiB each, %d open)", Double(after) / 1_048_576, perConnection, opened)
                record(kind, idleName, text, perConnection)
            } catch {
                record(kind, idleName, "failed: \(error)", 0)
            }
            await fresh.stop()
        } catch {
            print("  cannot start: \(error)")
        }
    }

    /// Reads a stream of `read.count` appends of `read.size` bytes from its start, following offsets.
    @MainActor
    func measureCatchUp(_ server: ServerProcess, name: String, _ read: CatchUpRead) async {
        do {
            let (bytes, time) = try await Scenarios.catchUp(
                port: server.port, count: read.count, size: read.size, json: read.json, forked: read.forked,
                repetitions: quick ? 3 : 7)
            let megabytes = Double(bytes) / 1e6 / time.p50.seconds
            record(server.kind, name, String(format: "%.1f MB/s (%@)", megabytes, time.p50.millisecondsText), megabytes)
        } catch {
            record(server.kind, name, "failed: \(error)", 0)
        }
    }

    /// The append-to-delivery latencies with live readers.
    @MainActor
    func measureLive(_ kind: ServerProcess.Kind, _ server: ServerProcess) async {
        for (mode, readers, name) in liveMeasures where wanted(name) {
            do {
                let latency = try await Scenarios.liveLatency(
                    port: server.port,
                    mode: mode,
                    readers: readers,
                    messages: readers == 1 ? liveMessages * 5 : liveMessages
                )
                record(
                    kind, name, "\(latency.p50.millisecondsText) / \(latency.p99.millisecondsText)", latency.p50.seconds
                )
                let p99Name = name.replacingOccurrences(of: "(p50 / p99)", with: "(p99)")
                numbers[p99Name, default: [:]][kind.description] = latency.p99.seconds
            } catch {
                record(kind, name, "failed: \(error)", 0)
            }
        }
    }

    for kind in kinds {
        print("… \(kind)")
        if kind.isSSEFloor {
            await measureIdleMemory(kind)
            continue
        }
        let server: ServerProcess
        do {
            server = try await ServerProcess.start(kind)
        } catch {
            print("  cannot start: \(error)")
            continue
        }
        if kind.isLiveFloor {
            await measureLive(kind, server)
            await server.stop()
            continue
        }
        for (concurrency, idempotent) in [(1, false), (64, false), (1, true), (64, true)] {
            let name = "100 B appends, concurrency \(concurrency)\(idempotent ? ", idempotent" : "")"
            guard wanted(name) else { continue }
            do {
                let figures = try await Scenarios.appends(
                    port: server.port,
                    concurrency: concurrency,
                    total: concurrency == 1 ? appendCount / 4 : appendCount,
                    idempotent: idempotent
                )
                record(
                    kind, name, "\(rateText(figures.rate)) (p50 \(figures.latency.p50.millisecondsText))", figures.rate)
            } catch {
                record(kind, name, "failed: \(error)", 0)
            }
        }
        if kind.isFloor || kind == .sendfileFloor {
            // The sendfile floor has no forks and no JSON mode: it serves the plain catch-up reads only.
            for (name, read) in catchUps where kind == .sendfileFloor && !read.json && !read.forked && wanted(name) {
                await measureCatchUp(server, name: name, read)
            }
            await server.stop()
            continue
        }
        if wanted(followedName), kind != .rakaia || withReadersOnPeer {
            do {
                let (figures, alone, following) = try await Scenarios.appendsWithReaders(
                    port: server.port, readers: manyReaders, total: quick ? 200 : 2_000)
                let text = String(
                    format: "%@ (p50 %@; %.0f %% of %@ with no readers; %d following)", rateText(figures.rate),
                    figures.latency.p50.millisecondsText, figures.rate / alone.rate * 100, rateText(alone.rate),
                    following)
                record(kind, followedName, text, figures.rate)
            } catch {
                record(kind, followedName, "failed: \(error)", 0)
            }
        }
        for (name, read) in catchUps where wanted(name) {
            await measureCatchUp(server, name: name, read)
        }
        await measureLive(kind, server)
        // Subscriptions: wake latency with many linked streams (the peer may have no subscriptions at all).
        let unsupported: String?? = try? await SubscriptionScenarios.unsupported(server.port)
        let wakeMeasures = [
            (
                "append → pull-wake claimed, \(linkedStreams) linked streams (p50 / p99)",
                SubscriptionScenarios.pullWakeLatency
            ),
            (
                "append → webhook received, \(linkedStreams) linked streams (p50 / p99)",
                SubscriptionScenarios.webhookLatency
            ),
        ]
        for (name, measure) in wakeMeasures where wanted(name) {
            if let reason = unsupported ?? "the probe failed" {
                record(kind, name, reason, 0)
                continue
            }
            do {
                let latency = try await measure(server.port, linkedStreams, wakeSamples)
                record(
                    kind, name, "\(latency.p50.millisecondsText) / \(latency.p99.millisecondsText)", latency.p50.seconds
                )
            } catch {
                record(kind, name, "failed: \(error)", 0)
            }
        }
        await server.stop()

        let linksName = "subscriptions × streams held per MiB (\(linkSubscriptions) × \(linkedStreams))"
        if wanted(linksName), unsupported.flatMap({ $0 }) == nil, let fresh = try? await ServerProcess.start(kind) {
            do {
                let (streamsOnly, linked) = try await SubscriptionScenarios.linkMemory(
                    server: fresh, streams: linkedStreams, subscriptions: linkSubscriptions)
                let links = Double(linkSubscriptions * linkedStreams)
                let perMiB = links / max(1, Double(linked - streamsOnly) / 1_048_576)
                record(
                    kind, linksName,
                    String(
                        format: "%.0f (+%.1f MiB for %.0f links)", perMiB, Double(linked - streamsOnly) / 1_048_576,
                        links),
                    perMiB)
            } catch {
                record(kind, linksName, "failed: \(error)", 0)
            }
            await fresh.stop()
        }

        let allocationsName = "server allocations per 100 B append (bytes asked for)"
        if wanted(allocationsName), kind != .rakaia {
            do {
                let counted = try await ServerProcess.start(kind, countingAllocations: true)
                do {
                    let figures = try await Scenarios.allocations(server: counted, appends: appendCount / 4)
                    record(
                        kind, allocationsName,
                        String(format: "%.1f (%.0f B)", figures.perAppend, figures.bytesPerAppend), figures.perAppend)
                } catch {
                    record(kind, allocationsName, "failed: \(error)", 0)
                }
                await counted.stop()
            } catch {
                record(kind, allocationsName, "failed: \(error)", 0)
            }
        }

        // A fresh server for the memory measurement, so earlier streams do not count.
        if wanted(idleName) { await measureIdleMemory(kind) }
    }

    let columns =
        ["measure"] + kinds.map(\.description) + (withPeer ? ["memory ÷ rakaia", "floor ÷ rakaia"] : [])
    var report = Report("Durable Streams server on loopback", columns: columns)
    let order = [
        "100 B appends, concurrency 1", "100 B appends, concurrency 64", "100 B appends, concurrency 1, idempotent",
        "100 B appends, concurrency 64, idempotent", followedName,
    ]
    let measures = order.filter { results[$0] != nil } + results.keys.filter { !order.contains($0) }.sorted()

    /// How many times better `ours` is than `peer` (higher is better for rates, lower for latencies).
    func lead(_ measure: String, _ ours: Double?, _ peer: Double?) -> Double? {
        guard let ours, let peer, ours > 0, peer > 0 else { return nil }
        let higherIsBetter = measure.contains("appends,") || measure.contains("catch-up") || measure.contains("per MiB")
        return higherIsBetter ? ours / peer : peer / ours
    }
    for measure in measures {
        var cells = [measure] + kinds.map { results[measure]?[$0.description] ?? "" }
        if withPeer {
            let figures = numbers[measure] ?? [:]
            let p99s = numbers[measure.replacingOccurrences(of: "(p50 / p99)", with: "(p99)")] ?? [:]
            let memory = ServerProcess.Kind.swiftMemory.description
            let peer = ServerProcess.Kind.rakaia.description
            if let ratio = lead(measure, figures[memory], figures[peer]) {
                var cell = String(format: "%.1f× %@", ratio, ratio >= 1 ? "better" : "worse")
                if let p99 = lead(measure, p99s[memory], p99s[peer]) { cell += String(format: " (p99 %.1f×)", p99) }
                cells.append(cell)
            } else {
                cells.append("")
            }
            // The most any server could lead by with this client: the socket floor's rate over the peer's (the
            // sendfile floor's for catch-up reads), or the live floor's latency under the peer's.
            let floorKind: ServerProcess.Kind =
                measure.hasPrefix("append → delivery")
                ? .liveFloor
                : measure.contains("catch-up") && figures[ServerProcess.Kind.sendfileFloor.description] != nil
                    ? .sendfileFloor : .socketFloor
            if let ratio = lead(measure, figures[floorKind.description], figures[peer]) {
                var cell = String(format: "%.1f×", ratio)
                if let p99 = lead(measure, p99s[floorKind.description], p99s[peer]) {
                    cell += String(format: " (p99 %.1f×)", p99)
                }
                cells.append(cell)
            } else {
                cells.append("")
            }
        }
        report.add(cells)
    }
    report.print()
}

/// A catch-up measure: JSON messages or raw appends, of `size` bytes, `count` of them, from a fork or not.
typealias CatchUpRead = (json: Bool, size: Int, count: Int, forked: Bool)
