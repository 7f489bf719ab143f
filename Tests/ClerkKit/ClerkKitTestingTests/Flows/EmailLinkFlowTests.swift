import ClerkKitTesting
import Foundation
import Testing

@Suite("Email links over HTTP")
struct EmailLinkFlowTests {
    @available(OS2023, *)
    private var configuration: ClerkEmulator.Configuration {
        ClerkEmulator.Configuration(firstFactors: [.password, .emailCode, .emailLink])
    }

    @Test("Sign-in by email link: opening the link elsewhere completes the sign-in on the original client")
    @available(OS2023, *)
    func signInLink() async throws {
        try await withEmulator(configuration) { emulator, app in
            try await emulator.createUser(emailAddress: "ada@example.com")
            let created = try await app.post(
                "/v1/client/sign_ins", [("identifier", "ada@example.com"), ("strategy", "email_link")])
            let id = try #require(created.json["response"]["id"].string)
            #expect(created.json["response"]["first_factor_verification"]["strategy"].string == "email_link")
            #expect(created.json["response"]["first_factor_verification"]["object"].string == "verification_email_link")
            let message = try #require(await emulator.outbox().last)
            #expect(message.code == nil)
            let link = try #require(await emulator.latestLink(for: "ada@example.com"))
            #expect(link.path == "/v1/verify")

            let browser = FAPIClient(baseURL: app.baseURL)
            let token = try #require(URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)
            let opened = try await browser.send("GET", "/v1/verify", query: [("token", token)], native: false)
            #expect(opened.status == 200)
            #expect(opened.body.isEmpty)
            #expect(opened.headers["authorization"] == nil)

            let polled = try await app.get("/v1/client/sign_ins/\(id)")
            #expect(polled.json["response"]["status"].string == "complete")
            let sessionId = try #require(polled.json["response"]["created_session_id"].string)
            #expect(polled.json["client"]["last_active_session_id"].string == sessionId)

            let again = try await browser.send("GET", "/v1/verify", query: [("token", token)], native: false)
            #expect(again.status == 400)
        }
    }

    @Test("Sign-up by email link, redirecting to the given URL")
    @available(OS2023, *)
    func signUpLink() async throws {
        try await withEmulator(configuration) { emulator, app in
            let created = try await app.post(
                "/v1/client/sign_ups", [("email_address", "new@example.com"), ("password", Fixtures.password)])
            let id = try #require(created.json["response"]["id"].string)
            #expect(
                created.json["response"]["verifications"]["email_address"]["supported_strategies"].strings
                    == ["email_code", "email_link"])
            let redirect = app.baseURL.appendingPathComponent("v1/environment").absoluteString
            let prepared = try await app.post(
                "/v1/client/sign_ups/\(id)/prepare_verification",
                [("strategy", "email_link"), ("redirect_url", redirect)])
            #expect(prepared.json["response"]["verifications"]["email_address"]["strategy"].string == "email_link")
            let link = try #require(await emulator.latestLink(for: "new@example.com"))
            let token = try #require(URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)

            // URLSession follows the 303 to the redirect URL.
            let opened = try await FAPIClient(baseURL: app.baseURL).send(
                "GET", "/v1/verify", query: [("token", token)], native: false)
            #expect(opened.json["display_config"].exists)
            let log = await emulator.requestLog()
            #expect(log.contains { $0.path == "/v1/verify" && $0.status == 303 })

            let signUp = try await app.get("/v1/client/sign_ups/\(id)")
            #expect(signUp.json["response"]["status"].string == "complete")
            let me = try await app.get("/v1/me")
            #expect(me.json["response"]["email_addresses"][0]["verification"]["strategy"].string == "email_link")
        }
    }

    @Test("An unknown or expired link is 400")
    @available(OS2023, *)
    func badLinks() async throws {
        try await withEmulator(configuration) { emulator, app in
            try await emulator.createUser(emailAddress: "ada@example.com")
            let unknown = try await app.send("GET", "/v1/verify", query: [("token", "nope")], native: false)
            #expect(unknown.status == 400)
            _ = try await app.post(
                "/v1/client/sign_ins", [("identifier", "ada@example.com"), ("strategy", "email_link")])
            let link = try #require(await emulator.latestLink(for: "ada@example.com"))
            let token = try #require(URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)
            await emulator.advanceClock(by: .seconds(601))
            let expired = try await app.send("GET", "/v1/verify", query: [("token", token)], native: false)
            #expect(expired.status == 400)
            #expect(expired.errorCode == "verification_expired")
        }
    }

    @Test("Email links are refused when the strategy is not enabled")
    @available(OS2023, *)
    func disabled() async throws {
        try await withEmulator { emulator, app in
            try await emulator.createUser(emailAddress: "ada@example.com")
            let reply = try await app.post(
                "/v1/client/sign_ins", [("identifier", "ada@example.com"), ("strategy", "email_link")])
            #expect(reply.errorCode == "strategy_for_user_invalid")
        }
    }
}
