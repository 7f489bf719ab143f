import ClerkKitTesting
import Foundation
import Testing

@Suite("Sign-in flows over HTTP")
struct SignInFlowTests {
    @Test("Password sign-in completes, returns a device token and a session with a token")
    @available(OS2023, *)
    func passwordSignIn() async throws {
        try await withEmulator { emulator, client in
            let user = try await emulator.createUser(
                emailAddress: "ada@example.com", password: "correct horse battery", firstName: "Ada")
            let reply = try await client.post(
                "/v1/client/sign_ins",
                [("locale", "en-US"), ("identifier", "ada@example.com"), ("password", "correct horse battery")])
            #expect(reply.status == 200)
            #expect(reply.json["response"]["object"].string == "sign_in_attempt")
            #expect(reply.json["response"]["status"].string == "complete")
            #expect(reply.json["response"]["first_factor_verification"]["status"].string == "verified")
            let sessionId = try #require(reply.json["response"]["created_session_id"].string)
            #expect(reply.json["client"]["last_active_session_id"].string == sessionId)
            #expect(reply.json["client"]["sign_in"].isNull)
            #expect(reply.json["client"]["sessions"][0]["user"]["id"].string == user.id)
            #expect(reply.json["client"]["sessions"][0]["user"]["first_name"].string == "Ada")
            let jwt = reply.json["client"]["sessions"][0]["last_active_token"]["jwt"].string
            #expect(jwt?.split(separator: ".").count == 3)
            #expect(reply.headers["authorization"] != nil)
            #expect(await client.deviceToken != nil)

            let refreshed = try await client.get("/v1/client")
            #expect(refreshed.json["response"]["sessions"].array.count == 1)
            #expect(refreshed.json["response"]["id"].string == reply.json["client"]["id"].string)
            #expect(refreshed.json["client"].isNull)
        }
    }

    @Test("Identify first, then attempt the password factor; a wrong password is form_password_incorrect")
    @available(OS2023, *)
    func identifyThenPassword() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(username: "ada_l", password: "correct horse battery")
            let created = try await client.post("/v1/client/sign_ins", [("identifier", "ada_l")])
            #expect(created.json["response"]["status"].string == "needs_first_factor")
            #expect(
                created.json["response"]["supported_first_factors"].array.map { $0["strategy"].string } == ["password"])
            let id = try #require(created.json["response"]["id"].string)

            let wrong = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_first_factor", [("strategy", "password"), ("password", "nope")])
            #expect(wrong.status == 422)
            #expect(wrong.errorCode == "form_password_incorrect")
            #expect(wrong.json["errors"][0]["meta"]["param_name"].string == "password")
            #expect(wrong.json["meta"]["client"]["sign_in"]["id"].string == id)
            #expect(wrong.json["clerk_trace_id"].string?.isEmpty == false)

            let right = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_first_factor",
                [("strategy", "password"), ("password", "correct horse battery")])
            #expect(right.json["response"]["status"].string == "complete")
            let fetched = try await client.get("/v1/client/sign_ins/\(id)")
            #expect(fetched.json["response"]["status"].string == "complete")
        }
    }

    @Test("An unknown identifier is form_identifier_not_found")
    @available(OS2023, *)
    func unknownIdentifier() async throws {
        try await withEmulator { _, client in
            let reply = try await client.post("/v1/client/sign_ins", [("identifier", "nobody@example.com")])
            #expect(reply.status == 422)
            #expect(reply.errorCode == "form_identifier_not_found")
            #expect(reply.json["errors"][0]["meta"]["param_name"].string == "identifier")
        }
    }

    @Test("Email code sign-in: the code goes to the outbox, a wrong code is counted, the right one completes")
    @available(OS2023, *)
    func emailCode() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(emailAddress: "grace@example.com")
            let created = try await client.post(
                "/v1/client/sign_ins", [("identifier", "grace@example.com"), ("strategy", "email_code")])
            #expect(created.json["response"]["status"].string == "needs_first_factor")
            #expect(created.json["response"]["first_factor_verification"]["strategy"].string == "email_code")
            #expect(created.json["response"]["first_factor_verification"]["status"].string == "unverified")
            let id = try #require(created.json["response"]["id"].string)
            let code = try #require(await emulator.latestCode(for: "GRACE@example.com"))
            #expect(code.count == 6)
            #expect(await emulator.outbox().first?.purpose == "sign_in")
            #expect(await emulator.outbox().first?.channel == .email)

            let wrongCode = code == "000000" ? "111111" : "000000"
            let wrong = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_first_factor", [("strategy", "email_code"), ("code", wrongCode)])
            #expect(wrong.errorCode == "form_code_incorrect")
            #expect(wrong.json["meta"]["client"]["sign_in"]["first_factor_verification"]["attempts"].int == 1)

            let right = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_first_factor", [("strategy", "email_code"), ("code", code)])
            #expect(right.json["response"]["status"].string == "complete")
            #expect(right.json["client"]["last_authentication_strategy"].string == "email_code")
        }
    }

    @Test("Phone code sign-in with a test number verifies with 424242 and sends nothing")
    @available(OS2023, *)
    func testPhoneNumber() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(phoneNumber: "+1 (201) 555-0123")
            let created = try await client.post("/v1/client/sign_ins", [("identifier", "+12015550123")])
            let id = try #require(created.json["response"]["id"].string)
            let factor = created.json["response"]["supported_first_factors"].array.first {
                $0["strategy"].string == "phone_code"
            }
            let phoneId = try #require(factor?["phone_number_id"].string)
            let prepared = try await client.post(
                "/v1/client/sign_ins/\(id)/prepare_first_factor",
                [("strategy", "phone_code"), ("phone_number_id", phoneId)])
            #expect(prepared.json["response"]["first_factor_verification"]["strategy"].string == "phone_code")
            #expect(await emulator.outbox().isEmpty)
            let attempted = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_first_factor", [("strategy", "phone_code"), ("code", "424242")])
            #expect(attempted.json["response"]["status"].string == "complete")
        }
    }

    @Test("A +clerk_test email address verifies with 424242")
    @available(OS2023, *)
    func testEmailAddress() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(emailAddress: "jane+clerk_test@example.com")
            let created = try await client.post(
                "/v1/client/sign_ins", [("identifier", "jane+clerk_test@example.com"), ("strategy", "email_code")])
            let id = try #require(created.json["response"]["id"].string)
            #expect(await emulator.outbox().isEmpty)
            let attempted = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_first_factor", [("strategy", "email_code"), ("code", "424242")])
            #expect(attempted.json["response"]["status"].string == "complete")
        }
    }

    @Test("A code expires by the emulator clock: verification_expired")
    @available(OS2023, *)
    func codeExpires() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(emailAddress: "ada@example.com")
            let created = try await client.post(
                "/v1/client/sign_ins", [("identifier", "ada@example.com"), ("strategy", "email_code")])
            let id = try #require(created.json["response"]["id"].string)
            let code = try #require(await emulator.latestCode(for: "ada@example.com"))
            await emulator.advanceClock(by: .seconds(601))
            let attempted = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_first_factor", [("strategy", "email_code"), ("code", code)])
            #expect(attempted.errorCode == "verification_expired")
            #expect(
                attempted.json["meta"]["client"]["sign_in"]["first_factor_verification"]["status"].string == "expired")
        }
    }

    @Test("Signing in again while signed in is session_exists in single-session mode")
    @available(OS2023, *)
    func sessionExists() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(emailAddress: "ada@example.com", password: "correct horse battery")
            let form = [("identifier", "ada@example.com"), ("password", "correct horse battery")]
            #expect(try await client.post("/v1/client/sign_ins", form).status == 200)
            let again = try await client.post("/v1/client/sign_ins", form)
            #expect(again.status == 400)
            #expect(again.errorCode == "session_exists")
        }
    }

    @Test("Reset password by email code, then sign in with the new password")
    @available(OS2023, *)
    func resetPassword() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(emailAddress: "ada@example.com", password: "old password 1")
            let created = try await client.post("/v1/client/sign_ins", [("identifier", "ada@example.com")])
            let id = try #require(created.json["response"]["id"].string)
            _ = try await client.post(
                "/v1/client/sign_ins/\(id)/prepare_first_factor", [("strategy", "reset_password_email_code")])
            let code = try #require(await emulator.latestCode(for: "ada@example.com"))
            #expect(await emulator.outbox().last?.purpose == "reset_password")
            let attempted = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_first_factor",
                [("strategy", "reset_password_email_code"), ("code", code)])
            #expect(attempted.json["response"]["status"].string == "needs_new_password")
            let short = try await client.post("/v1/client/sign_ins/\(id)/reset_password", [("password", "short")])
            #expect(short.errorCode == "form_password_length_too_short")
            let reset = try await client.post(
                "/v1/client/sign_ins/\(id)/reset_password",
                [("password", "new password 2"), ("sign_out_of_other_sessions", "true")])
            #expect(reset.json["response"]["status"].string == "complete")

            let other = FAPIClient(baseURL: client.baseURL)
            let old = try await other.post(
                "/v1/client/sign_ins", [("identifier", "ada@example.com"), ("password", "old password 1")])
            #expect(old.errorCode == "form_password_incorrect")
            let new = try await other.post(
                "/v1/client/sign_ins", [("identifier", "ada@example.com"), ("password", "new password 2")])
            #expect(new.json["response"]["status"].string == "complete")
        }
    }

    @Test("A sign-in ticket signs in once; reused or expired it is ticket_invalid")
    @available(OS2023, *)
    func ticket() async throws {
        try await withEmulator { emulator, client in
            let user = try await emulator.createUser(emailAddress: "ada@example.com")
            let ticket = try await emulator.createSignInTicket(userId: user.id)
            let reply = try await client.post("/v1/client/sign_ins", [("strategy", "ticket"), ("ticket", ticket)])
            #expect(reply.json["response"]["status"].string == "complete")
            #expect(reply.json["response"]["first_factor_verification"]["strategy"].string == "ticket")
            #expect(reply.json["client"]["last_authentication_strategy"].string == "ticket")

            let other = FAPIClient(baseURL: client.baseURL)
            let reused = try await other.post("/v1/client/sign_ins", [("strategy", "ticket"), ("ticket", ticket)])
            #expect(reused.errorCode == "ticket_invalid")
            let short = try await emulator.createSignInTicket(userId: user.id, lifetime: .seconds(60))
            await emulator.advanceClock(by: .seconds(61))
            let expired = try await other.post("/v1/client/sign_ins", [("strategy", "ticket"), ("ticket", short)])
            #expect(expired.errorCode == "ticket_invalid")
            let missing = try await other.post("/v1/client/sign_ins", [("strategy", "ticket")])
            #expect(missing.errorCode == "form_param_missing")
        }
    }
}
