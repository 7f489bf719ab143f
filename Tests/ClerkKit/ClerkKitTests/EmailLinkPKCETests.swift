import Foundation
import Testing

@testable import ClerkKit

/// Email links with PKCE as clerk-ios 1.4.1 sends them: the S256 challenge on `prepare_first_factor`, the verifier
/// kept in the store, `magic_links/complete` when the link comes back through `handle(_:)`, then the ticket.
@MainActor
@Suite struct EmailLinkPKCETests {
    @available(OS2023, *)
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @available(OS2023, *)
    @Test func sha256AndTheRFC7636Challenge() {
        #expect(
            Self.hex(SHA256Digest.hash([]))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.hex(SHA256Digest.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // 56 bytes: the length no longer fits the first block.
        let twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(
            Self.hex(SHA256Digest.hash(Array(twoBlocks.utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // RFC 7636, appendix B.
        #expect(
            PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
                == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let pkce = PKCE(randomness: CountingRandomness(byte: 7))
        #expect(pkce.verifier == Base64URL.encode(Array(repeating: 7, count: 32)))
        #expect(pkce.verifier.count == 43)
    }

    /// Answers a sign-in, its preparation, the completion (`complete`) and the ticket sign-in.
    @available(OS2023, *)
    static func routes(complete: ClerkHTTPResponse) -> StubTransport {
        let pending = Fixtures.wrapped(
            EmailLinkTests.signIn(verification: "unverified"), client: Fixtures.client(),
            headers: ["Authorization": "dvc_1"])
        let signedIn = Fixtures.wrapped(
            Fixtures.signIn(status: "complete", sessionId: "sess_1"), client: Fixtures.signedInClient())
        return StubTransport { request, _ in
            switch (request.method, request.url.path) {
            case ("POST", "/v1/client/sign_ins") where request.form["strategy"] == "ticket":
                return signedIn
            case ("POST", "/v1/client/sign_ins"), ("POST", "/v1/client/sign_ins/sia_1/prepare_first_factor"):
                return pending
            case ("POST", "/v1/client/magic_links/complete"):
                return complete
            default:
                return Fixtures.errorResponse(status: 404, code: "resource_not_found")
            }
        }
    }

    @available(OS2023, *)
    @Test func theLinkComesBackThroughHandleAndTheTicketSignsIn() async throws {
        let transport = Self.routes(complete: Fixtures.wrapped(["ticket": "tkt_1"], client: Fixtures.client()))
        let harness = try ClerkHarness(transport: transport)
        let clerk = harness.clerk
        _ = try await clerk.auth.signInWithEmailLinkPKCE(emailAddress: "ada@example.com", redirectURL: "myapp://link")
        let prepare = try #require(transport.requests(to: "/prepare_first_factor").first)
        let verifier = String(
            decoding: try #require(harness.store.data(forKey: StoreKey.pendingEmailLink)), as: UTF8.self)
        #expect(
            prepare.form == [
                "strategy": "email_link", "email_address_id": "idn_email", "redirect_url": "myapp://link",
                "code_challenge": PKCE.challenge(for: verifier), "code_challenge_method": "S256",
            ])

        #expect(try await clerk.handle(try #require(URL(string: "myapp://link?other=1"))) == false)
        #expect(transport.requests(to: "/magic_links/complete").isEmpty)
        let callback = try #require(URL(string: "myapp://link?flow_id=flow_1&approval_token=apt_1"))
        #expect(try await clerk.handle(callback) == true)
        let complete = try #require(transport.requests(to: "/magic_links/complete").first)
        #expect(complete.form == ["flow_id": "flow_1", "approval_token": "apt_1", "code_verifier": verifier])
        let ticket = try #require(transport.requests.last)
        #expect(ticket.form == ["strategy": "ticket", "ticket": "tkt_1"])
        #expect(clerk.session?.id == "sess_1")
        #expect(harness.store.data(forKey: StoreKey.pendingEmailLink) == nil)
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func aSignUpAnswerIsReturnedAsASignUp() async throws {
        let transport = Self.routes(complete: Fixtures.wrapped(Fixtures.signUp(), client: Fixtures.client()))
        let harness = try ClerkHarness(transport: transport)
        _ = try await harness.clerk.auth.signInWithEmailLinkPKCE(emailAddress: "a@example.com", redirectURL: "x://y")
        let completion = try await harness.clerk.auth.completeEmailLink(flowId: "flow_1", approvalToken: "apt_1")
        guard case .signUp(let signUp) = completion else {
            Issue.record("expected a sign-up, got \(completion)")
            return
        }
        #expect(signUp.id == "sua_1")
        try SpecCheck.validateAll(transport)
    }

    @Test(arguments: ["approval_token_consumed", "approval_token_expired", "approval_token_invalid"])
    @available(OS2023, *)
    func aTerminalErrorForgetsTheVerifier(code: String) async throws {
        let transport = Self.routes(complete: Fixtures.errorResponse(status: 400, code: code))
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        _ = try await auth.signInWithEmailLinkPKCE(emailAddress: "a@example.com", redirectURL: "x://y")
        let error = await caught { try await auth.completeEmailLink(flowId: "flow_1", approvalToken: "apt_1") }
        #expect(error?.code == .api)
        #expect(error?.apiError?.code == code)
        #expect(harness.store.data(forKey: StoreKey.pendingEmailLink) == nil)
        let sent = transport.requests.count
        let again = await caught { try await auth.completeEmailLink(flowId: "flow_1", approvalToken: "apt_1") }
        #expect(again?.code == .invalidState)
        #expect(transport.requests.count == sent)
        #expect(harness.clerk.session == nil)
    }

    @available(OS2023, *)
    @Test(arguments: ["pkce_verification_failed", "flow_not_approved"])
    func aLinkOfAnotherVerifierOrNotOpenedKeepsTheVerifier(code: String) async throws {
        let transport = Self.routes(complete: Fixtures.errorResponse(status: 400, code: code))
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        _ = try await auth.signInWithEmailLinkPKCE(emailAddress: "a@example.com", redirectURL: "x://y")
        let kept = harness.store.data(forKey: StoreKey.pendingEmailLink)
        let error = await caught { try await auth.completeEmailLink(flowId: "flow_0", approvalToken: "apt_0") }
        #expect(error?.apiError?.code == code)
        #expect(kept != nil)
        #expect(harness.store.data(forKey: StoreKey.pendingEmailLink) == kept)
        #expect(harness.clerk.session == nil)
    }
}
