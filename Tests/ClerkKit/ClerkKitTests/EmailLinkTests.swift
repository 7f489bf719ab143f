import Foundation
import Testing

@testable import ClerkKit

@MainActor
@Suite struct EmailLinkTests {
    @available(OS2023, *)
    static func signIn(verification: String?) -> [String: Any] {
        var signIn = Fixtures.signIn(
            status: verification == "verified" ? "complete" : "needs_first_factor",
            sessionId: verification == "verified" ? "sess_1" : nil)
        var factors = signIn["supported_first_factors"] as? [[String: Any]] ?? []
        factors.append([
            "strategy": "email_link", "email_address_id": "idn_email", "safe_identifier": "a***@example.com",
        ])
        signIn["supported_first_factors"] = factors
        if let verification {
            signIn["first_factor_verification"] =
                [
                    "object": "verification_email_link", "status": verification, "strategy": "email_link",
                    "expire_at": Fixtures.now + 600_000, "attempts": Fixtures.null,
                ] as [String: Any]
        }
        return signIn
    }

    @available(OS2023, *)
    @Test func sendsTheLinkThenPollsUntilVerified() async throws {
        let pending = Fixtures.wrapped(Self.signIn(verification: "unverified"), client: Fixtures.client())
        let created = Fixtures.wrapped(Self.signIn(verification: nil), client: Fixtures.client())
        let verified = Fixtures.wrapped(Self.signIn(verification: "verified"), client: Fixtures.signedInClient())
        let transport = StubTransport { request, index in
            switch (request.method, index) {
            case ("POST", 0): created
            case ("POST", _): pending
            case ("GET", 2), ("GET", 3): pending
            default: verified
            }
        }
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        let sent = try await auth.signInWithEmailLink(
            emailAddress: "ada@example.com", redirectURL: "com.example.app://callback")
        #expect(sent.firstFactorVerification?.strategy == .emailLink)
        let done = try await auth.awaitEmailLinkVerification(sent, pollInterval: .seconds(1))
        #expect(done.status == .complete)
        #expect(harness.clerk.session?.id == "sess_1")
        #expect(
            transport.requests[1].form == [
                "strategy": "email_link", "email_address_id": "idn_email", "redirect_url": "com.example.app://callback",
            ])
        #expect(transport.requests.filter { $0.method == "GET" }.count == 3)
        #expect(harness.clock.recordedSleeps == [.seconds(1), .seconds(1), .seconds(1)])
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func expiredLinkIsATypedError() async throws {
        let expired = Fixtures.wrapped(Self.signIn(verification: "expired"), client: Fixtures.client())
        let harness = try ClerkHarness(transport: StubTransport(responses: [expired]))
        let signIn = try ClerkJSON.decoder().decode(
            SignIn.self, from: Fixtures.data(Self.signIn(verification: "unverified")))
        let error = await caught { try await harness.clerk.auth.awaitEmailLinkVerification(signIn) }
        #expect(error?.code == .invalidState)
    }
}
