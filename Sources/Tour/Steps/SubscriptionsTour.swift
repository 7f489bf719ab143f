import DurableStreams
import DurableStreamsServer
import DurableStreamsWebhooks
import Foundation
import Logging

#if canImport(Hummingbird)
import Hummingbird
#endif

/// Durable Streams subscriptions: a pool of three pull-wake workers and a webhook endpoint follow `jobs/*`.
@available(OS2023, *)
enum SubscriptionsTour {
    struct Job: Codable, Sendable {
        var id: Int
    }

    /// Counts what each worker handled; `until(_:)` returns once the total reaches a number.
    actor Tally {
        private(set) var byWorker: [String: Int] = [:]
        private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

        var total: Int { byWorker.values.reduce(0, +) }

        func add(_ count: Int, by worker: String) {
            byWorker[worker, default: 0] += count
            let total = self.total
            waiters.removeAll { target, waiter in
                guard total >= target else { return false }
                waiter.resume()
                return true
            }
        }

        func until(_ target: Int) async {
            if total < target { await withCheckedContinuation { waiters.append((target, $0)) } }
        }
    }

    static func run() async throws {
        print("== DurableStreams subscriptions")
        var configuration = DurableStreamsServer.Configuration(host: "127.0.0.1", port: 0, storage: .memory)
        configuration.basePath = "/v1/stream"
        configuration.webhooks = .development  // webhooks to 127.0.0.1 over http
        var logger = Logger(label: "tour")
        logger.logLevel = .warning
        configuration.logger = logger
        let server = DurableStreamsServer(configuration: configuration)
        let port = try await server.start()
        let root = URL(string: "http://127.0.0.1:\(port)/v1/stream") ?? URL(fileURLWithPath: "/")
        let subscriptions = try SubscriptionClient(root: root)
        for path in ["wake/pool", "jobs/a", "jobs/b"] {
            _ = try await DurableStreamHandle.create(url: subscriptions.streamURL(path))
        }
        try await subscriptions.create("pool", .pullWake(wakeStream: "wake/pool", pattern: "jobs/*"))
        print("subscription pool: pull-wake on jobs/*, wake events on wake/pool")

        let pool = Tally()
        let workers = (1...3).map { index in
            Task {
                let name = "worker-\(index)"
                for try await wake in PullWakeWorker(client: subscriptions, subscription: "pool", worker: name) {
                    for stream in wake.pending {
                        let batch = try await wake.read(stream, as: Job.self)
                        try await wake.ack(stream, through: batch.offset)
                        await pool.add(batch.items.count, by: name)
                    }
                    try await wake.finish()
                }
            }
        }
        let audit = Tally()
        let webhook = try await startWebhook(root: root, subscriptions: subscriptions, audit: audit)

        let producers = try await ["jobs/a", "jobs/b"].asyncMap { path in
            try await DurableStreamHandle.connect(url: subscriptions.streamURL(path)) { Producer(id: "tour") }
        }
        for id in 0..<12 { producers[id % 2].append(Job(id: id)) }
        for producer in producers { _ = try await producer.flush() }
        print("appended 12 jobs to jobs/a and jobs/b")

        try await within(.seconds(60)) { await pool.until(12) }
        let shares = await pool.byWorker.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        print("the pool handled all 12 (\(shares.joined(separator: ", "))), each acknowledged")
        if webhook != nil {
            try await within(.seconds(60)) { await audit.until(12) }
            print("the webhook endpoint verified its signed wakes and acknowledged all 12")
        }
        for worker in workers { worker.cancel() }
        webhook?.cancel()
        await server.stop()
        print()
    }

    /// Runs `body`, failing after `limit`.
    static func within(_ limit: Duration, _ body: @escaping @Sendable () async -> Void) async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                await body()
                return true
            }
            group.addTask {
                try await Task.sleep(for: limit)
                return false
            }
            defer { group.cancelAll() }
            guard try await group.next() == true else { throw CancellationError() }
        }
    }
}

extension Array where Element: Sendable {
    fileprivate func asyncMap<T: Sendable>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
