// jobs-webhook ROOT EXPECTED: the audit worker. Listens on 127.0.0.1 (an ephemeral port), subscribes to the
// orders' streams by webhook, and for each wake checks the signature against the server's keys, reads the new
// orders, totals them per region and acknowledges them through the callback. Exits once it has audited EXPECTED
// distinct orders.
import DurableStreams
import DurableStreamsWebhooks
import Foundation
import Hummingbird
import JobsShared
import Logging
import ServiceLifecycle

/// The audit: distinct orders (delivery is at-least-once) and totals per region.
actor Audit {
    private var seen: Set<String> = []
    private var totals: [String: Int] = [:]
    private let expected: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(expected: Int) {
        self.expected = expected
    }

    func record(_ orders: [Order]) {
        for order in orders where seen.insert(order.id).inserted {
            totals[order.region, default: 0] += order.cents
        }
        if seen.count >= expected {
            for waiter in waiters { waiter.resume() }
            waiters = []
        }
    }

    /// Returns once every expected order was audited.
    func complete() async -> [String: Int] {
        if seen.count < expected { await withCheckedContinuation { waiters.append($0) } }
        return totals
    }
}

/// Handles one webhook request: 401 for a signature that does not verify, else the wake's orders are audited and
/// acknowledged (by callback, with the offsets actually read, so orders appended after the wake are not skipped).
func handle(
    _ request: Request, receiver: WebhookReceiver, subscriptions: SubscriptionClient, audit: Audit
) async throws -> Response {
    let body = try await request.body.collect(upTo: 1 << 20)
    let signature = request.headers.first { $0.name.canonicalName == "webhook-signature" }?.value
    let wake: WebhookWake
    do throws(DurableStreamError) {
        wake = try await receiver.receive(body: Data(body.readableBytesView), signature: signature)
    } catch {
        say("refused a wake: \(error.message)")
        return Response(status: .unauthorized)
    }
    var offsets: [String: Offset] = [:]
    var orders: [Order] = []
    for stream in wake.pending {
        let batch = try await subscriptions.read(stream, as: Order.self)
        orders += batch.items
        offsets[stream.path] = batch.offset
        say("audit: wake \(wake.generation): \(batch.items.count) orders of \(stream.path)")
    }
    // Acknowledged first: the audit counts an order once its acknowledgement is durable.
    try await subscriptions.callback(wake, offsets, done: true)
    await audit.record(orders)
    return Response(status: .ok)
}

do {
    let root = try Jobs.root()
    let arguments = CommandLine.arguments
    guard arguments.count == 3, let expected = Int(arguments[2]), expected > 0 else {
        throw JobsFailure("usage: jobs-webhook ROOT EXPECTED")
    }
    let subscriptions = try SubscriptionClient(root: root)
    // The server publishes its signing keys (JWKS) under the stream root; the receiver fetches and caches them.
    let receiver = WebhookReceiver(jwksURL: root.appendingPathComponent("__ds/jwks.json"))
    let audit = Audit(expected: expected)
    var logger = Logger(label: "jobs-webhook")
    logger.logLevel = .warning

    let router = Router()
    router.post("wake") { request, _ in
        try await handle(request, receiver: receiver, subscriptions: subscriptions, audit: audit)
    }
    let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            guard let port = channel.localAddress?.port, let url = URL(string: "http://127.0.0.1:\(port)/wake")
            else { return }
            do {
                let created = try await subscriptions.create(
                    Jobs.audit, SubscriptionSpec(delivery: .webhook(url: url), pattern: Jobs.pattern))
                say("subscription \(created.id): webhook \(url.absoluteString)")
            } catch {
                FileHandle.standardError.write(Data("jobs-webhook: could not subscribe: \(error)\n".utf8))
                exit(1)
            }
        },
        logger: logger)
    // The endpoint runs until the audit is complete, then shuts down gracefully (finishing the request in flight).
    let group = ServiceGroup(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    async let running: Void = group.run()
    let totals = await audit.complete()
    await group.triggerGracefulShutdown()
    try await running
    for (region, cents) in totals.sorted(by: { $0.key < $1.key }) {
        say("audit: \(region) \(cents / 100).\(String(format: "%02d", cents % 100))")
    }
    say("audit complete: \(expected) orders")
} catch {
    FileHandle.standardError.write(Data("jobs-webhook: \(error)\n".utf8))
    exit(1)
}
