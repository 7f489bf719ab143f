import CourierTestSupport
import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation
import Testing

@Suite("Webhook retries across a restart")
struct WebhookRestartTests {
    @Test("a retry scheduled before a restart is still made after it, for the same wake")
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func retryScheduleSurvivesRestart() async throws {
        let endpoint = try await WebhookEndpoint { index, _ in index == 0 ? (503, "{}") : (200, #"{"done":true}"#) }
        defer { Task { await endpoint.stop() } }
        try await withTemporaryDirectory(prefix: "ds-webhooks") { directory in
            let configuration = DurableStreamsServer.Configuration.forTests {
                $0.storage = .directory(directory.path)
                $0.webhooks = .development
            }
            try await ServerHarness.run(configuration) { server async throws in
                try await server.create("/jobs/a")
                let body = #"{"type":"webhook","pattern":"jobs/*","webhook":{"url":"\#(endpoint.url)"}}"#
                let created = try await server.send(
                    .PUT, "/__ds/subscriptions/restart", headers: [("Content-Type", "application/json")], text: body)
                #expect(created.status == 201)
                try await server.append("/jobs/a", "work")
                _ = try await endpoint.count.subscribe().firstValue(within: .seconds(20)) { $0 >= 1 }
            }
            // The first delivery failed (503); the server stopped before its retry (due after about a second).
            #expect(endpoint.received.value.count == 1)
            try await ServerHarness.run(configuration) { server async throws in
                _ = try await endpoint.count.subscribe().firstValue(within: .seconds(30)) { $0 >= 2 }
                let deliveries = endpoint.received.value.map {
                    (try? JSONSerialization.jsonObject(with: Data($0.body))) as? [String: Any]
                }
                #expect(deliveries.count == 2)
                #expect(deliveries[0]?["wake_id"] as? String == deliveries[1]?["wake_id"] as? String, "the same wake")
                #expect(deliveries[1]?["generation"] as? Int == 1)
            }
        }
    }
}
