import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Hosted sign-in (the Account Portal flow) end to end: PKCE and `state` out, the hosted page in the scripted
/// browser, the nonce redeemed with the verifier, the device taking over the browser's signed-in client.
@Suite("ClerkKit ↔ emulator: hosted sign-in") @MainActor
struct HostedAuthFlowTests {
    static let redirect = URL(string: "com.example.app://callback")

    @available(OS2023, *)
    func browser(_ harness: Harness, _ script: ScriptedWebAuthenticator.Script = .follow) -> ScriptedWebAuthenticator {
        ScriptedWebAuthenticator(emulator: harness.emulator, script: script, redirectURL: Self.redirect)
    }

    @available(OS2023, *)
    @Test func aSignInOnTheHostedPageSignsInTheApp() async throws {
        try await withHarness { harness in
            let seeded = try await harness.emulator.createUser(
                emailAddress: "ada@example.com", password: Harness.password)
            try await harness.emulator.setConsent(.approve(.init(emailAddress: "ada@example.com")), for: "hosted")
            let session = try await harness.clerk.auth.startHostedAuth(using: browser(harness))
            #expect(session.status == .active)
            #expect(harness.clerk.user?.id == seeded.id)
            // The redeemed client is the app's from now on: it reads back signed in.
            _ = try await harness.clerk.refreshClient()
            #expect(harness.clerk.session?.id == session.id)
        }
    }

    @available(OS2023, *)
    @Test func theSignUpPageCreatesTheUser() async throws {
        try await withHarness { harness in
            try await harness.emulator.setConsent(
                .approve(.init(emailAddress: "grace@example.com", firstName: "Grace")), for: "hosted")
            try await harness.clerk.auth.startHostedAuth(mode: .signUp, using: browser(harness))
            #expect(harness.clerk.user?.firstName == "Grace")
        }
    }

    @available(OS2023, *)
    @Test func aWrongStateAMissingNonceOrACancelRedeemsNothing() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            let auth = harness.clerk.auth
            let forged = try #require(URL(string: "com.example.app://callback?rotating_token_nonce=n&state=other"))
            let wrongState = await refusal { () async throws(ClerkError) in
                try await auth.startHostedAuth(using: browser(harness, .returnURL(forged)))
            }
            #expect(wrongState?.code == .invalidCallback)
            try await harness.emulator.setConsent(.deny, for: "hosted")
            let declined = await refusal { () async throws(ClerkError) in
                try await auth.startHostedAuth(using: browser(harness))
            }
            #expect(declined?.code == .invalidCallback)
            let cancelled = await refusal { () async throws(ClerkError) in
                try await auth.startHostedAuth(using: browser(harness, .cancel))
            }
            #expect(cancelled?.code == .authenticationCancelled)
            #expect(harness.clerk.session == nil)
            let redeems = await harness.emulator.requestLog().filter { $0.method == "POST" && $0.path == "/v1/client" }
            #expect(redeems.isEmpty)
        }
    }

    @available(OS2023, *)
    @Test func aNonceRedeemsOnceAndOnlyWithTheVerifier() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            try await harness.emulator.setConsent(.approve(.init(emailAddress: "ada@example.com")), for: "hosted")
            let transport = harness.emulator.inProcessTransport
            func post(_ path: String, _ form: String) async throws -> ClerkHTTPResponse {
                let url = try #require(URL(string: harness.url.absoluteString + path + "?_is_native=true"))
                return try await transport.send(
                    ClerkHTTPRequest(
                        method: "POST", url: url,
                        headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(form.utf8)))
            }
            // RFC 7636's example pair.
            let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
            let started = try await post(
                "/v1/client/hosted_auth",
                "redirect_url=app%3A%2F%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&state=s1")
            let page = try #require(
                (try JSONSerialization.jsonObject(with: started.body) as? [String: Any])?["response"] as? [String: Any])
            let pageURL = try #require((page["url"] as? String).flatMap(URL.init(string:)))
            let opened = try await transport.send(ClerkHTTPRequest(method: "GET", url: pageURL))
            let back = try #require(opened.headers["Location"].flatMap { URLComponents(string: $0) })
            #expect(back.queryItems?.first { $0.name == "state" }?.value == "s1")
            let nonce = try #require(back.queryItems?.first { $0.name == "rotating_token_nonce" }?.value)
            let wrong = try await post("/v1/client", "_method=GET&rotating_token_nonce=\(nonce)&code_verifier=wrong")
            #expect(wrong.status == 400)
            #expect(String(decoding: wrong.body, as: UTF8.self).contains("pkce_verification_failed"))
            let again = try await post(
                "/v1/client", "_method=GET&rotating_token_nonce=\(nonce)&code_verifier=\(verifier)")
            #expect(String(decoding: again.body, as: UTF8.self).contains("rotating_token_nonce_invalid"))
            #expect(try await transport.send(ClerkHTTPRequest(method: "GET", url: pageURL)).status == 400)
        }
    }
}
