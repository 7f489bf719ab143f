import ClerkKitTesting
import Foundation
import Testing

@Suite("Sign-up flows over HTTP")
struct SignUpFlowTests {
    @Test("Email and password sign-up: verify the emailed code, the user and a session exist")
    @available(OS2023, *)
    func emailSignUp() async throws {
        try await withEmulator { emulator, client in
            let created = try await client.post(
                "/v1/client/sign_ups",
                [
                    ("locale", "en-US"), ("email_address", "new@example.com"), ("password", "correct horse battery"),
                    ("first_name", "New"), ("unsafe_metadata", #"{"plan":"pro","seats":3}"#),
                ])
            #expect(created.status == 200)
            let signUp = created.json["response"]
            #expect(signUp["status"].string == "missing_requirements")
            #expect(signUp["missing_fields"].strings.isEmpty)
            #expect(signUp["unverified_fields"].strings == ["email_address"])
            #expect(signUp["required_fields"].strings.contains("email_address"))
            #expect(signUp["verifications"]["email_address"]["next_action"].string == "needs_prepare")
            #expect(signUp["unsafe_metadata"]["seats"].int == 3)
            #expect(signUp["password_enabled"].bool == true)
            #expect(created.headers["authorization"] != nil)
            let id = try #require(signUp["id"].string)

            let prepared = try await client.post(
                "/v1/client/sign_ups/\(id)/prepare_verification", [("strategy", "email_code")])
            #expect(
                prepared.json["response"]["verifications"]["email_address"]["next_action"].string == "needs_attempt")
            let code = try #require(await emulator.latestCode(for: "new@example.com"))
            #expect(await emulator.outbox().last?.purpose == "sign_up")

            let attempted = try await client.post(
                "/v1/client/sign_ups/\(id)/attempt_verification", [("strategy", "email_code"), ("code", code)])
            #expect(attempted.json["response"]["status"].string == "complete")
            let userId = try #require(attempted.json["response"]["created_user_id"].string)
            let sessionId = try #require(attempted.json["response"]["created_session_id"].string)
            #expect(attempted.json["client"]["last_active_session_id"].string == sessionId)
            #expect(attempted.json["client"]["sign_up"].isNull)

            let me = try await client.get("/v1/me", query: [("_clerk_session_id", sessionId)])
            #expect(me.json["response"]["id"].string == userId)
            #expect(me.json["response"]["email_addresses"][0]["email_address"].string == "new@example.com")
            #expect(me.json["response"]["email_addresses"][0]["verification"]["status"].string == "verified")
            #expect(me.json["response"]["unsafe_metadata"]["plan"].string == "pro")
            #expect(me.json["response"]["password_enabled"].bool == true)
        }
    }

    @Test("Phone sign-up with an update step and a test number")
    @available(OS2023, *)
    func phoneSignUp() async throws {
        let configuration = ClerkEmulator.Configuration(
            signUp: .init(requiredFields: [.phoneNumber, .firstName, .lastName]))
        try await withEmulator(configuration) { emulator, client in
            let created = try await client.post("/v1/client/sign_ups", [("phone_number", "+12015550142")])
            let id = try #require(created.json["response"]["id"].string)
            #expect(created.json["response"]["missing_fields"].strings == ["first_name", "last_name"])
            #expect(created.json["response"]["verifications"]["phone_number"].isNull)
            let updated = try await client.patch(
                "/v1/client/sign_ups/\(id)", [("first_name", "Grace"), ("last_name", "Hopper")])
            #expect(updated.json["response"]["missing_fields"].strings.isEmpty)
            #expect(updated.json["response"]["status"].string == "missing_requirements")
            _ = try await client.post("/v1/client/sign_ups/\(id)/prepare_verification", [("strategy", "phone_code")])
            #expect(await emulator.outbox().isEmpty)
            let attempted = try await client.post(
                "/v1/client/sign_ups/\(id)/attempt_verification", [("strategy", "phone_code"), ("code", "424242")])
            #expect(attempted.json["response"]["status"].string == "complete")
            #expect(
                attempted.json["client"]["sessions"][0]["user"]["phone_numbers"][0]["phone_number"].string
                    == "+12015550142")
        }
    }

    @Test("An identifier another user has is form_identifier_exists")
    @available(OS2023, *)
    func identifierExists() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(emailAddress: "taken@example.com")
            let reply = try await client.post(
                "/v1/client/sign_ups", [("email_address", "Taken@example.com"), ("password", "correct horse battery")])
            #expect(reply.status == 422)
            #expect(reply.errorCode == "form_identifier_exists")
            #expect(reply.json["errors"][0]["meta"]["param_name"].string == "email_address")
        }
    }

    @Test("A short password and malformed metadata are rejected with the parameter named")
    @available(OS2023, *)
    func invalidFields() async throws {
        try await withEmulator { _, client in
            let short = try await client.post(
                "/v1/client/sign_ups", [("email_address", "a@example.com"), ("password", "short")])
            #expect(short.errorCode == "form_password_length_too_short")
            let metadata = try await client.post(
                "/v1/client/sign_ups", [("email_address", "a@example.com"), ("unsafe_metadata", "[1,2]")])
            #expect(metadata.errorCode == "form_param_format_invalid")
            #expect(metadata.json["errors"][0]["meta"]["param_name"].string == "unsafe_metadata")
        }
    }
}
