// jobs-producer ROOT setup: creates the streams and the pool's pull-wake subscription.
// jobs-producer ROOT produce COUNT: appends COUNT orders across the regions' streams in three bursts, waits until
// the pool has acknowledged every stream up to its tail, then checks `results/pool`: every order handled, and by
// whom. Exits non-zero if an order was lost.
import DurableStreams
import Foundation
import JobsShared

func setUp(_ subscriptions: SubscriptionClient) async throws {
    for path in [Jobs.wakeStream, Jobs.results] + Jobs.regions.map({ "orders/\($0)" }) {
        _ = try await DurableStreamHandle.createOrConnect(url: subscriptions.streamURL(path))
    }
    let pool = try await subscriptions.create(
        Jobs.pool,
        .pullWake(
            wakeStream: Jobs.wakeStream, pattern: Jobs.pattern, leaseTTL: Jobs.lease,
            description: "the pool of order workers"))
    say("subscription \(pool.id): pull-wake on \(pool.pattern ?? ""), \(pool.streams.count) streams linked")
}

func produce(_ subscriptions: SubscriptionClient, count: Int) async throws {
    var handles: [DurableStreamHandle] = []
    for region in Jobs.regions {
        handles.append(
            try await DurableStreamHandle.connect(url: subscriptions.streamURL("orders/\(region)")) {
                Producer(id: "orders-\(region)")
            })
    }
    // Three bursts, a moment apart, so the pool goes through several wakes.
    let bursts = stride(from: 0, to: count, by: max(1, (count + 2) / 3)).map { $0..<min(count, $0 + (count + 2) / 3) }
    for burst in bursts {
        for index in burst {
            let region = Jobs.regions[index % Jobs.regions.count]
            handles[index % handles.count].append(Order(id: "\(region)-\(index)", region: region, cents: 100 + index))
        }
        for handle in handles { _ = try await handle.flush() }
        say("appended orders \(burst.lowerBound)..<\(burst.upperBound)")
        try await Task.sleep(for: .milliseconds(300))
    }
    try await waitUntilAcknowledged(subscriptions)
    try await check(subscriptions, count: count)
}

/// Polls the pool's cursors until every stream is acknowledged up to its tail (two minutes at most).
func waitUntilAcknowledged(_ subscriptions: SubscriptionClient) async throws {
    let deadline = ContinuousClock.now + .seconds(120)
    while ContinuousClock.now < deadline {
        let pool = try await subscriptions.get(Jobs.pool)
        var pending = 0
        for stream in pool.streams {
            let tail = try await DurableStreamHandle.head(url: subscriptions.streamURL(stream.path)).offset
            if stream.ackedOffset != tail { pending += 1 }
        }
        if pending == 0 {
            say("the pool acknowledged every stream up to its tail")
            return
        }
        try await Task.sleep(for: .milliseconds(200))
    }
    throw JobsFailure("the pool did not acknowledge every order within two minutes")
}

/// Reads what the workers recorded: every order at least once (at-least-once delivery; a worker whose lease ran
/// out while it was handling a batch can have its batch handled again, which idempotent handling absorbs).
func check(_ subscriptions: SubscriptionClient, count: Int) async throws {
    let records = try await DurableStream.stream(url: subscriptions.streamURL(Jobs.results), live: .catchUp)
        .json(as: Handled.self).items
    let expected = Set((0..<count).map { "\(Jobs.regions[$0 % Jobs.regions.count])-\($0)" })
    let handled = Set(records.map(\.order))
    let byWorker = Dictionary(grouping: records, by: \.worker).mapValues(\.count)
    for (worker, handledCount) in byWorker.sorted(by: { $0.key < $1.key }) {
        say("\(worker) handled \(handledCount) orders")
    }
    let missing = expected.subtracting(handled)
    guard missing.isEmpty else {
        throw JobsFailure("\(missing.count) orders were never handled, e.g. \(missing.sorted().prefix(3))")
    }
    say("all \(count) orders handled; \(records.count - handled.count) handled twice")
}

do {
    let root = try Jobs.root()
    let subscriptions = try SubscriptionClient(root: root)
    switch Array(CommandLine.arguments.dropFirst(2)) {
    case ["setup"]:
        try await setUp(subscriptions)
    case let rest where rest.count == 2 && rest[0] == "produce":
        guard let count = Int(rest[1]), count > 0 else { throw JobsFailure("COUNT must be a positive number") }
        try await produce(subscriptions, count: count)
    default:
        throw JobsFailure("usage: jobs-producer ROOT setup | jobs-producer ROOT produce COUNT")
    }
} catch {
    FileHandle.standardError.write(Data("jobs-producer: \(error)\n".utf8))
    exit(1)
}
