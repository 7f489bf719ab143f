import ClerkKit
import ClerkKitTesting
import Foundation
import Logging
import Testing

/// Telemetry from ClerkKit to the emulator's `POST /v1/event` over HTTP: batches in clerk-ios's shape, sampling and
/// the daily throttle, opt-out, production instances, and an endpoint that fails.
@Suite("ClerkKit ↔ emulator: telemetry") @MainActor
struct TelemetryFlowTests {
    /// An emulator with a user, and a `Clerk` whose telemetry goes to the emulator.
    @available(OS2023, *)
    struct Setup {
        let emulator: ClerkEmulator
        let clerk: Clerk
        let clock: ManualClock
        let randomness: ScriptedRandomness
    }

    @available(OS2023, *)
    static func start(
        enabled: Bool = true, production: Bool = false, draws: [Double] = [0]
    ) async throws -> Setup {
        var logger = Logger(label: "clerk-emulator")
        logger.logLevel = .critical
        let emulator = ClerkEmulator(logger: logger)
        let url = try await emulator.start()
        _ = try await emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
        var options = ClerkOptions(telemetryEnabled: enabled)
        options.telemetryEndpoint = try #require(await emulator.telemetryEndpoint)
        var key = await emulator.publishableKey
        if production { key = key.replacingOccurrences(of: "pk_test_", with: "pk_live_") }
        let configuration = try ClerkConfiguration(publishableKey: key, proxyURL: url, options: options)
        let clock = ManualClock()
        let randomness = ScriptedRandomness(draws)
        let clerk = Clerk(
            configuration: configuration,
            dependencies: ClerkDependencies(
                configuration: configuration, store: InMemorySecureStore(), clock: clock, randomness: randomness))
        return Setup(emulator: emulator, clerk: clerk, clock: clock, randomness: randomness)
    }

    @available(OS2023, *)
    @Test func aDevelopmentInstanceSendsBatchesOfFiveInClerkIOSShape() async throws {
        let setup = try await Self.start()
        defer { Task { await setup.emulator.stop() } }
        let signIn = try await setup.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
        #expect(signIn.status == .complete)
        for view in ["AuthView", "UserButton", "UserProfileView", "OrganizationSwitcher"] {
            setup.clerk.recordTelemetry(.viewDidAppear(view, payload: ["isDismissible": .bool(false)]))
        }
        // Five events: sent at once, as one batch, without waiting for the timer.
        let events = try await setup.emulator.telemetryEvents(count: 5, timeout: .seconds(20))
        let key = await setup.emulator.publishableKey
        #expect(events.map(\.batch) == [1, 1, 1, 1, 1])
        #expect(events.map(\.event) == ["METHOD_INVOKED"] + Array(repeating: "VIEW_DID_APPEAR", count: 4))
        #expect(events.allSatisfy { $0.instanceType == "development" && $0.sdk == "clerk-ios" })
        #expect(events.allSatisfy { $0.sdkVersion == "1.4.1" && $0.publishableKey == key })
        #expect(events[0].payload == ["method": .string("signIn")])
        #expect(events[1].payload == ["view": .string("AuthView"), "isDismissible": .bool(false)])
        for event in events {
            guard case .object(let fields) = event.json else {
                Issue.record("not an object")
                continue
            }
            #expect(fields.keys.sorted() == ["event", "it", "payload", "pk", "sdk", "sdkv"])
        }
        // A sixth waits for the 30-second timer.
        setup.clerk.recordTelemetry(.methodInvoked("custom"))
        await setup.clock.waitForSleepers(1)
        #expect(await setup.emulator.telemetryEvents().count == 5)
        setup.clock.advance(by: 30)
        let all = try await setup.emulator.telemetryEvents(count: 6, timeout: .seconds(20))
        #expect(all.last?.batch == 2)
        #expect(all.last?.payload == ["method": .string("custom")])
        // Telemetry carries no credentials: no device token, no client id, no secret in any body.
        let posts = await setup.emulator.requestLog().filter { $0.path == ClerkEmulator.telemetryPath }
        #expect(posts.count == 2)
        #expect(posts.allSatisfy { !$0.hadAuthorization && $0.status == 200 })
        #expect(posts.allSatisfy { post in !post.headers.contains { $0.name.lowercased().hasPrefix("x-clerk") } })
        #expect(await setup.emulator.telemetryRejections().isEmpty)
        let bodies = all.map { String(describing: $0.json) }.joined()
        #expect(!bodies.contains("ada@example.com") && !bodies.contains(Harness.password))
    }

    @available(OS2023, *)
    @Test func samplingAndTheDailyThrottleLimitWhatIsSent() async throws {
        // Draws: sampled out (0.5), kept (0.05), kept but a duplicate (0.0), another event kept (0.1).
        let setup = try await Self.start(draws: [0.5, 0.05, 0, 0.1])
        defer { Task { await setup.emulator.stop() } }
        for view in ["SignInView", "SignInView", "SignInView", "UserButton"] {
            setup.clerk.recordTelemetry(.viewDidAppear(view))
        }
        await setup.clerk.flushTelemetry()
        let sent = try await setup.emulator.telemetryEvents(count: 2, timeout: .seconds(20))
        #expect(sent.map(\.payload) == [["view": .string("SignInView")], ["view": .string("UserButton")]])
        // A day and a second later the same event is sent again (both drawn at 0.1, the last draw repeating).
        setup.clock.advance(by: 86_401)
        setup.clerk.recordTelemetry(.viewDidAppear("SignInView"))
        setup.clerk.recordTelemetry(.viewDidAppear("UserButton"))
        await setup.clerk.flushTelemetry()
        let later = try await setup.emulator.telemetryEvents(count: 4, timeout: .seconds(20))
        #expect(later.count == 4)
        #expect(later.suffix(2).map(\.payload) == [["view": .string("SignInView")], ["view": .string("UserButton")]])
    }

    @available(OS2023, *)
    @Test func optOutAndProductionSendNothing() async throws {
        for (enabled, production) in [(false, false), (true, true)] {
            let setup = try await Self.start(enabled: enabled, production: production)
            _ = try await setup.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            setup.clerk.recordTelemetry(.viewDidAppear("AuthView"))
            await setup.clerk.flushTelemetry()
            setup.clock.advance(by: 60)
            _ = try await setup.clerk.auth.getToken()  // a round trip after the flush
            #expect(await setup.emulator.telemetryEvents().isEmpty)
            #expect(await setup.emulator.requestLog().allSatisfy { $0.path != ClerkEmulator.telemetryPath })
            await setup.emulator.stop()
        }
    }

    @available(OS2023, *)
    @Test func aFailingEndpointNeverFailsASignInAndTheBatchIsSentAtTheNextFlush() async throws {
        for outcome in [
            ClerkEmulator.Fault.Outcome.error(status: 503, code: "service_unavailable"), .dropConnection,
        ] {
            let setup = try await Self.start()
            await setup.emulator.inject(
                .init(method: "POST", path: ClerkEmulator.telemetryPath, outcome: outcome, times: nil))
            let signIn = try await setup.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            #expect(signIn.status == .complete)
            #expect(setup.clerk.session != nil)
            await setup.clerk.flushTelemetry()
            #expect(await setup.emulator.telemetryEvents().isEmpty)
            await setup.emulator.clearFaults()
            await setup.clerk.flushTelemetry()
            let events = try await setup.emulator.telemetryEvents(count: 1, timeout: .seconds(20))
            #expect(events.map(\.payload) == [["method": .string("signIn")]])
            await setup.emulator.stop()
        }
    }
}
