import Foundation
import Testing

@testable import ClerkKit

@MainActor
@Suite struct ReconfigureTests {
    @available(OS2023, *)
    @Test func dropsInFlightResponsesOfTheOldConfigurationAndForgetsItsState() async throws {
        let started = Gate()
        let release = Gate()
        let transport = StubTransport { request, index in
            if index == 1 {
                started.open()
                await release.wait()
                return Fixtures.wrapped(
                    Fixtures.signedInClient(sessionId: "sess_late"), headers: ["Authorization": "dvc_late"])
            }
            return Fixtures.wrapped(Fixtures.signedInClient(), headers: ["Authorization": "dvc_old"])
        }
        let harness = try ClerkHarness(transport: transport)
        let clerk = harness.clerk
        try await clerk.refreshClient()
        #expect(clerk.session?.id == "sess_1")
        let events = clerk.events
        let inFlight = Task { @MainActor in await caught { try await clerk.refreshClient() } }
        await started.wait()

        let other = "pk_live_" + Fixtures.base64URL(Data("clerk.other.example$".utf8))
        await clerk.reconfigure(try ClerkConfiguration(publishableKey: other))
        #expect(clerk.configuration.instanceType == .production)
        #expect(clerk.client == nil)
        #expect(harness.store.keys.isEmpty)
        release.open()
        // The call of the old configuration completes (it is not cancelled); its response is dropped.
        #expect(await inFlight.value == nil)
        #expect(clerk.client == nil)
        #expect(harness.store.keys.isEmpty)
        #expect(clerk.core.identity.snapshot.deviceToken == nil)

        let changed = try await events.firstValue { if case .sessionChanged = $0 { true } else { false } }
        guard case .sessionChanged(let oldValue, let newValue)? = changed else {
            Issue.record("no sessionChanged event")
            return
        }
        #expect(oldValue?.id == "sess_1")
        #expect(newValue == nil)
        try await clerk.refreshClient()
        #expect(transport.requests.last?.url.host == "clerk.other.example")
        #expect(transport.requests.last?.headers["Authorization"] == nil)
    }
}
