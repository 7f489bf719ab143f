import ClerkKitTesting
import Foundation
import Testing

/// Fields the real service sends that the 2026-05-12 description lags behind on: `locale` on sign-ins, sign-ups
/// and users, `bypass_client_trust` on users.
@Suite("Fields of the real service's objects")
struct RealShapeFieldsTests {
    @Test("A sign-up's locale is served back and kept by its user; a sign-in's too")
    @available(OS2023, *)
    func localeAndClientTrustBypass() async throws {
        try await withEmulator { emulator, client in
            let created = try await client.post(
                "/v1/client/sign_ups",
                [("locale", "fr-FR"), ("email_address", "ada+clerk_test@example.com"), ("password", "analytical-1843")])
            #expect(created.json["response"]["locale"].string == "fr-FR")
            let id = try #require(created.json["response"]["id"].string)
            _ = try await client.post("/v1/client/sign_ups/\(id)/prepare_verification", [("strategy", "email_code")])
            let attempted = try await client.post(
                "/v1/client/sign_ups/\(id)/attempt_verification", [("strategy", "email_code"), ("code", "424242")])
            let sessionId = try #require(attempted.json["response"]["created_session_id"].string)
            let me = try await client.get("/v1/me", query: [("_clerk_session_id", sessionId)])
            #expect(me.json["response"]["locale"].string == "fr-FR")
            #expect(me.json["response"]["bypass_client_trust"].bool == false)

            _ = try await client.delete("/v1/client/sessions")
            let signIn = try await client.post(
                "/v1/client/sign_ins", [("locale", "de-DE"), ("identifier", "ada+clerk_test@example.com")])
            #expect(signIn.json["response"]["locale"].string == "de-DE")
            let bare = try await client.post("/v1/client/sign_ins", [("identifier", "ada+clerk_test@example.com")])
            #expect(bare.json["response"]["locale"].isNull)
        }
    }

    @Test("PATCH /v1/environment and POST /v1/client with an unknown parameter answer as described (200)")
    @available(OS2023, *)
    func describedStatuses() async throws {
        try await withEmulator { _, client in
            let patched = try await client.patch("/v1/environment", [])
            #expect(patched.status == 200)
            #expect(patched.json["auth_config"]["object"].string == "auth_config")
            let created = try await client.post("/v1/client", [("not_a_parameter", "1")])
            #expect(created.status == 200)
            #expect(created.json["response"]["object"].string == "client")
        }
    }
}
