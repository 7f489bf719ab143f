import ClerkKitTesting
import Foundation
import Testing

@Suite("Second factors over HTTP")
struct SecondFactorFlowTests {
    /// Signs in with the password and returns the sign-in id, which must need a second factor.
    @available(OS2023, *)
    private func passFirstFactor(_ client: FAPIClient, email: String = "ada@example.com") async throws -> String {
        let reply = try await client.post(
            "/v1/client/sign_ins", [("identifier", email), ("password", Fixtures.password)])
        #expect(reply.json["response"]["status"].string == "needs_second_factor")
        return try #require(reply.json["response"]["id"].string)
    }

    @Test("TOTP: a code computed per RFC 6238 completes the sign-in; a wrong one is form_code_incorrect")
    @available(OS2023, *)
    func totp() async throws {
        try await withEmulator { emulator, client in
            let user = try await emulator.createUser(emailAddress: "ada@example.com", password: Fixtures.password)
            let secret = try await emulator.enableTOTP(userId: user.id)
            let id = try await passFirstFactor(client)
            let signIn = try await client.get("/v1/client/sign_ins/\(id)")
            #expect(signIn.json["response"]["supported_second_factors"].array.map { $0["strategy"].string } == ["totp"])

            let code = try #require(await emulator.totpCode(secret: secret))
            let wrongCode = String(format: "%06d", ((Int(code) ?? 0) + 500_000) % 1_000_000)
            let wrong = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_second_factor", [("strategy", "totp"), ("code", wrongCode)])
            #expect(wrong.errorCode == "form_code_incorrect")
            let right = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_second_factor", [("strategy", "totp"), ("code", code)])
            #expect(right.json["response"]["status"].string == "complete")
            #expect(right.json["response"]["second_factor_verification"]["strategy"].string == "totp")
            let sessionId = try #require(right.json["response"]["created_session_id"].string)
            let token = try await client.post("/v1/client/sessions/\(sessionId)/tokens")
            #expect(Fixtures.decode(token.json["jwt"].string ?? "")?.claims["fva"].array.map(\.int) == [0, 0])
            #expect(right.json["client"]["sessions"][0]["user"]["totp_enabled"].bool == true)
            #expect(right.json["client"]["sessions"][0]["user"]["two_factor_enabled"].bool == true)
        }
    }

    @Test("Backup codes are single use")
    @available(OS2023, *)
    func backupCodes() async throws {
        try await withEmulator { emulator, client in
            let user = try await emulator.createUser(emailAddress: "ada@example.com", password: Fixtures.password)
            try await emulator.enableTOTP(userId: user.id)
            let codes = try await emulator.createBackupCodes(userId: user.id)
            #expect(codes.count == 10)
            let id = try await passFirstFactor(client)
            let used = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_second_factor", [("strategy", "backup_code"), ("code", codes[0])])
            #expect(used.json["response"]["status"].string == "complete")
            let sessionId = try #require(used.json["response"]["created_session_id"].string)
            _ = try await client.post("/v1/client/sessions/\(sessionId)/remove")

            let again = try await passFirstFactor(client)
            let reused = try await client.post(
                "/v1/client/sign_ins/\(again)/attempt_second_factor", [("strategy", "backup_code"), ("code", codes[0])])
            #expect(reused.errorCode == "form_code_incorrect")
            let next = try await client.post(
                "/v1/client/sign_ins/\(again)/attempt_second_factor", [("strategy", "backup_code"), ("code", codes[1])])
            #expect(next.json["response"]["status"].string == "complete")
        }
    }

    @Test("SMS second factor: prepare sends a code, attempt completes")
    @available(OS2023, *)
    func smsSecondFactor() async throws {
        try await withEmulator { emulator, client in
            let user = try await emulator.createUser(
                emailAddress: "ada@example.com", phoneNumber: "+14155552671", password: Fixtures.password)
            try await emulator.enableSMSSecondFactor(userId: user.id)
            let id = try await passFirstFactor(client)
            let attemptFirst = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_second_factor", [("strategy", "phone_code"), ("code", "123456")])
            #expect(attemptFirst.errorCode == "verification_missing")
            let prepared = try await client.post(
                "/v1/client/sign_ins/\(id)/prepare_second_factor",
                [("strategy", "phone_code"), ("phone_number_id", user.phoneNumberId ?? "")])
            #expect(prepared.json["response"]["second_factor_verification"]["strategy"].string == "phone_code")
            let message = try #require(await emulator.outbox().last)
            #expect(message.channel == .sms)
            #expect(message.purpose == "second_factor")
            #expect(message.to == "+14155552671")
            let code = try #require(message.code)
            let attempted = try await client.post(
                "/v1/client/sign_ins/\(id)/attempt_second_factor", [("strategy", "phone_code"), ("code", code)])
            #expect(attempted.json["response"]["status"].string == "complete")
        }
    }

    @Test("With MFA turned off, a user with TOTP signs in with the first factor alone")
    @available(OS2023, *)
    func mfaDisabled() async throws {
        try await withEmulator(.init(secondFactors: [])) { emulator, client in
            let user = try await emulator.createUser(emailAddress: "ada@example.com", password: Fixtures.password)
            try await emulator.enableTOTP(userId: user.id)
            let reply = try await client.post(
                "/v1/client/sign_ins", [("identifier", "ada@example.com"), ("password", Fixtures.password)])
            #expect(reply.json["response"]["status"].string == "complete")
        }
    }
}
