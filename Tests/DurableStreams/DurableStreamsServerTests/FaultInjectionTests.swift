import CourierTestSupport
import DurableStreamsServer
import Foundation
import Testing

@Suite("Fault injection (/_test/inject-error)")
struct FaultInjectionTests {
    /// Arms a fault and checks that the control endpoint accepted it.
    @available(OS2023, *)
    private func arm(_ server: ServerHarness, _ json: String) async throws {
        let response = try await inject(server, json)
        #expect(response.status == 200, "fault refused: \(response.text)")
    }

    @available(OS2023, *)
    private func inject(_ server: ServerHarness, _ json: String) async throws -> TestResponse {
        try await server.send(.POST, "/_test/inject-error", headers: [("Content-Type", "application/json")], text: json)
    }

    @Test("A status fault answers the next count requests with it and Retry-After, then stops")
    @available(OS2023, *)
    func status() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "data")
            let armed = try await inject(server, #"{"path":"\#(path)","status":503,"count":2,"retryAfter":1}"#)
            #expect(armed.status == 200)
            #expect(armed.text == #"{"ok":true}"#)
            for _ in 0..<2 {
                let failed = try await server.read(path)
                #expect(failed.status == 503)
                #expect(failed.header("Retry-After") == "1")
                #expect(failed.text == "Injected error for testing")
            }
            #expect(try await server.read(path).text == "data")
        }
    }

    @Test("A method filter leaves other methods alone; DELETE clears every fault")
    @available(OS2023, *)
    func methodAndClear() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "data")
            try await arm(server, #"{"path":"\#(path)","status":500,"method":"POST","count":5}"#)
            #expect(try await server.read(path).status == 200)
            #expect(try await server.append(path, "x").status == 500)
            #expect(try await server.send(.DELETE, "/_test/inject-error").status == 200)
            #expect(try await server.append(path, "x").status == 204)
        }
    }

    @Test("A dropped connection gets no response; the next request is served")
    @available(OS2023, *)
    func dropConnection() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "persistent-data")
            try await arm(server, #"{"path":"\#(path)","dropConnection":true,"count":1}"#)
            await #expect(throws: (any Error).self) { try await server.read(path) }
            #expect(try await server.read(path).text == "persistent-data")
        }
    }

    @Test("Delay with jitter delays the response; the data is intact")
    @available(OS2023, *)
    func delay() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "delayed-data")
            try await arm(server, #"{"path":"\#(path)","delayMs":300,"jitterMs":100}"#)
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await server.read(path)
            #expect(clock.now - start >= .milliseconds(300))
            #expect(response.text == "delayed-data")
        }
    }

    @Test("Truncated and corrupted bodies break JSON parsing, once")
    @available(OS2023, *)
    func bodyFaults() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, contentType: "application/json", body: #"[{"item":1},{"item":2},{"item":3}]"#)
            try await arm(server, #"{"path":"\#(path)","truncateBodyBytes":15,"method":"GET"}"#)
            let truncated = try await server.read(path)
            #expect(truncated.body.count == 15)
            #expect(truncated.json == nil)
            try await arm(server, #"{"path":"\#(path)","corruptBody":true,"method":"GET"}"#)
            let corrupted = try await server.read(path)
            #expect(corrupted.body.count == #"[{"item":1},{"item":2},{"item":3}]"#.utf8.count)
            #expect(corrupted.body.first == UInt8(ascii: "X") || corrupted.body.first == UInt8(ascii: "Z"))
            #expect(corrupted.json == nil)
            #expect(try await server.read(path).json != nil)
        }
    }

    @Test("An injected SSE event comes before the stream's own events")
    @available(OS2023, *)
    func sseEvent() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "expected-data")
            try await arm(
                server, #"{"path":"\#(path)","injectSseEvent":{"eventType":"control","data":"{invalid json here"}}"#)
            let connection = try await server.events(path, query: "offset=-1&live=sse")
            let events = try await connection.take(3)
            #expect(events[0] == SSEEvent(type: "control", data: "{invalid json here"))
            #expect(events[1] == SSEEvent(type: "data", data: "expected-data"))
            connection.cancel()
        }
    }

    @Test("Probability 0 never fires; a zero-count fault fires once")
    @available(OS2023, *)
    func probabilityAndCount() async throws {
        try await ServerHarness.run { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "d")
            try await arm(server, #"{"path":"\#(path)","status":500,"probability":0,"count":3}"#)
            for _ in 0..<5 { #expect(try await server.read(path).status == 200) }
            try await arm(server, #"{"path":"\#(path)","status":500,"count":0}"#)
            #expect(try await server.read(path).status == 500)
            #expect(try await server.read(path).status == 200)
        }
    }

    @Test(
        "Bad control requests are refused",
        arguments: [
            "not json", #"{"status":500}"#, #"{"path":"/x"}"#, #"{"path":"/x","status":"500"}"#,
            #"{"path":"/x","status":99}"#,
            #"{"path":"/x","delayMs":-1}"#, #"{"path":"/x","probability":2,"status":500}"#,
            #"{"path":"/x","injectSseEvent":{"eventType":1}}"#,
        ])
    @available(OS2023, *)
    func badControl(body: String) async throws {
        try await ServerHarness.run { server async throws in
            let refused = try await inject(server, body)
            #expect(refused.status == 400)
            #expect(try await server.send(.GET, "/_test/inject-error").status == 405)
        }
    }

    @Test("Off by default: the control path answers 404 and arms nothing")
    @available(OS2023, *)
    func offByDefault() async throws {
        try await ServerHarness.run(.forTests { $0.faultInjection = false }) { server async throws in
            let path = ServerHarness.uniquePath()
            try await server.create(path, body: "d")
            #expect(try await inject(server, #"{"path":"\#(path)","status":500}"#).status == 404)
            #expect(try await server.read(path).status == 200)
        }
    }
}
