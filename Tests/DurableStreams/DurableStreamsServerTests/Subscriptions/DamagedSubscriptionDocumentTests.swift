import CourierTestSupport
import DurableStreamsServer
import DurableStreamsStorage
import Foundation
import Testing

@testable import DurableStreamsServer

@Suite("Damaged subscription documents are left aside, never trusted")
struct DamagedSubscriptionDocumentTests {
    @Test("a key ring without keys, or a state past its limits, is refused when decoded")
    @available(OS2023, *)
    func limits() throws {
        for json in [#"{"entries":[]}"#, #"{"entries":[{"raw":"AQ==","created":-9223372036854775808}]}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(WebhookKeyRing.self, from: Data(json.utf8)) }
        }
        let configuration = SubscriptionConfiguration(
            kind: .pullWake, pattern: "a/*", streams: [], webhookURL: nil, wakeStream: "w", leaseMilliseconds: 30_000,
            description: nil)
        var state = SubscriptionState(id: "s", configuration: configuration, createdAt: "")
        #expect(state.isWithinLimits)
        state.wake = .init(id: "w_1", snapshot: [:], holder: "x", leaseDeadline: .min)
        #expect(!state.isWithinLimits)
        state.wake = nil
        state.retry = .init(failures: .max, nextAttemptAt: 0)
        #expect(!state.isWithinLimits)
        state.retry = nil
        state.generation = -1
        #expect(!state.isWithinLimits)
        let unbounded = SubscriptionConfiguration(
            kind: .pullWake, pattern: "a/*", streams: [], webhookURL: nil, wakeStream: "w", leaseMilliseconds: .max,
            description: nil)
        #expect(!SubscriptionState(id: "s", configuration: unbounded, createdAt: "").isWithinLimits)
    }

    @Test("a server starts on a data directory with damaged documents, skips them, and replaces unreadable keys")
    @available(OS2023, *)
    func startsAnyway() async throws {
        try await withTemporaryDirectory(prefix: "ds-damaged") { directory in
            let store = try await FileStreamStorage.open(at: directory.path)
            try await store.writeControlDocument(
                Array(#"{"entries":[]}"#.utf8), named: SubscriptionManager.signingKeysName,
                in: SubscriptionManager.keyFolder)
            let configuration = SubscriptionConfiguration(
                kind: .pullWake, pattern: "a/*", streams: [], webhookURL: nil, wakeStream: "w",
                leaseMilliseconds: 30_000, description: nil)
            var state = SubscriptionState(id: "damaged", configuration: configuration, createdAt: "")
            state.wake = .init(id: "w_1", snapshot: [:], holder: "x", leaseDeadline: .min)
            try await store.writeControlDocument(
                Array(try JSONEncoder().encode(state)), named: SubscriptionManager.documentName("damaged"),
                in: SubscriptionManager.folder)
            await store.shutdown()

            let server = DurableStreamsServer.Configuration.forTests {
                $0.storage = .directory(directory.path)
                $0.webhooks = .development
            }
            try await ServerHarness.run(server) { server async throws in
                #expect(try await server.send(.GET, "/__ds/subscriptions/damaged").status == 404)
                let jwks = try await server.send(.GET, "/__ds/jwks.json")
                #expect(((jwks.json as? [String: Any])?["keys"] as? [Any])?.count == 1, "a new key")
            }
        }
    }
}
