import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Email links prepared with a PKCE challenge: opening the link approves the flow and redirects to the app with
/// `flow_id` and `approval_token`; `magic_links/complete` checks them and the verifier, once.
@Suite("Email links with PKCE over HTTP")
struct MagicLinkFlowTests {
    @available(OS2023, *)
    private var configuration: ClerkEmulator.Configuration {
        ClerkEmulator.Configuration(firstFactors: [.password, .emailCode, .emailLink])
    }
    // RFC 7636, appendix B.
    private let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    private let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    /// Prepares a PKCE email link for Ada and returns the emailed link.
    @available(OS2023, *)
    private func start(_ emulator: ClerkEmulator, _ app: FAPIClient) async throws -> URL {
        let created = try await app.post("/v1/client/sign_ins", [("identifier", "ada@example.com")])
        let id = try #require(created.json["response"]["id"].string)
        let prepared = try await app.post(
            "/v1/client/sign_ins/\(id)/prepare_first_factor",
            [
                ("strategy", "email_link"), ("redirect_url", "myapp://email-link"), ("code_challenge", challenge),
                ("code_challenge_method", "S256"),
            ])
        #expect(prepared.status == 200)
        return try #require(await emulator.latestLink(for: "ada@example.com"))
    }

    /// Opens `link` as a browser would, without following the redirect; returns the query of the app's URL.
    @available(OS2023, *)
    private func open(_ link: URL, _ emulator: ClerkEmulator) async throws -> [String: String] {
        let response = try await emulator.inProcessTransport.send(ClerkHTTPRequest(method: "GET", url: link))
        #expect(response.status == 303)
        let location = try #require(response.headers["Location"].flatMap { URLComponents(string: $0) })
        #expect(location.scheme == "myapp")
        return Dictionary(
            (location.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    @available(OS2023, *)
    private func complete(_ app: FAPIClient, _ query: [String: String], verifier: String) async throws
        -> FAPIClient.Reply
    {
        try await app.post(
            "/v1/client/magic_links/complete",
            [
                ("flow_id", query["flow_id"] ?? ""), ("approval_token", query["approval_token"] ?? ""),
                ("code_verifier", verifier),
            ])
    }

    @Test("The verifier completes an opened flow once, with a ticket that signs in")
    @available(OS2023, *)
    func completes() async throws {
        try await withEmulator(configuration) { emulator, app in
            try await emulator.createUser(emailAddress: "ada@example.com")
            let query = try await open(try await start(emulator, app), emulator)
            #expect(query["flow_id"]?.hasPrefix("flow_") == true)
            let done = try await complete(app, query, verifier: verifier)
            let ticket = try #require(done.json["response"]["ticket"].string)
            let signIn = try await app.post("/v1/client/sign_ins", [("strategy", "ticket"), ("ticket", ticket)])
            #expect(signIn.json["response"]["status"].string == "complete")
            let again = try await complete(app, query, verifier: verifier)
            #expect(again.status == 400)
            #expect(again.errorCode == "approval_token_consumed")
        }
    }

    @Test("Unopened, wrong token, wrong verifier and expired flows are refused with their codes")
    @available(OS2023, *)
    func refusals() async throws {
        try await withEmulator(configuration) { emulator, app in
            try await emulator.createUser(emailAddress: "ada@example.com")
            let link = try await start(emulator, app)
            let emailed = Dictionary(
                (URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                    ($0.name, $0.value ?? "")
                }, uniquingKeysWith: { first, _ in first })
            #expect(emailed["token"]?.isEmpty == false)
            // The link was not opened: the flow is not approved yet.
            #expect(try await complete(app, emailed, verifier: verifier).errorCode == "flow_not_approved")
            let query = try await open(link, emulator)
            #expect(query["flow_id"] == emailed["flow_id"])
            #expect(query["approval_token"] == emailed["approval_token"])
            let wrongToken = try await complete(
                app, ["flow_id": query["flow_id"] ?? "", "approval_token": "wrong"], verifier: verifier)
            #expect(wrongToken.status == 400)
            #expect(wrongToken.errorCode == "approval_token_invalid")
            let wrongVerifier = try await complete(app, query, verifier: String(verifier.reversed()))
            #expect(wrongVerifier.errorCode == "pkce_verification_failed")
            #expect(try await complete(app, query, verifier: verifier).errorCode == "approval_token_consumed")

            let late = try await open(try await start(emulator, app), emulator)
            await emulator.advanceClock(by: .seconds(3600))
            #expect(try await complete(app, late, verifier: verifier).errorCode == "approval_token_expired")
        }
    }

    @Test("A challenge must be S256 of 32 bytes, on email_link, with a redirect URL; nothing is sent otherwise")
    @available(OS2023, *)
    func badChallenges() async throws {
        try await withEmulator(configuration) { emulator, app in
            try await emulator.createUser(emailAddress: "ada@example.com")
            let created = try await app.post("/v1/client/sign_ins", [("identifier", "ada@example.com")])
            let path = "/v1/client/sign_ins/\(try #require(created.json["response"]["id"].string))/prepare_first_factor"
            let base = [("strategy", "email_link"), ("redirect_url", "myapp://email-link")]
            let plain = try await app.post(
                path, base + [("code_challenge", challenge), ("code_challenge_method", "plain")])
            #expect(plain.json["errors"][0]["meta"]["param_name"].string == "code_challenge_method")
            let short = try await app.post(
                path, base + [("code_challenge", "abc"), ("code_challenge_method", "S256")])
            #expect(short.json["errors"][0]["meta"]["param_name"].string == "code_challenge")
            let noRedirect = try await app.post(
                path, [("strategy", "email_link"), ("code_challenge", challenge), ("code_challenge_method", "S256")])
            #expect(noRedirect.json["errors"][0]["meta"]["param_name"].string == "redirect_url")
            let code = try await app.post(
                path, [("strategy", "email_code"), ("code_challenge", challenge), ("code_challenge_method", "S256")])
            #expect(code.json["errors"][0]["meta"]["param_name"].string == "code_challenge")
            #expect(await emulator.outbox().isEmpty)
        }
    }
}
