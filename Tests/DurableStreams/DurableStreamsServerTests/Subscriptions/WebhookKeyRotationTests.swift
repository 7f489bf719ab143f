import CourierTestSupport
import DurableStreamsServer
import DurableStreamsStorage
import Foundation
import Testing

@testable import DurableStreamsServer

@Suite("Webhook signing keys rotate, and retired keys stay published for a while")
struct WebhookKeyRotationTests {
    @Test("the ring: rotation when the active key is old enough, publication window, next change")
    @available(OS2023, *)
    func ring() {
        var ring = WebhookKeyRing(now: 0, raw: Data([1]))
        var counter: UInt8 = 1
        let fresh = {
            counter += 1
            return Data([counter])
        }
        let changed1 = ring.rotateIfDue(now: 59_000, lifetime: 60_000, fresh: fresh)
        #expect(!changed1)
        let changed2 = ring.rotateIfDue(now: 10_000_000, lifetime: nil, fresh: fresh)
        #expect(!changed2, "no lifetime, no rotation")
        let changed3 = ring.rotateIfDue(now: 60_000, lifetime: 60_000, fresh: fresh)
        #expect(changed3)
        #expect(ring.active.raw == Data([2]) && ring.published(now: 60_000).count == 2)
        let retiredUntil = 60_000 + WebhookKeyRing.retiredKeysStayFor
        #expect(ring.nextChange(lifetime: 60_000) == 120_000)
        let changed4 = ring.rotateIfDue(now: 120_000, lifetime: 60_000, fresh: fresh)
        #expect(changed4)
        #expect(ring.published(now: 120_000).map(\.raw) == [Data([1]), Data([2]), Data([3])])
        #expect(ring.published(now: retiredUntil).map(\.raw) == [Data([2]), Data([3])], "the first key leaves")
        let changed5 = ring.rotateIfDue(now: retiredUntil, lifetime: nil, fresh: fresh)
        #expect(changed5, "pruning is a change")
        #expect(ring.published(now: retiredUntil).count == 2)
    }

    @Test("a server whose key is past its lifetime rotates it at start; the JWKS shows both keys")
    @available(OS2023, *)
    func rotatesAtStart() async throws {
        try await withTemporaryDirectory(prefix: "ds-keys") { directory in
            let store = try await FileStreamStorage.open(at: directory.path)
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            let old = WebhookKeyRing(now: now - 2 * 3_600_000, raw: Data(WebhookSigner.newRawKey()))
            let oldKid = try WebhookSigner(rawKey: Array(old.active.raw)).kid
            try await store.writeControlDocument(
                Array(try JSONEncoder().encode(old)), named: SubscriptionManager.signingKeysName,
                in: SubscriptionManager.keyFolder)
            await store.shutdown()

            let configuration = DurableStreamsServer.Configuration.forTests {
                $0.storage = .directory(directory.path)
                $0.webhooks = .development
                $0.webhookKeyLifetime = .seconds(3_600)
            }
            try await ServerHarness.run(configuration) { server async throws in
                let jwks = try await server.send(.GET, "/__ds/jwks.json")
                let kids = ((jwks.json as? [String: Any])?["keys"] as? [[String: Any]] ?? []).compactMap {
                    $0["kid"] as? String
                }
                #expect(kids.count == 2 && kids.last == oldKid, "\(kids)")
                let created = try await server.send(
                    .PUT, "/__ds/subscriptions/k", headers: [("Content-Type", "application/json")],
                    text: #"{"type":"webhook","pattern":"a/*","webhook":{"url":"http://127.0.0.1:9/x"}}"#)
                let signing = ((created.json as? [String: Any])?["webhook"] as? [String: Any])?["signing"]
                #expect((signing as? [String: Any])?["kid"] as? String == kids.first, "the new key signs")
            }
            let tooShort = DurableStreamsServer(configuration: .forTests { $0.webhookKeyLifetime = .seconds(5) })
            let refused = await #expect(throws: DurableStreamsServerError.self) { _ = try await tooShort.start() }
            #expect(refused?.code == .invalidConfiguration)
        }
    }
}
