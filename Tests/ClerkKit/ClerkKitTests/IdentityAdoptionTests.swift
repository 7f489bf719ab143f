import Foundation
import Testing

@testable import ClerkKit

@MainActor
@Suite struct IdentityAdoptionTests {
    @available(OS2023, *)
    private func client(_ sessionId: String, clientId: String = "client_1") throws -> Client {
        var object = Fixtures.signedInClient(sessionId: sessionId)
        object["id"] = clientId
        return try ClerkJSON.decoder().decode(Client.self, from: Fixtures.data(object))
    }

    @available(OS2023, *)
    @Test func adoptedIdentityIsAppliedPersistedAndReportedWithItsOrigin() async throws {
        let harness = try ClerkHarness(
            transport: StubTransport(responses: [
                Fixtures.wrapped(Fixtures.signedInClient(sessionId: "sess_local"), headers: ["Authorization": "dvc_a"])
            ]))
        var changes = harness.clerk.identityChanges.makeAsyncIterator()
        try await harness.clerk.refreshClient()
        let local = await changes.next()
        #expect(local?.origin == .local)
        #expect(local?.identity.deviceToken == "dvc_a")

        let other = ClerkIdentity(
            deviceToken: "dvc_b", client: try client("sess_other", clientId: "client_2"),
            serverDate: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(harness.clerk.adoptIdentity(other))
        #expect(harness.clerk.session?.id == "sess_other")
        #expect(harness.clerk.identity == other)
        let adopted = await changes.next()
        #expect(adopted?.origin == .adopted)
        #expect(adopted?.identity == other)
        #expect(harness.store.data(forKey: "clerkDeviceToken") == Data("dvc_b".utf8))
        // The same identity again changes nothing.
        #expect(!harness.clerk.adoptIdentity(other))
        // A sign-out elsewhere reaches this process as an empty identity.
        #expect(harness.clerk.adoptIdentity(.empty))
        #expect(harness.clerk.session == nil)
        #expect(harness.store.keys.isEmpty)
    }

    @available(OS2023, *)
    @Test func responsesToRequestsSentWithTheReplacedIdentityAreIgnored() async throws {
        let started = Gate()
        let release = Gate()
        let transport = StubTransport { _, _ in
            started.open()
            await release.wait()
            return Fixtures.wrapped(
                Fixtures.signedInClient(sessionId: "sess_stale"), headers: ["Authorization": "dvc_a"])
        }
        let harness = try ClerkHarness(transport: transport)
        let clerk = harness.clerk
        let inFlight = Task { try await clerk.refreshClient() }
        await started.wait()
        let adopted = ClerkIdentity(deviceToken: "dvc_b", client: try client("sess_new", clientId: "client_2"))
        #expect(clerk.adoptIdentity(adopted))
        release.open()
        _ = try await inFlight.value
        // The late answer to the request sent before the adoption did not land on the adopted identity.
        #expect(clerk.identity == adopted)
        #expect(clerk.session?.id == "sess_new")

        // Requests sent after the adoption carry the adopted token and apply as usual.
        let next = try ClerkHarness(transport: StubTransport(responses: []), store: harness.store)
        #expect(next.clerk.identity.deviceToken == "dvc_b")
    }

    @available(OS2023, *)
    @Test func encodedIdentityRoundTripsAndBadDataIsATypedError() throws {
        let identity = ClerkIdentity(
            deviceToken: "dvc_1", client: try client("sess_1"), serverDate: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try ClerkIdentity(encoded: identity.encoded()) == identity)
        #expect(identity.isSignedIn)
        #expect(!ClerkIdentity.empty.isSignedIn)
        for bad in [
            Data(), Data("{".utf8), Data(#"{"device_token": 5}"#.utf8), Data(#"{"device_token": "a\nb"}"#.utf8),
        ] {
            #expect(caught { try ClerkIdentity(encoded: bad) }?.code == .decoding)
        }
    }
}
