import Foundation
import Testing

@testable import ClerkKit

/// Telemetry through a whole ``Clerk``: what goes out, to where, with which headers, and what never does.
@MainActor
@Suite struct ClerkTelemetryTests {
    static let liveKey = "pk_live_bW9jay5jbGVyay5hY2NvdW50cy5kZXYk"

    /// The sign-in routes, plus the telemetry endpoint answering `telemetryStatus` (nil: no response at all).
    @available(OS2023, *)
    static func transport(telemetryStatus: Int? = 200) -> StubTransport {
        let fapi = AuthFlowTests.signInRoutes()
        return StubTransport { (request, _) async throws(ClerkError) -> ClerkHTTPResponse in
            guard request.url.host == "clerk-telemetry.com" else { return try await fapi.send(request) }
            guard let telemetryStatus else { throw ClerkError(.transport, "connection refused") }
            return ClerkHTTPResponse(status: telemetryStatus, body: Data("{}".utf8))
        }
    }

    @available(OS2023, *)
    static func clerk(
        _ transport: StubTransport, key: String = Fixtures.publishableKey, enabled: Bool = true, unit: Double = 0
    ) throws -> Clerk {
        let options = ClerkOptions(telemetryEnabled: enabled, device: Fixtures.testDevice)
        let configuration = try ClerkConfiguration(publishableKey: key, options: options)
        return Clerk(
            configuration: configuration,
            dependencies: ClerkDependencies(
                configuration: configuration, transport: transport, clock: TestClock(),
                randomness: CountingRandomness(unit: unit)))
    }

    @available(OS2023, *)
    static func telemetryRequests(_ transport: StubTransport) -> [ClerkHTTPRequest] {
        transport.requests.filter { $0.url.host == "clerk-telemetry.com" }
    }

    @available(OS2023, *)
    @Test func aSignInSendsItsNameOnlyToClerksEndpoint() async throws {
        let transport = Self.transport()
        let clerk = try Self.clerk(transport)
        _ = try await clerk.auth.signIn(identifier: "ada@example.com", password: "correct horse")
        await clerk.flushTelemetry()
        let sent = Self.telemetryRequests(transport)
        try #require(sent.count == 1)
        let request = sent[0]
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://clerk-telemetry.com/v1/event")
        #expect(request.headers.fields.map(\.name) == ["Content-Type"])
        #expect(request.headers["Content-Type"] == "application/json")
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(
            body
                == #"{"events":[{"event":"METHOD_INVOKED","it":"development","payload":{"method":"signIn"},"#
                + #""pk":"\#(Fixtures.publishableKey)","sdk":"clerk-ios","sdkv":"1.4.1"}]}"#)
        // Nothing the user typed or the service issued: no identifier, password, device token or client id.
        for secret in ["ada@example.com", "correct horse", "dvc_1", "client_", "sess_1", "sia_1"] {
            #expect(!body.contains(secret))
        }
        #expect(clerk.session?.id == "sess_1")
    }

    @available(OS2023, *)
    @Test func theEndpointIsConfigurable() async throws {
        let transport = StubTransport { _, _ in ClerkHTTPResponse(status: 202) }
        var options = ClerkOptions(telemetryEnabled: true, device: Fixtures.testDevice)
        #expect(options.telemetryEndpoint == ClerkOptions.defaultTelemetryEndpoint)
        options.telemetryEndpoint = try #require(URL(string: "http://127.0.0.1:9/collect"))
        let configuration = try ClerkConfiguration(publishableKey: Fixtures.publishableKey, options: options)
        let clerk = Clerk(
            configuration: configuration,
            dependencies: ClerkDependencies(
                configuration: configuration, transport: transport, randomness: CountingRandomness(unit: 0)))
        clerk.recordTelemetry(.viewDidAppear("SignInView"))
        await clerk.flushTelemetry()
        #expect(transport.requests.map(\.url.absoluteString) == ["http://127.0.0.1:9/collect"])
    }

    @available(OS2023, *)
    @Test func optOutProductionAndSamplingSendNothing() async throws {
        for (key, enabled, unit) in [
            (Fixtures.publishableKey, false, 0.0), (Self.liveKey, true, 0.0), (Fixtures.publishableKey, true, 0.5),
        ] {
            let transport = Self.transport()
            let clerk = try Self.clerk(transport, key: key, enabled: enabled, unit: unit)
            _ = try await clerk.auth.signIn(identifier: "ada@example.com", password: "pw")
            clerk.recordTelemetry(.viewDidAppear("SignInView"))
            await clerk.flushTelemetry()
            #expect(Self.telemetryRequests(transport).isEmpty, "\(key) enabled: \(enabled) draw: \(unit)")
        }
    }

    @available(OS2023, *)
    @Test func onLinuxItIsOffUnlessTurnedOn() async throws {
        #if os(Linux)
        #expect(ClerkOptions().telemetryEnabled == false)
        let transport = Self.transport()
        let configuration = try ClerkConfiguration(publishableKey: Fixtures.publishableKey)  // the default options
        let clerk = Clerk(
            configuration: configuration,
            dependencies: ClerkDependencies(
                configuration: configuration, transport: transport, randomness: CountingRandomness(unit: 0)))
        _ = try await clerk.auth.signIn(identifier: "ada@example.com", password: "pw")
        await clerk.flushTelemetry()
        #expect(Self.telemetryRequests(transport).isEmpty)
        #else
        #expect(ClerkOptions().telemetryEnabled == true)
        #endif
    }

    @available(OS2023, *)
    @Test func aFailingEndpointNeverFailsAFlowAndIsRetriedAtTheNextFlush() async throws {
        for status in [nil, 500, 400] as [Int?] {
            let transport = Self.transport(telemetryStatus: status)
            let clerk = try Self.clerk(transport)
            let signIn = try await clerk.auth.signIn(identifier: "ada@example.com", password: "pw")
            #expect(signIn.status == .complete)
            await clerk.flushTelemetry()
            await clerk.flushTelemetry()
            await clerk.flushTelemetry()
            await clerk.flushTelemetry()
            // Three sends of the one batch, then it is given up.
            #expect(Self.telemetryRequests(transport).count == 3, "status \(String(describing: status))")
            let bodies = Set(Self.telemetryRequests(transport).map(\.body))
            #expect(bodies.count == 1)
        }
    }

    @available(OS2023, *)
    @Test func theThrottleCachePersistsInTheStore() async throws {
        let store = InMemorySecureStore()
        let transport = Self.transport()
        let configuration = try ClerkConfiguration(
            publishableKey: Fixtures.publishableKey,
            options: ClerkOptions(telemetryEnabled: true, device: Fixtures.testDevice))
        func makeClerk() -> Clerk {
            Clerk(
                configuration: configuration,
                dependencies: ClerkDependencies(
                    configuration: configuration, transport: transport, store: store, clock: TestClock(),
                    randomness: CountingRandomness(unit: 0)))
        }
        let first = makeClerk()
        first.recordTelemetry(.viewDidAppear("SignInView"))
        await first.flushTelemetry()
        #expect(store.keys.contains("clerk_telemetry_throttler"))
        // Another launch on the same store, the same day: the same event is throttled, another is not.
        let second = makeClerk()
        second.recordTelemetry(.viewDidAppear("SignInView"))
        second.recordTelemetry(.viewDidAppear("UserButton"))
        await second.flushTelemetry()
        let views = Self.telemetryRequests(transport).compactMap { request -> [String]? in
            guard let body = request.body,
                let batch = try? JSONDecoder().decode([String: [TelemetryWireEvent]].self, from: body)
            else { return nil }
            return batch["events"]?.compactMap { if case .string(let view)? = $0.payload["view"] { view } else { nil } }
        }
        #expect(views == [["SignInView"], ["UserButton"]])
    }
}
