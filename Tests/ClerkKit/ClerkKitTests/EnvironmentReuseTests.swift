import Foundation
import Testing

@testable import ClerkKit

/// `GET /v1/environment` answered with the body the environment was last read from is not decoded again; any other
/// body is, and a token rotation on a reused answer still applies.
@Suite("Environment: an unchanged body is not decoded again") @MainActor
struct EnvironmentReuseTests {
    @available(OS2023, *)
    @Test func aChangedBodyIsReadAndAnUnchangedOneKeepsTheEnvironment() async throws {
        let plain = Fixtures.json(Fixtures.environment())
        let minter = Fixtures.json(Fixtures.environment(sessionMinter: true))
        var rotated = plain
        rotated.headers["Authorization"] = "device_token_2"
        let harness = try ClerkHarness(transport: StubTransport(responses: [plain, plain, minter, rotated]))
        let clerk = harness.clerk
        let first = try await clerk.refreshEnvironment()
        #expect(first.authConfig?.sessionMinter != true)
        let body = try #require(clerk.core.identity.environmentResponse?.body)
        #expect(body == plain.body)
        let again = try await clerk.refreshEnvironment()
        #expect(again == first)
        let changed = try await clerk.refreshEnvironment()
        #expect(changed.authConfig?.sessionMinter == true)
        #expect(clerk.environment?.authConfig?.sessionMinter == true)
        // Back to the first body (not the last one read): decoded again, and the header's token is kept.
        let back = try await clerk.refreshEnvironment()
        #expect(back == first)
        #expect(clerk.environment == first)
        #expect(clerk.core.identity.snapshot.deviceToken == "device_token_2")
    }

    @available(OS2023, *)
    @Test func anEnvironmentRestoredFromTheStoreIsReadFromTheNextBody() async throws {
        let store = InMemorySecureStore()
        let response = Fixtures.json(Fixtures.environment(sessionMinter: true))
        let writer = try ClerkHarness(transport: StubTransport(responses: [response]), store: store)
        _ = try await writer.clerk.refreshEnvironment()
        await writer.clerk.core.fapi.settle()
        let reader = try ClerkHarness(
            transport: StubTransport(responses: [Fixtures.json(Fixtures.environment())]), store: store)
        #expect(reader.clerk.environment?.authConfig?.sessionMinter == true)
        #expect(reader.clerk.core.identity.environmentResponse == nil)
        let fresh = try await reader.clerk.refreshEnvironment()
        #expect(fresh.authConfig?.sessionMinter != true)
        #expect(reader.clerk.environment?.authConfig?.sessionMinter != true)
    }
}
