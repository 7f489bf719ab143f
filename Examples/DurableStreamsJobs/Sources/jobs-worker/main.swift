// jobs-worker ROOT NAME [--crash]: one worker of the pool. Claims the pool subscription's wakes, reads each
// pending stream's new orders, records them in `results/pool`, then acknowledges them; runs until stopped.
// With --crash it exits abruptly after reading its first batch, before acknowledging it: its lease runs out and
// another worker of the pool handles the batch.
import DurableStreams
import Foundation
import JobsShared

do {
    let root = try Jobs.root()
    let arguments = CommandLine.arguments
    guard arguments.count >= 3 else { throw JobsFailure("usage: jobs-worker ROOT NAME [--crash]") }
    let name = arguments[2]
    let crash = arguments.dropFirst(3).contains("--crash")
    let subscriptions = try SubscriptionClient(root: root)
    // The worker's records go out exactly once, even when a write is retried.
    let results = try await DurableStreamHandle.connect(url: subscriptions.streamURL(Jobs.results)) {
        Producer(id: "results-\(name)")
    }
    say("\(name): waiting for work")
    for try await wake in PullWakeWorker(client: subscriptions, subscription: Jobs.pool, worker: name) {
        for stream in wake.pending {
            let batch = try await wake.read(stream, as: Order.self)
            if crash {
                say("\(name): read \(batch.items.count) orders of \(stream.path) and crashed before acknowledging")
                exit(3)
            }
            for order in batch.items { results.append(Handled(order: order.id, worker: name)) }
            _ = try await results.flush()
            try await wake.ack(stream, through: batch.offset)
            say("\(name): wake \(wake.claim.generation): handled \(batch.items.count) orders of \(stream.path)")
        }
        try await wake.finish()
    }
} catch {
    FileHandle.standardError.write(Data("jobs-worker: \(error)\n".utf8))
    exit(1)
}
