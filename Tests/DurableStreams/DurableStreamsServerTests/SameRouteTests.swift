import DurableStreamsServer
import DurableStreamsTestSupport
import Foundation
import Testing

/// Tests start servers with fault injection on (``DurableStreamsServer/Configuration/forTests(_:)``); production
/// runs without it. Fault injection is a layer in front of the request handler, so both take the same route.
@Suite("Tests and production take the same route")
struct SameRouteTests {
    /// What a response says, less what differs between two servers by design (dates, stream incarnations).
    @available(OS2023, *)
    struct Answer: Equatable, CustomStringConvertible {
        var status: Int
        var fields: [String: String]
        var body: String

        init(_ response: TestResponse) {
            status = response.status
            fields = [:]
            for name in [
                "Content-Type", "Stream-Next-Offset", "Stream-Up-To-Date", "Stream-Closed", "Cache-Control",
                "Content-Length", "Access-Control-Allow-Methods", "Producer-Epoch", "Producer-Seq", "Connection",
            ] {
                if let value = response.header(name) { fields[name] = value }
            }
            fields["ETag present"] = String(response.header("ETag") != nil)
            body = response.text
        }

        var description: String { "\(status) \(fields.sorted { $0.key < $1.key }) \(body)" }
    }

    /// Creates, appends (plain and as a producer), reads (catch-up, at the tail, long-poll), closes, deletes.
    @available(OS2023, *)
    static func exchange(_ server: ServerHarness, path: String) async throws -> [Answer] {
        var answers: [Answer] = []
        func record(_ response: TestResponse) { answers.append(Answer(response)) }
        record(try await server.create(path, body: "first "))
        record(try await server.append(path, "second"))
        record(
            try await server.append(
                path, " third", headers: [("Producer-Id", "p"), ("Producer-Epoch", "0"), ("Producer-Seq", "0")]))
        record(try await server.read(path))
        record(try await server.read(path, query: "offset=now"))
        let tail = try #require(try await server.read(path).nextOffset)
        record(try await server.read(path, query: "offset=\(tail)&live=long-poll"))
        record(try await server.send(.HEAD, path))
        record(try await server.send(.OPTIONS, path))
        record(try await server.send(.PATCH, path))
        record(try await server.read(path, query: "offset=nonsense"))
        record(try await server.send(.POST, path, headers: [("Stream-Closed", "true")]))
        record(try await server.read(path, query: "offset=\(tail)&live=long-poll"))
        record(try await server.send(.DELETE, path))
        record(try await server.read(path))
        return answers
    }

    @Test("With no fault armed, a server started as tests start it answers as a production server does")
    @available(OS2023, *)
    func unarmedAnswersMatchProduction() async throws {
        let path = ServerHarness.uniquePath("route")
        var asTested: [Answer] = []
        var asProduction: [Answer] = []
        try await ServerHarness.run(.forTests()) { server in
            asTested = try await Self.exchange(server, path: path)
        }
        try await ServerHarness.run(.forTests { $0.faultInjection = false }) { server in
            asProduction = try await Self.exchange(server, path: path)
        }
        #expect(asTested.count == 14)
        for (tested, production) in zip(asTested, asProduction) {
            #expect(tested == production)
        }
    }

    @Test("A body fault armed for a read is applied to the read route's answer, once")
    @available(OS2023, *)
    func bodyFaultOnReadRoute() async throws {
        try await ServerHarness.run(.forTests()) { server in
            let path = ServerHarness.uniquePath("route")
            try await server.create(path, body: "0123456789")
            let armed = try await server.send(
                .POST, "/_test/inject-error", headers: [("Content-Type", "application/json")],
                text: #"{"path":"\#(path)","truncateBodyBytes":4,"method":"GET"}"#)
            #expect(armed.status == 200)
            let truncated = try await server.read(path)
            #expect(truncated.status == 200)
            #expect(truncated.text == "0123")
            #expect(truncated.nextOffset == (try await server.read(path)).nextOffset)
            #expect(try await server.read(path).text == "0123456789")
        }
    }

    @Test(
        "An append reaches the subscriptions through the operations layer, with the tail its typed result gives",
        arguments: [true, false])
    @available(OS2023, *)
    func appendReachesSubscriptions(faultInjection: Bool) async throws {
        // The handler tells the subscriptions nothing itself: only StreamOperations does, from the append's result.
        try await ServerHarness.run(.forTests { $0.faultInjection = faultInjection }) { server in
            let tag = UUID().uuidString.prefix(8).lowercased()
            try await server.create("/events-\(tag)/a", body: "history")
            try await server.create("/wake-\(tag)", contentType: "application/json")
            let subscription = try await server.send(
                .PUT, "/__ds/subscriptions/s-\(tag)", headers: [("Content-Type", "application/json")],
                text: #"{"type":"pull-wake","pattern":"events-\#(tag)/*","wake_stream":"wake-\#(tag)"}"#)
            #expect(subscription.status == 201, "\(subscription.text)")
            let appended = try await server.append("/events-\(tag)/a", " and more")
            let tail = try #require(appended.nextOffset)
            let claim = try await server.send(
                .POST, "/__ds/subscriptions/s-\(tag)/claim", headers: [("Content-Type", "application/json")],
                text: #"{"worker":"w"}"#)
            #expect(claim.status == 200, "\(claim.text)")
            let streams = (claim.json as? [String: Any])?["streams"] as? [[String: Any]]
            #expect(streams?.first?["tail_offset"] as? String == tail)
            #expect(streams?.first?["has_pending"] as? Bool == true)
        }
    }
}
