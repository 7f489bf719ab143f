import CourierPrimitives
import CourierTestSupport
import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation
import Testing

@Suite("Webhook retries across a restart")
struct WebhookRestartTests {
    @Test("a retry scheduled before a restart is kept, and made after it, for the same wake")
    @available(OS2023, *)
    func retryScheduleSurvivesRestart() async throws {
        // The endpoint fails every delivery until the test lets it accept.
        let accepting = Locked(false)
        let endpoint = try await WebhookEndpoint { _, _ in accepting.value ? (200, #"{"done":true}"#) : (503, "{}") }
        defer { Task { await endpoint.stop() } }
        try await withTemporaryDirectory(prefix: "ds-webhooks") { directory in
            let configuration = DurableStreamsServer.Configuration.forTests {
                $0.storage = .directory(directory.path)
                $0.webhooks = .development
            }
            func status(_ server: ServerHarness) async throws -> String? {
                let read = try await server.send(.GET, "/__ds/subscriptions/restart")
                return (read.json as? [String: Any])?["status"] as? String
            }
            try await ServerHarness.run(configuration) { server async throws in
                try await server.create("/jobs/a")
                let body =
                    #"{"type":"webhook","pattern":"jobs/*","webhook":{"url":"\#(endpoint.url)"},"lease_ttl_ms":600000}"#
                let created = try await server.send(
                    .PUT, "/__ds/subscriptions/restart", headers: [("Content-Type", "application/json")], text: body)
                #expect(created.status == 201)
                try await server.append("/jobs/a", "work")
                #expect(try await eventually { try await status(server) == "failed" }, "the failure is recorded")
            }
            try await ServerHarness.run(configuration) { server async throws in
                #expect(try await status(server) == "failed", "the retry schedule survived the restart")
                let before = endpoint.received.value.count
                accepting.withLock { $0 = true }
                _ = try await endpoint.count.subscribe().firstValue(within: .seconds(60)) { $0 > before }
                #expect(try await eventually { try await status(server) == "active" })
                let wakes = Set(
                    endpoint.received.value.map {
                        ((try? JSONSerialization.jsonObject(with: Data($0.body))) as? [String: Any])?["wake_id"]
                            as? String
                    })
                #expect(wakes.count == 1, "every attempt carried the same wake")
            }
        }
    }
}
