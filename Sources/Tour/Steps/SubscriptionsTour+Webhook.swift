import DurableStreams
import DurableStreamsWebhooks
import Foundation

#if canImport(Hummingbird)
import Hummingbird
import Logging
#endif

@available(OS2023, *)
extension SubscriptionsTour {
    /// An HTTP endpoint on 127.0.0.1 receiving the `audit` subscription's webhook wakes on `jobs/*`: each is checked
    /// against the server's keys, read and acknowledged by callback. Nil where there is no HTTP listener.
    static func startWebhook(root: URL, subscriptions: SubscriptionClient, audit: Tally) async throws -> Task<
        Void, any Error
    >? {
        #if canImport(Hummingbird)
        let receiver = WebhookReceiver(jwksURL: root.appendingPathComponent("__ds/jwks.json"))
        let router = Router()
        router.post("wake") { request, _ -> HTTPResponse.Status in
            let body = try await request.body.collect(upTo: 1 << 20)
            let signature = request.headers.first { $0.name.canonicalName == "webhook-signature" }?.value
            let wake = try await receiver.receive(body: Data(body.readableBytesView), signature: signature)
            var offsets: [String: Offset] = [:]
            var count = 0
            for stream in wake.pending {
                let batch = try await subscriptions.read(stream, as: Job.self)
                offsets[stream.path] = batch.offset
                count += batch.items.count
            }
            try await subscriptions.callback(wake, offsets, done: true)
            await audit.add(count, by: "webhook")
            return .ok
        }
        var logger = Logger(label: "tour-webhook")
        logger.logLevel = .critical
        let (bound, port) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { port.yield($0.localAddress?.port ?? 0) }, logger: logger)
        let running = Task { try await app.run() }
        var ports = bound.makeAsyncIterator()
        guard let listening = await ports.next(), let url = URL(string: "http://127.0.0.1:\(listening)/wake")
        else { return running }
        try await subscriptions.create("audit", SubscriptionSpec(delivery: .webhook(url: url), pattern: "jobs/*"))
        print("subscription audit: webhook \(url.absoluteString), Ed25519-signed")
        return running
        #else
        print("(the webhook endpoint needs an HTTP listener: Linux and macOS)")
        return nil
        #endif
    }
}
