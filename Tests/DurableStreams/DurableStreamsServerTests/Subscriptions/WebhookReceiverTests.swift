import DurableStreams
import DurableStreamsServer
import DurableStreamsTestSupport
import DurableStreamsWebhooks
import Foundation
import Testing

@Suite("WebhookReceiver: a client-side endpoint checks signatures and calls back")
struct WebhookReceiverTests {
    @Test("a genuine wake verifies and is acknowledged by callback; forged, replayed and stale ones are refused")
    @available(OS2023, *)
    func receiveAndCallBack() async throws {
        let endpoint = try await WebhookEndpoint { _, _ in (202, "{}") }
        defer { Task { await endpoint.stop() } }
        let configuration = DurableStreamsServer.Configuration.forTests {
            $0.basePath = "/v1/stream"
            $0.webhooks = .development
        }
        try await ServerHarness.run(configuration) { server async throws in
            let tag = UUID().uuidString.prefix(8).lowercased()
            let root = try #require(URL(string: server.base + "/v1/stream"))
            let subscriptions = try SubscriptionClient(root: root)
            let stream = "w-\(tag)/a"
            try await server.create("/v1/stream/\(stream)")
            let created = try await subscriptions.create(
                "wr-\(tag)",
                SubscriptionSpec(
                    delivery: .webhook(url: try #require(URL(string: endpoint.url))), pattern: "w-\(tag)/*"))
            #expect(created.type == "webhook" && created.webhookURL == endpoint.url)
            let tail = try #require(try await server.append("/v1/stream/\(stream)", "job").nextOffset)
            _ = try await endpoint.count.subscribe().firstValue(within: .seconds(20)) { $0 >= 1 }
            let delivery = try #require(endpoint.received.value.first)
            let signature = delivery.head.headers.first(name: "Webhook-Signature")
            let body = Data(delivery.body)

            let receiver = WebhookReceiver(jwksURL: root.appendingPathComponent("__ds/jwks.json"))
            let wake = try await receiver.receive(body: body, signature: signature)
            #expect(wake.subscriptionId == "wr-\(tag)" && wake.generation == 1)
            #expect(wake.pending.map(\.path) == [stream] && wake.pending.first?.tailOffset?.rawValue == tail)

            let refusals: [(Data, String?, Date)] = [
                (body, signature, Date()),  // replayed
                (body + Data(" ".utf8), signature, Date()),  // tampered
                (body, nil, Date()),  // unsigned
                (body, signature?.replacingOccurrences(of: "kid=", with: "kid=x"), Date()),  // unknown key
                (body, signature, Date().addingTimeInterval(600)),  // outside the window
                (body, "t=1,kid=k,ed25519=abc", Date()),  // malformed
            ]
            for (index, (refusedBody, refusedSignature, now)) in refusals.enumerated() {
                let error = await #expect(throws: DurableStreamError.self, "refusal \(index)") {
                    try await receiver.receive(body: refusedBody, signature: refusedSignature, now: now)
                }
                #expect(error?.code == .invalidSignature, "refusal \(index): \(String(describing: error))")
            }

            let next = try await subscriptions.callback(wake, [stream: Offset(rawValue: tail)], done: true)
            #expect(next == false)
            let stale = await #expect(throws: DurableStreamError.self) {
                try await subscriptions.callback(wake, done: true)
            }
            #expect(stale?.code == .fenced)
            #expect(try await subscriptions.get("wr-\(tag)").streams.first?.ackedOffset.rawValue == tail)
        }
    }
}
