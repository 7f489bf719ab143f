import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation
import Testing

/// Subscriptions over HTTP, under a `/v1/stream` root as upstream's suite addresses them.
@Suite("Subscriptions over HTTP: control, pull-wake claim, ack and release")
struct SubscriptionHTTPTests {
    @available(OS2023, *)
    private var configuration: DurableStreamsServer.Configuration { .forTests { $0.basePath = "/v1/stream" } }

    private static let root = "/v1/stream"

    @available(OS2023, *)
    private func object(_ response: TestResponse) -> [String: Any] { response.json as? [String: Any] ?? [:] }

    @available(OS2023, *)
    private func put(_ server: ServerHarness, _ id: String, _ json: String) async throws -> TestResponse {
        try await server.send(
            .PUT, "\(Self.root)/__ds/subscriptions/\(id)", headers: [("Content-Type", "application/json")], text: json)
    }

    @available(OS2023, *)
    private func post(
        _ server: ServerHarness, _ id: String, _ action: String, _ json: String, token: String? = nil
    ) async throws -> TestResponse {
        var headers = [("Content-Type", "application/json")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        return try await server.send(
            .POST, "\(Self.root)/__ds/subscriptions/\(id)/\(action)", headers: headers, text: json)
    }

    @Test("a pull-wake round: backfill at the tail, a wake event on append, claim, ack, and the next wake")
    @available(OS2023, *)
    func pullWakeRound() async throws {
        try await ServerHarness.run(configuration) { server async throws in
            let tag = UUID().uuidString.prefix(8).lowercased()
            let events = "\(Self.root)/events-\(tag)"
            try await server.create("\(events)/a", body: "history")
            try await server.create("\(Self.root)/wake-\(tag)", contentType: "application/json")
            let body =
                #"{"type":"pull-wake","pattern":"events-\#(tag)/*","wake_stream":"wake-\#(tag)","lease_ttl_ms":60000}"#
            let created = try await put(server, "s-\(tag)", body)
            #expect(created.status == 201, "\(created.text)")
            let links = object(created)["streams"] as? [[String: Any]] ?? []
            #expect(links.count == 1 && links.first?["link_type"] as? String == "glob")
            // Linked at its tail: history is not pending.
            var claim = try await post(server, "s-\(tag)", "claim", #"{"worker":"w1"}"#)
            #expect(claim.status == 409 && claim.text.contains("NO_PENDING_WORK"))

            // Re-confirming the same configuration is 200; a different one 409.
            #expect(try await put(server, "s-\(tag)", body).status == 200)
            #expect(
                try await put(server, "s-\(tag)", body.replacingOccurrences(of: "60000", with: "61000")).status == 409)

            let appended = try await server.append("\(events)/a", "new")
            let tail = try #require(appended.nextOffset)
            let wakes = try await server.read("\(Self.root)/wake-\(tag)")
            let wake = (wakes.json as? [[String: Any]])?.first
            #expect(wake?["type"] as? String == "wake" && wake?["stream"] as? String == "events-\(tag)/a")
            #expect(wake?["generation"] as? Int == 1 && wake?["subscription_id"] as? String == "s-\(tag)")

            claim = try await post(server, "s-\(tag)", "claim", #"{"worker":"w1"}"#)
            #expect(claim.status == 200, "\(claim.text)")
            let grant = object(claim)
            let token = try #require(grant["token"] as? String)
            let wakeId = try #require(grant["wake_id"] as? String)
            let stream = (grant["streams"] as? [[String: Any]])?.first
            #expect(stream?["has_pending"] as? Bool == true && stream?["tail_offset"] as? String == tail)
            let busy = try await post(server, "s-\(tag)", "claim", #"{"worker":"w2"}"#)
            #expect(busy.status == 409)
            let error = object(busy)["error"] as? [String: Any]
            #expect(error?["code"] as? String == "ALREADY_CLAIMED" && error?["current_holder"] as? String == "w1")

            // A new stream matching the pattern joins from its start.
            try await server.create("\(events)/b", body: "first")
            let ack =
                #"{"wake_id":"\#(wakeId)","generation":1,"acks":[{"stream":"events-\#(tag)/a","offset":"\#(tail)"}],"done":true}"#
            let acked = try await post(server, "s-\(tag)", "ack", ack, token: token)
            #expect(acked.status == 200 && object(acked)["next_wake"] as? Bool == true, "\(acked.text)")
            #expect(try await post(server, "s-\(tag)", "ack", ack, token: token).status == 409, "fenced")

            let read = try await server.send(.GET, "\(Self.root)/__ds/subscriptions/s-\(tag)")
            let byPath = Dictionary(
                uniqueKeysWithValues: (object(read)["streams"] as? [[String: Any]] ?? []).map {
                    ($0["path"] as? String ?? "", $0["acked_offset"] as? String ?? "")
                })
            #expect(byPath["events-\(tag)/a"] == tail && byPath["events-\(tag)/b"] == "0000000000000000")
            let second = try await post(server, "s-\(tag)", "claim", #"{"worker":"w2"}"#)
            #expect(second.status == 200 && object(second)["generation"] as? Int == 2)
            let release = try await post(
                server, "s-\(tag)", "release",
                #"{"wake_id":"\#(object(second)["wake_id"] as? String ?? "")","generation":2}"#,
                token: object(second)["token"] as? String)
            #expect(release.status == 204)
        }
    }

    @Test("membership: explicit links added and removed; delete; bad requests are typed errors")
    @available(OS2023, *)
    func controlAndErrors() async throws {
        try await ServerHarness.run(configuration) { server async throws in
            let id = "m-\(UUID().uuidString.prefix(8).lowercased())"
            #expect(
                try await put(server, id, #"{"type":"pull-wake","streams":["x/1"],"wake_stream":"w"}"#).status == 201)
            #expect(try await post(server, id, "streams", #"{"streams":["x/2","x/3"]}"#).status == 204)
            var read = try await server.send(.GET, "\(Self.root)/__ds/subscriptions/\(id)")
            #expect((object(read)["streams"] as? [Any])?.count == 3)
            let removed = try await server.send(.DELETE, "\(Self.root)/__ds/subscriptions/\(id)/streams/x%2F2")
            #expect(removed.status == 204)
            read = try await server.send(.GET, "\(Self.root)/__ds/subscriptions/\(id)")
            #expect((object(read)["streams"] as? [[String: Any]])?.map { $0["path"] as? String } == ["x/1", "x/3"])

            let failures: [(TestResponse, Int, String)] = [
                (try await put(server, id + "b", "{"), 400, "INVALID_REQUEST"),
                (
                    try await put(
                        server, id + "c",
                        #"{"type":"webhook","streams":["a"],"webhook":{"url":"http://example.com/h"}}"#),
                    400, "WEBHOOK_URL_REJECTED"
                ),
                (
                    try await put(server, id + "d", #"{"type":"pull-wake","streams":["../etc"],"wake_stream":"w"}"#),
                    400, "INVALID_REQUEST"
                ),
                (
                    try await put(server, id + "e", #"{"type":"pull-wake","streams":["__ds/x"],"wake_stream":"w"}"#),
                    400, "INVALID_REQUEST"
                ),
                (try await post(server, id, "streams", #"{"streams":[]}"#), 400, "INVALID_REQUEST"),
                (try await post(server, id, "claim", #"{}"#), 400, "INVALID_REQUEST"),
                (try await post(server, id, "ack", #"{"wake_id":"w","generation":1}"#), 401, "TOKEN_INVALID"),
                (
                    try await post(server, id, "ack", #"{"wake_id":"w","generation":1}"#, token: "1.w.forged"), 401,
                    "TOKEN_INVALID"
                ),
                (try await post(server, "missing", "claim", #"{"worker":"w"}"#), 404, "SUBSCRIPTION_NOT_FOUND"),
                (try await server.send(.GET, "\(Self.root)/__ds/subscriptions/missing"), 404, "SUBSCRIPTION_NOT_FOUND"),
                (try await server.send(.GET, "\(Self.root)/__ds/elsewhere"), 404, "SUBSCRIPTION_NOT_FOUND"),
                (try await post(server, id, "unknown", "{}"), 404, "SUBSCRIPTION_NOT_FOUND"),
            ]
            for (response, status, code) in failures {
                #expect(
                    response.status == status && response.text.contains(code), "\(response.status) \(response.text)")
            }
            #expect(try await server.send(.PATCH, "\(Self.root)/__ds/subscriptions/\(id)").status == 405)
            #expect(try await server.send(.DELETE, "\(Self.root)/__ds/subscriptions/\(id)").status == 204)
            #expect(try await server.send(.GET, "\(Self.root)/__ds/subscriptions/\(id)").status == 404)
            #expect(try await server.send(.DELETE, "\(Self.root)/__ds/subscriptions/\(id)").status == 204)
        }
    }
}
