import Crypto
import DurableStreamsServer
import DurableStreamsStorage
import DurableStreamsTestSupport
import Foundation
import Testing

@testable import DurableStreamsServer

@Suite("Webhook subscriptions: signed deliveries, done, callbacks, retries and SSRF rules")
struct WebhookTests {
    private static let root = "/v1/stream"

    @available(OS2023, *)
    private func configuration(_ webhooks: DurableStreamsServer.Webhooks = .development)
        -> DurableStreamsServer.Configuration
    {
        .forTests {
            $0.basePath = Self.root
            $0.webhooks = webhooks
        }
    }

    @available(OS2023, *)
    private func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    @available(OS2023, *)
    private func subscribe(
        _ server: ServerHarness, _ id: String, url: String, pattern: String, lease: Int = 60_000
    ) async throws -> TestResponse {
        let body =
            #"{"type":"webhook","pattern":"\#(pattern)","webhook":{"url":"\#(url)"},"lease_ttl_ms":\#(lease)}"#
        return try await server.send(
            .PUT, "\(Self.root)/__ds/subscriptions/\(id)", headers: [("Content-Type", "application/json")], text: body)
    }

    /// Verifies a `Webhook-Signature` against the server's JWKS.
    @available(OS2023, *)
    private func verify(_ delivery: WebhookEndpoint.Delivery, jwks: [String: Any]) throws -> Bool {
        let header = try #require(delivery.head.headers.first(name: "Webhook-Signature"))
        var fields: [String: String] = [:]
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { fields[pair[0]] = pair[1] }
        }
        let keys = jwks["keys"] as? [[String: Any]] ?? []
        let key = try #require(keys.first { $0["kid"] as? String == fields["kid"] })
        let x = try #require(Self.base64URL(key["x"] as? String ?? ""))
        let signature = try #require(Self.base64URL(fields["ed25519"] ?? ""))
        let publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: x)
        return publicKey.isValidSignature(signature, for: Data("\(fields["t"] ?? "").".utf8) + Data(delivery.body))
    }

    private static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    @Test("a signed wake per append; {\"done\": true} acknowledges the snapshot")
    @available(OS2023, *)
    func signedDeliveryDone() async throws {
        let receiver = try await WebhookEndpoint { _, _ in (200, #"{"done":true}"#) }
        defer { Task { await receiver.stop() } }
        try await ServerHarness.run(configuration()) { server async throws in
            let tag = UUID().uuidString.prefix(8).lowercased()
            let stream = "\(Self.root)/hooks-\(tag)/a"
            try await server.create(stream)
            let created = try await subscribe(server, "h-\(tag)", url: receiver.url, pattern: "hooks-\(tag)/*")
            #expect(created.status == 201, "\(created.text)")
            let signing = (object(created.text)["webhook"] as? [String: Any])?["signing"] as? [String: Any]
            #expect(signing?["alg"] as? String == "ed25519")
            #expect((signing?["kid"] as? String)?.hasPrefix("ds_") == true)
            #expect((signing?["jwks_url"] as? String)?.hasSuffix("/v1/stream/__ds/jwks.json") == true)
            let jwksResponse = try await server.send(.GET, "\(Self.root)/__ds/jwks.json")
            #expect(jwksResponse.status == 200 && jwksResponse.header("Content-Type") == "application/jwk-set+json")
            let jwks = object(jwksResponse.text)
            #expect((jwks["keys"] as? [[String: Any]])?.first?["kid"] as? String == signing?["kid"] as? String)

            let tail = try #require(try await server.append(stream, "event").nextOffset)
            _ = try await receiver.count.subscribe().firstValue(within: .seconds(20)) { $0 >= 1 }
            let delivery = try #require(receiver.received.value.first)
            #expect(try verify(delivery, jwks: jwks))
            let payload = object(delivery.text)
            #expect(payload["subscription_id"] as? String == "h-\(tag)" && payload["generation"] as? Int == 1)
            #expect((payload["callback_url"] as? String)?.hasSuffix("/__ds/subscriptions/h-\(tag)/callback") == true)
            #expect((payload["streams"] as? [[String: Any]])?.first?["tail_offset"] as? String == tail)
            // A tampered body does not verify.
            let tampered = WebhookEndpoint.Delivery(head: delivery.head, body: delivery.body + [UInt8(ascii: " ")])
            #expect(try !verify(tampered, jwks: jwks))

            let acked = try await eventually {
                let read = try await server.send(.GET, "\(Self.root)/__ds/subscriptions/h-\(tag)")
                let links = self.object(read.text)["streams"] as? [[String: Any]] ?? []
                return links.first?["acked_offset"] as? String == tail
            }
            #expect(acked, "done acknowledged the snapshot")
        }
    }

    @Test("without done, the handler calls back; a stale callback is fenced")
    @available(OS2023, *)
    func callback() async throws {
        let receiver = try await WebhookEndpoint { _, _ in (202, "{}") }
        defer { Task { await receiver.stop() } }
        try await ServerHarness.run(configuration()) { server async throws in
            let tag = UUID().uuidString.prefix(8).lowercased()
            let stream = "\(Self.root)/cb-\(tag)/a"
            try await server.create(stream)
            #expect(try await subscribe(server, "c-\(tag)", url: receiver.url, pattern: "cb-\(tag)/*").status == 201)
            let tail = try #require(try await server.append(stream, "x").nextOffset)
            _ = try await receiver.count.subscribe().firstValue(within: .seconds(20)) { $0 >= 1 }
            let payload = object(try #require(receiver.received.value.first).text)
            let token = try #require(payload["callback_token"] as? String)
            let wakeId = try #require(payload["wake_id"] as? String)
            let ack =
                #"{"wake_id":"\#(wakeId)","generation":1,"acks":[{"stream":"cb-\#(tag)/a","offset":"\#(tail)"}],"done":true}"#
            let path = "\(Self.root)/__ds/subscriptions/c-\(tag)/callback"
            let headers = [("Content-Type", "application/json"), ("Authorization", "Bearer \(token)")]
            let first = try await server.send(.POST, path, headers: headers, text: ack)
            #expect(first.status == 200 && object(first.text)["next_wake"] as? Bool == false, "\(first.text)")
            let again = try await server.send(.POST, path, headers: headers, text: ack)
            #expect(again.status == 409 && again.text.contains("FENCED"))
            let claim = try await server.send(
                .POST, "\(Self.root)/__ds/subscriptions/c-\(tag)/claim", headers: headers, text: #"{"worker":"w"}"#)
            #expect(claim.status == 400, "webhook subscriptions are not claimed")
        }
    }

    @Test("a failing endpoint is retried with backoff, the same wake each time, until it answers")
    @available(OS2023, *)
    func retries() async throws {
        let receiver = try await WebhookEndpoint { index, _ in index < 2 ? (500, "{}") : (200, #"{"done":true}"#) }
        defer { Task { await receiver.stop() } }
        try await ServerHarness.run(configuration()) { server async throws in
            let tag = UUID().uuidString.prefix(8).lowercased()
            let stream = "\(Self.root)/retry-\(tag)/a"
            try await server.create(stream)
            // A lease longer than the retries, so that they all belong to one wake (a lease that runs out issues a
            // new wake, as it should).
            let created = try await subscribe(
                server, "r-\(tag)", url: receiver.url, pattern: "retry-\(tag)/*", lease: 120_000)
            #expect(created.status == 201)
            try await server.append(stream, "x")
            _ = try await receiver.count.subscribe().firstValue(within: .seconds(30)) { $0 >= 3 }
            let wakes = receiver.received.value.map { object($0.text)["wake_id"] as? String }
            #expect(Set(wakes).count == 1, "one wake, delivered three times")
            let settled = try await eventually {
                let read = try await server.send(.GET, "\(Self.root)/__ds/subscriptions/r-\(tag)")
                return self.object(read.text)["status"] as? String == "active"
            }
            #expect(settled)
        }
    }

    @Test("webhook URLs: https to public hosts; http only to localhost in development; local targets refused")
    @available(OS2023, *)
    func targets() async throws {
        let production = WebhookTargetPolicy(developmentMode: false)
        let development = WebhookTargetPolicy(developmentMode: true)
        let cases: [(String, Bool, Bool)] = [
            ("https://hooks.example.com/x", true, true), ("https://93.184.216.34/x", true, true),
            ("http://hooks.example.com/x", false, false), ("http://localhost:8080/x", false, true),
            ("http://127.0.0.5/x", false, true), ("http://127.1.0.1/x", false, false),
            ("https://localhost/x", false, false), ("https://10.1.2.3/x", false, false),
            ("https://172.20.0.1/x", false, false), ("https://192.168.1.1/x", false, false),
            ("https://169.254.169.254/latest", false, false), ("https://100.64.0.1/x", false, false),
            ("https://[::1]/x", false, false), ("https://[fe80::1]/x", false, false),
            ("https://[fd00::1]/x", false, false), ("https://[::ffff:10.0.0.1]/x", false, false),
            ("https://[2606:4700::1111]/x", true, true), ("ftp://example.com/x", false, false),
            ("https://user:pw@example.com/x", false, false), ("not a url", false, false),
        ]
        for (url, inProduction, inDevelopment) in cases {
            let verdicts = [production.check(url), development.check(url)]
            let accepted = verdicts.map { if case .accepted = $0 { true } else { false } }
            #expect(accepted == [inProduction, inDevelopment], "\(url)")
        }
        #expect(IPAddress("::ffff:8.8.8.8")?.isPublic == true)
        #expect(IPAddress("64:ff9b::a00:1")?.isPublic == false)
        #expect(IPAddress("2001:db8::1")?.isPublic == false)
        #expect(IPAddress("1:2:3:4:5:6:7:8") == .v6([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]))
        #expect(IPAddress("1::2:3::4") == nil && IPAddress("010.0.0.1") == nil && IPAddress("1.2.3") == nil)
        #expect(production.allows(resolved: [.v4([93, 184, 216, 34])]))
        #expect(!production.allows(resolved: [.v4([93, 184, 216, 34]), .v4([10, 0, 0, 1])]), "every address counts")
        #expect(!production.allows(resolved: []))
        #expect(WebhookPoster.resolve("localhost").allSatisfy { !$0.isPublic })

        try await ServerHarness.run(configuration(.enabled)) { server async throws in
            let refused = try await subscribe(server, "ssrf", url: "http://127.0.0.1:9/x", pattern: "a/*")
            #expect(refused.status == 400 && refused.text.contains("WEBHOOK_URL_REJECTED"))
        }
        try await ServerHarness.run(configuration(.disabled)) { server async throws in
            let refused = try await subscribe(server, "off", url: "https://hooks.example.com/x", pattern: "a/*")
            #expect(refused.status == 400 && refused.text.contains("not enabled"))
            #expect(try await server.send(.GET, "\(Self.root)/__ds/jwks.json").status == 404)
        }
    }

    @Test("the retry schedule: 1 s doubling to 60 s, within ±20% jitter")
    @available(OS2023, *)
    func backoff() {
        let configuration = SubscriptionConfiguration(
            kind: .webhook, pattern: "a/*", streams: [], webhookURL: "https://h.example/x", wakeStream: nil,
            leaseMilliseconds: 30_000, description: nil)
        var state = SubscriptionState(id: "s", configuration: configuration, createdAt: "")
        let inputs = SubscriptionInputs(
            now: 0, wakeId: "w_1", tokens: CallbackTokens(secret: Array(repeating: 1, count: 32)))
        state.link("a/x", explicit: false, tail: .zero)
        #expect(state.streamChanged("a/x", tail: StreamOffset(position: 5), inputs) == [.deliverWebhook])
        var delays: [Int64] = []
        for _ in 0..<9 {
            state.webhookFailed(wakeId: "w_1", jitter: 0, inputs)
            delays.append(state.retry?.nextAttemptAt ?? -1)
        }
        #expect(delays == [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000])
        state.webhookFailed(wakeId: "w_1", jitter: 0.9, inputs)
        #expect(state.retry?.nextAttemptAt == 72_000, "jitter is bounded by 20%")
        state.webhookFailed(wakeId: "other", jitter: 0, inputs)
        #expect(state.retry?.failures == 10, "a stale wake's failure changes nothing")
        _ = state.webhookDelivered(wakeId: "w_1", done: true, inputs)
        #expect(state.retry == nil && state.wake == nil && state.links["a/x"]?.acked == StreamOffset(position: 5))
    }
}
