import ClerkKitTesting
import Crypto
import Foundation
import Testing
import _CryptoExtras

@Suite("Sessions and session tokens over HTTP")
struct SessionFlowTests {
    @Test("A minted token carries Clerk's claims and verifies against the JWKS public key")
    @available(OS2023, *)
    func tokenVerifiesWithJWKS() async throws {
        try await withEmulator { emulator, client in
            let sessionId = try await Fixtures.signIn(emulator, client)
            let reply = try await client.post("/v1/client/sessions/\(sessionId)/tokens", [("organization_id", "")])
            #expect(reply.status == 200)
            #expect(reply.json["object"].string == "token")
            let jwt = try #require(reply.json["jwt"].string)
            let token = try #require(Fixtures.decode(jwt))
            #expect(token.header["alg"].string == "RS256")
            #expect(token.header["typ"].string == "JWT")
            #expect(token.header["oiat"].int != nil)
            #expect(token.claims["sid"].string == sessionId)
            #expect(token.claims["sub"].string?.hasPrefix("user_") == true)
            #expect(token.claims["iss"].string == client.baseURL.absoluteString)
            #expect(token.claims["v"].int == 2)
            #expect(token.claims["fva"].array.map(\.int) == [0, -1])
            #expect(token.claims["azp"].exists)
            #expect(token.claims["o"].exists == false)
            let iat = try #require(token.claims["iat"].int)
            #expect(token.claims["exp"].int == iat + 60)
            #expect(token.claims["nbf"].int == iat - 10)

            for path in ["/.well-known/jwks.json", "/v1/jwks"] {
                let jwks = try await client.get(path)
                let key = jwks.json["keys"][0]
                #expect(key["kid"].string == token.header["kid"].string)
                #expect(key["kty"].string == "RSA")
                let modulus = try #require(key["n"].string.flatMap(Fixtures.base64URL))
                let exponent = try #require(key["e"].string.flatMap(Fixtures.base64URL))
                let publicKey = try _RSA.Signing.PublicKey(n: modulus, e: exponent)
                let signature = _RSA.Signing.RSASignature(rawRepresentation: token.signature)
                #expect(
                    publicKey.isValidSignature(
                        signature, for: Data(token.signingInput.utf8), padding: .insecurePKCS1v1_5))
                #expect(
                    !publicKey.isValidSignature(
                        signature, for: Data((token.signingInput + "x").utf8), padding: .insecurePKCS1v1_5))
            }
        }
    }

    @Test("Tokens expire by the emulator clock; a new one is minted with a later iat")
    @available(OS2023, *)
    func tokenExpiry() async throws {
        try await withEmulator { emulator, client in
            let sessionId = try await Fixtures.signIn(emulator, client)
            let first = try await client.post("/v1/client/sessions/\(sessionId)/tokens")
            let firstClaims = try #require(first.json["jwt"].string.flatMap(Fixtures.decode)).claims
            await emulator.advanceClock(by: .seconds(61))
            let now = Int(await emulator.now.timeIntervalSince1970)
            #expect(try #require(firstClaims["exp"].int) < now)
            let second = try await client.post("/v1/client/sessions/\(sessionId)/tokens")
            let secondClaims = try #require(second.json["jwt"].string.flatMap(Fixtures.decode)).claims
            #expect(try #require(secondClaims["exp"].int) > now)
            #expect(try #require(secondClaims["iat"].int) >= (firstClaims["iat"].int ?? 0) + 61)
            // The client's piggybacked last_active_token is refreshed too.
            let client2 = try await client.get("/v1/client")
            let piggyback = client2.json["response"]["sessions"][0]["last_active_token"]["jwt"].string
            #expect(try #require(piggyback.flatMap(Fixtures.decode)?.claims["exp"].int) > now)
        }
    }

    @Test("A session expires after its lifetime: tokens are refused and the client has no session")
    @available(OS2023, *)
    func sessionExpiry() async throws {
        let configuration = ClerkEmulator.Configuration(sessionLifetime: .seconds(3600))
        try await withEmulator(configuration) { emulator, client in
            let sessionId = try await Fixtures.signIn(emulator, client)
            await emulator.advanceClock(by: .seconds(3601))
            let token = try await client.post("/v1/client/sessions/\(sessionId)/tokens")
            #expect(token.status == 401)
            #expect(token.errorCode == "authentication_invalid")
            let refreshed = try await client.get("/v1/client")
            #expect(refreshed.json["response"]["sessions"].array.isEmpty)
        }
    }

    @Test("Set an organization active: the session and token carry it; an empty id is the personal account")
    @available(OS2023, *)
    func organizationClaims() async throws {
        try await withEmulator { emulator, client in
            let user = try await emulator.createUser(emailAddress: "ada@example.com", password: Fixtures.password)
            let orgId = try await emulator.createOrganization(name: "Analytical Engines", slug: "engines")
            try await emulator.addMembership(userId: user.id, organizationId: orgId, role: "org:admin")
            let sessionId = try await Fixtures.signIn(emulator, client, seed: false)

            let touched = try await client.post(
                "/v1/client/sessions/\(sessionId)/touch",
                [("active_organization_id", "engines"), ("intent", "select_org")])
            #expect(touched.json["response"]["last_active_organization_id"].string == orgId)
            #expect(
                touched.json["response"]["user"]["organization_memberships"][0]["organization"]["slug"].string
                    == "engines")
            let jwt = try #require(touched.json["response"]["last_active_token"]["jwt"].string)
            let claims = try #require(Fixtures.decode(jwt)).claims
            #expect(claims["o"]["id"].string == orgId)
            #expect(claims["o"]["rol"].string == "admin")
            #expect(claims["o"]["slg"].string == "engines")

            let token = try await client.post("/v1/client/sessions/\(sessionId)/tokens")
            #expect(Fixtures.decode(token.json["jwt"].string ?? "")?.claims["o"]["id"].string == orgId)

            let personal = try await client.post("/v1/client/sessions/\(sessionId)/tokens", [("organization_id", "")])
            #expect(Fixtures.decode(personal.json["jwt"].string ?? "")?.claims["o"].exists == false)

            let stranger = try await client.post(
                "/v1/client/sessions/\(sessionId)/touch", [("active_organization_id", "org_unknown")])
            #expect(stranger.status == 404)
            #expect(stranger.errorCode == "resource_not_found")
        }
    }

    @Test("JWT templates: a configured template mints a token, an unknown one is 404")
    @available(OS2023, *)
    func templates() async throws {
        try await withEmulator(.init(jwtTemplates: ["supabase"])) { emulator, client in
            let sessionId = try await Fixtures.signIn(emulator, client)
            let token = try await client.post("/v1/client/sessions/\(sessionId)/tokens/supabase")
            let claims = try #require(Fixtures.decode(token.json["jwt"].string ?? "")).claims
            #expect(claims["sub"].string?.hasPrefix("user_") == true)
            #expect(claims["sid"].exists == false)
            let unknown = try await client.post("/v1/client/sessions/\(sessionId)/tokens/other")
            #expect(unknown.status == 404)
        }
    }

    @Test("Sign out one session, then sign out all; /v1/me is signed_out afterwards")
    @available(OS2023, *)
    func signOut() async throws {
        try await withEmulator(.init(singleSessionMode: false)) { emulator, client in
            try await emulator.createUser(emailAddress: "grace@example.com", password: Fixtures.password)
            let first = try await Fixtures.signIn(emulator, client)
            let second = try await Fixtures.signIn(emulator, client, email: "grace@example.com", seed: false)
            let twoSessions = try await client.get("/v1/client")
            #expect(twoSessions.json["response"]["sessions"].array.count == 2)
            #expect(twoSessions.json["response"]["last_active_session_id"].string == second)

            let removed = try await client.post("/v1/client/sessions/\(second)/remove")
            #expect(removed.json["response"]["status"].string == "removed")
            #expect(removed.json["client"]["sessions"].array.count == 1)
            #expect(removed.json["client"]["last_active_session_id"].string == first)

            let touched = try await client.post("/v1/client/sessions/\(first)/touch")
            #expect(touched.json["client"]["last_active_session_id"].string == first)

            let all = try await client.delete("/v1/client/sessions")
            #expect(all.status == 200)
            #expect(all.json["response"]["sessions"].array.isEmpty)
            #expect(all.json["response"]["last_active_session_id"].isNull)
            #expect(all.json["client"].isNull)

            let me = try await client.get("/v1/me")
            #expect(me.status == 401)
            #expect(me.errorCode == "signed_out")
        }
    }

    @Test("End a session and sign out with DELETE /v1/client")
    @available(OS2023, *)
    func endAndDeleteClient() async throws {
        try await withEmulator { emulator, client in
            let sessionId = try await Fixtures.signIn(emulator, client)
            let ended = try await client.post("/v1/client/sessions/\(sessionId)/end")
            #expect(ended.json["response"]["status"].string == "ended")
            let deleted = try await client.delete("/v1/client")
            #expect(deleted.status == 200)
            #expect(deleted.json["response"]["sessions"].array.isEmpty)
            let session = try await client.get("/v1/client/sessions/\(sessionId)")
            #expect(session.json["response"]["status"].string == "ended")
        }
    }

    @Test("Active sessions across clients; revoking another device's session signs that device out")
    @available(OS2023, *)
    func activeSessionsAndRevoke() async throws {
        try await withEmulator { emulator, phone in
            let laptop = FAPIClient(baseURL: phone.baseURL)
            let phoneSession = try await Fixtures.signIn(emulator, phone)
            let laptopSession = try await Fixtures.signIn(emulator, laptop, seed: false)

            let active = try await phone.get("/v1/me/sessions/active", query: [("_clerk_session_id", phoneSession)])
            #expect(Set(active.json.array.compactMap { $0["id"].string }) == [phoneSession, laptopSession])
            #expect(active.json[0]["latest_activity"]["object"].string == "session_activity")

            let revoked = try await phone.post(
                "/v1/me/sessions/\(laptopSession)/revoke", query: [("_clerk_session_id", phoneSession)])
            #expect(revoked.json["response"]["status"].string == "revoked")
            let laptopToken = try await laptop.post("/v1/client/sessions/\(laptopSession)/tokens")
            #expect(laptopToken.errorCode == "authentication_invalid")
            let me = try await phone.get("/v1/me", query: [("_clerk_session_id", phoneSession)])
            #expect(me.status == 200)
        }
    }

    @Test("Another client's session is not found; a request without a device token is authentication_invalid")
    @available(OS2023, *)
    func foreignSessions() async throws {
        try await withEmulator { emulator, client in
            let sessionId = try await Fixtures.signIn(emulator, client)
            let other = FAPIClient(baseURL: client.baseURL)
            _ = try await other.post("/v1/client/sign_ins", [("identifier", "ada@example.com")])
            let foreign = try await other.post("/v1/client/sessions/\(sessionId)/tokens")
            #expect(foreign.status == 404)
            let anonymous = FAPIClient(baseURL: client.baseURL)
            let noClient = try await anonymous.post("/v1/client/sessions/\(sessionId)/tokens")
            #expect(noClient.status == 401)
            #expect(noClient.errorCode == "authentication_invalid")
            let emptyClient = try await anonymous.get("/v1/client")
            #expect(emptyClient.json["response"].isNull)
            #expect(emptyClient.headers["authorization"] == nil)
        }
    }

    @Test("PUT and POST /v1/client start a client with a device token, then keep it")
    @available(OS2023, *)
    func createClient() async throws {
        try await withEmulator { _, client in
            let created = try await client.send("PUT", "/v1/client")
            #expect(created.status == 200)
            let token = try #require(created.headers["authorization"])
            let clientId = try #require(created.json["response"]["id"].string)
            #expect(created.json["response"]["sessions"].array.isEmpty)
            let again = try await client.post("/v1/client")
            #expect(again.json["response"]["id"].string == clientId)
            #expect(again.headers["authorization"] == token)
        }
    }

    @Test("The environment reflects the configuration")
    @available(OS2023, *)
    func environment() async throws {
        let configuration = ClerkEmulator.Configuration(
            identifiers: [.emailAddress], firstFactors: [.emailCode], secondFactors: [], applicationName: "Demo")
        try await withEmulator(configuration) { _, client in
            let reply = try await client.get("/v1/environment")
            #expect(reply.status == 200)
            #expect(reply.json["display_config"]["application_name"].string == "Demo")
            #expect(reply.json["auth_config"]["identification_strategies"].strings == ["email_address"])
            #expect(reply.json["auth_config"]["first_factors"].strings == ["email_code"])
            #expect(reply.json["auth_config"]["second_factors"].strings.isEmpty)
            #expect(reply.json["user_settings"]["attributes"]["phone_number"]["enabled"].bool == false)
            #expect(reply.json["user_settings"]["attributes"]["email_address"]["required"].bool == true)
        }
    }
}
