import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// The emulator's `POST /v1/event`: well-formed batches are recorded, anything else is refused with a `400` that
/// says why, and recorded as a rejection.
@Suite struct TelemetryIntakeTests {
    static let event =
        #"{"event":"METHOD_INVOKED","it":"development","payload":{"method":"signIn"},"pk":"pk_test_abc","sdk":"clerk-ios","sdkv":"1.4.1"}"#

    @available(OS2023, *)
    static func post(
        _ body: String, to url: URL, contentType: String = "application/json", method: String = "POST"
    ) async throws -> ClerkHTTPResponse {
        try await URLSessionTransport().send(
            ClerkHTTPRequest(
                method: method, url: url, headers: ["Content-Type": contentType],
                body: body.isEmpty ? nil : Data(body.utf8)))
    }

    @available(OS2023, *)
    @Test func aBatchIsRecordedEventByEvent() async throws {
        try await withEmulator { emulator, _ in
            let url = try #require(await emulator.telemetryEndpoint)
            #expect(url.path == "/v1/event")
            let first = try await Self.post(#"{"events":[\#(Self.event)]}"#, to: url)
            #expect(first.status == 200)
            #expect(String(decoding: first.body, as: UTF8.self) == "{}")
            let withoutKey = #"{"event":"VIEW_DID_APPEAR","it":"production","payload":{},"sdk":"x","sdkv":"2"}"#
            _ = try await Self.post(#"{"events":[\#(Self.event),\#(withoutKey)]}"#, to: url)
            let events = try await emulator.telemetryEvents(count: 3, timeout: .seconds(10))
            #expect(events.map(\.batch) == [1, 2, 2])
            #expect(events[0].event == "METHOD_INVOKED" && events[0].instanceType == "development")
            #expect(events[0].sdk == "clerk-ios" && events[0].sdkVersion == "1.4.1")
            #expect(events[0].publishableKey == "pk_test_abc" && events[0].payload == ["method": .string("signIn")])
            #expect(events[2].publishableKey == nil && events[2].payload.isEmpty)
            await emulator.clearTelemetry()
            #expect(await emulator.telemetryEvents().isEmpty)
        }
    }

    @Test(arguments: [
        ("{}", "application/x-www-form-urlencoded", "must be sent as application/json"),
        ("nope", "application/json", "is not JSON"),
        ("[]", "application/json", "must be an object"),
        (#"{"events":[],"x":1}"#, "application/json", "unknown field `x`"),
        (#"{"events":{}}"#, "application/json", "`events` must be an array"),
        (#"{"events":[]}"#, "application/json", "must not be empty"),
        (#"{"events":[1]}"#, "application/json", "`events[0]` must be an object"),
        (
            #"{"events":[{"event":"E","it":"development","sdk":"s","sdkv":"1","payload":{},"cv":"1"}]}"#,
            "application/json", "unknown field `cv`"
        ),
        (
            #"{"events":[{"event":"E","it":"development","sdk":"s","sdkv":"1"}]}"#, "application/json",
            "`events[0].payload` is missing"
        ),
        (
            #"{"events":[{"event":"","it":"development","sdk":"s","sdkv":"1","payload":{}}]}"#, "application/json",
            "`events[0].event` must be a non-empty string"
        ),
        (
            #"{"events":[{"event":"E","it":"staging","sdk":"s","sdkv":"1","payload":{}}]}"#, "application/json",
            "`events[0].it` must be `development` or `production`"
        ),
        (
            #"{"events":[{"event":"E","it":"development","sdk":"s","sdkv":"1","pk":"sk_test_x","payload":{}}]}"#,
            "application/json", "`events[0].pk` must be a publishable key"
        ),
        (
            #"{"events":[{"event":"E","it":"development","sdk":"s","sdkv":"1","payload":[]}]}"#, "application/json",
            "`events[0].payload` must be an object"
        ),
    ])
    @available(OS2023, *)
    func aMalformedBatchIsRefusedAndRecorded(body: String, contentType: String, reason: String) async throws {
        try await withEmulator { emulator, _ in
            let url = try #require(await emulator.telemetryEndpoint)
            let response = try await Self.post(body, to: url, contentType: contentType)
            #expect(response.status == 400)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains(#""code":"telemetry_body_invalid""#))
            #expect(text.contains(reason))
            #expect(await emulator.telemetryEvents().isEmpty)
            let rejections = await emulator.telemetryRejections()
            #expect(rejections.count == 1)
            #expect(rejections.first?.reason.contains(reason) == true, "\(rejections)")
            #expect(await emulator.requestLog().last?.status == 400)
        }
    }

    @available(OS2023, *)
    @Test func onlyPostIsServedAndTheInProcessTransportReachesItToo() async throws {
        try await withEmulator { emulator, _ in
            let url = try #require(await emulator.telemetryEndpoint)
            #expect(try await Self.post("", to: url, method: "GET").status == 404)
            let inProcess = emulator.inProcessTransport
            let response = try await inProcess.send(
                ClerkHTTPRequest(
                    method: "POST", url: url, headers: ["Content-Type": "application/json; charset=utf-8"],
                    body: Data(#"{"events":[\#(Self.event)]}"#.utf8)))
            #expect(response.status == 200)
            #expect(await emulator.telemetryEvents().count == 1)
        }
    }

    @available(OS2023, *)
    @Test func waitingForEventsTimesOut() async throws {
        _ = try await withEmulator { emulator, _ in
            await #expect(throws: ClerkError.self) {
                _ = try await emulator.telemetryEvents(count: 1, timeout: .milliseconds(50))
            }
        }
    }
}
