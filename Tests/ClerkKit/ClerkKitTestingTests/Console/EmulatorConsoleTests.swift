import ClerkKitTesting
import Foundation
import Testing

@testable import ClerkKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("The Clerk emulator console: its page, its state and its changes over HTTP")
struct EmulatorConsoleTests {
    @available(OS2023, *)
    private func request(
        _ base: URL, _ method: String, _ path: String, json: [String: Any]? = nil, headers: [String: String]? = nil
    ) async throws -> (status: Int, headers: [AnyHashable: Any], body: [String: Any]) {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            for (name, value) in headers ?? ["Content-Type": "application/json", "X-Emulator-Console": "1"] {
                request.setValue(value, forHTTPHeaderField: name)
            }
        }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        let body = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return (http.statusCode, http.allHeaderFields, body)
    }

    @Test("the page is served with a strict policy; changes need JSON, the console header and this origin")
    @available(OS2023, *)
    func pageAndGuard() async throws {
        try await withEmulator { emulator, _ in
            let base = try #require(await emulator.baseURL)
            var page = URLRequest(url: base.appendingPathComponent("__emulator/"))
            page.httpMethod = "GET"
            let (data, response) = try await URLSession(configuration: .ephemeral).data(for: page)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self).contains("Clerk emulator console"))
            #expect((http.value(forHTTPHeaderField: "Content-Security-Policy") ?? "").contains("script-src 'self'"))
            let body: [String: Any] = ["emailAddress": "x@example.com"]
            let refused: [[String: String]] = [
                ["Content-Type": "application/json"],
                ["Content-Type": "text/plain", "X-Emulator-Console": "1"],
                ["Content-Type": "application/json", "X-Emulator-Console": "1", "Origin": "http://evil.example"],
                ["Content-Type": "application/json", "X-Emulator-Console": "1", "Sec-Fetch-Site": "cross-site"],
            ]
            for headers in refused {
                #expect(
                    try await request(base, "POST", "__emulator/api/users/create", json: body, headers: headers).status
                        == 403)
            }
            let state = try await request(base, "GET", "__emulator/api/state")
            #expect((state.body["users"] as? [Any])?.isEmpty == true)
            #expect(try await request(base, "POST", "__emulator/api/users/create", json: body).status == 201)
            #expect(try await request(base, "POST", "__emulator/api/nothing", json: [:]).status == 404)
            #expect(try await request(base, "GET", "__emulator/missing.js").status == 404)
            // Console requests stay out of the request log.
            #expect(await emulator.requestLog().isEmpty)
        }
    }

    @Test("users, MFA, sessions, configuration, clock and faults change through the console API")
    @available(OS2023, *)
    func changes() async throws {
        try await withEmulator { emulator, client in
            let base = try #require(await emulator.baseURL)
            let created = try await request(
                base, "POST", "__emulator/api/users/create",
                json: ["emailAddress": "ada@example.com", "password": "correct horse battery", "firstName": "Ada"])
            let id = try #require(created.body["id"] as? String)
            #expect(
                try await request(base, "POST", "__emulator/api/users/update", json: ["id": id, "lastName": "L"]).status
                    == 200)
            let mfa = try await request(base, "POST", "__emulator/api/users/mfa", json: ["id": id, "enabled": true])
            #expect((mfa.body["totpSecret"] as? String)?.isEmpty == false)
            var state = try await request(base, "GET", "__emulator/api/state").body
            let user = try #require((state["users"] as? [[String: Any]])?.first)
            #expect(user["lastName"] as? String == "L" && user["twoFactorEnabled"] as? Bool == true)
            #expect(user["emailAddresses"] as? [String] == ["ada@example.com"])
            #expect(
                try await request(
                    base, "POST", "__emulator/api/users/password",
                    json: ["id": id, "password": "another horse battery"]
                ).status == 200)
            #expect(
                try await request(base, "POST", "__emulator/api/users/delete", json: ["id": "user_none"]).status == 404)

            #expect(
                try await request(base, "POST", "__emulator/api/sessions/expire", json: ["id": "sess_none"]).status
                    == 404)

            let configured = try await request(
                base, "POST", "__emulator/api/configuration",
                json: ["identifiers": ["email_address"], "minimumPasswordLength": 12, "signUpMode": "restricted"])
            #expect(configured.status == 200)
            #expect(
                try await request(base, "POST", "__emulator/api/configuration", json: ["identifiers": ["fax"]]).status
                    == 400)
            state = try await request(base, "GET", "__emulator/api/state").body
            let configuration = try #require(state["configuration"] as? [String: Any])
            #expect(configuration["identifiers"] as? [String] == ["email_address"])
            #expect(
                configuration["minimumPasswordLength"] as? Int == 12
                    && configuration["signUpMode"] as? String == "restricted")

            let before = await emulator.now
            #expect(
                try await request(base, "POST", "__emulator/api/clock/advance", json: ["seconds": 3600]).status == 200)
            #expect(await emulator.now.timeIntervalSince(before) >= 3600)
            #expect(
                try await request(
                    base, "POST", "__emulator/api/faults/add", json: ["path": "/v1/client", "status": 503, "times": 1]
                ).status == 200)
            #expect((try await client.get("/v1/client")).status == 503)
            #expect(
                try await request(
                    base, "POST", "__emulator/api/faults/add", json: ["path": "/v1/client", "status": 200]
                ).status == 400)
            state = try await request(base, "GET", "__emulator/api/state").body
            #expect(((state["jwks"] as? [String: Any])?["keys"] as? [Any])?.count == 1)
            #expect((state["requests"] as? [[String: Any]])?.last?["status"] as? Int == 503)
        }
    }

    @Test("organizations turned off from the console: the environment says so and creating one is refused")
    @available(OS2023, *)
    func organizationsConfiguredLive() async throws {
        try await withEmulator { emulator, client in
            let base = try #require(await emulator.baseURL)
            try await Fixtures.signIn(emulator, client)
            #expect(try await client.get("/v1/environment").json["organization_settings"]["enabled"].bool == true)
            #expect(try await client.post("/v1/organizations", [("name", "Before")]).status == 200)

            let configured = try await request(
                base, "POST", "__emulator/api/configuration",
                json: ["organizationsEnabled": false, "maximumMemberships": 3])
            #expect(configured.status == 200)
            let state = try await request(base, "GET", "__emulator/api/state").body
            let configuration = try #require(state["configuration"] as? [String: Any])
            #expect(configuration["organizationsEnabled"] as? Bool == false)
            #expect(configuration["maximumMemberships"] as? Int == 3)
            let settings = try await client.get("/v1/environment").json["organization_settings"]
            #expect(settings["enabled"].bool == false && settings["max_allowed_memberships"].int == 3)
            let refused = try await client.post("/v1/organizations", [("name", "After")])
            #expect(refused.status == 403 && refused.errorCode == "organization_not_enabled_in_instance")

            _ = try await request(base, "POST", "__emulator/api/configuration", json: ["organizationsEnabled": true])
            #expect(try await client.post("/v1/organizations", [("name", "Again")]).status == 200)
        }
    }

    @Test("session tasks from the console: forced organizations and a required new password leave sessions pending")
    @available(OS2023, *)
    func sessionTasksConfiguredLive() async throws {
        try await withEmulator { emulator, client in
            let base = try #require(await emulator.baseURL)
            let sessionId = try await Fixtures.signIn(emulator, client)
            #expect(try await client.get("/v1/client").json["response"]["sessions"][0]["status"].string == "active")

            let configured = try await request(
                base, "POST", "__emulator/api/configuration",
                json: ["forceOrganizationSelection": true, "secondFactorRequired": true])
            #expect(configured.status == 200)
            let state = try await request(base, "GET", "__emulator/api/state").body
            let configuration = try #require(state["configuration"] as? [String: Any])
            #expect(configuration["forceOrganizationSelection"] as? Bool == true)
            #expect(configuration["secondFactorRequired"] as? Bool == true)
            let userId = try #require((state["users"] as? [[String: Any]])?.first?["id"] as? String)
            #expect(
                try await request(
                    base, "POST", "__emulator/api/users/require-password-reset", json: ["id": userId]
                ).status == 200)

            let session = try await client.get("/v1/client").json["response"]["sessions"][0]
            #expect(session["id"].string == sessionId)
            #expect(session["status"].string == "pending")
            #expect(
                session["tasks"].array.map { $0["key"].string } == [
                    "reset-password", "setup-mfa", "choose-organization",
                ])
            let shown = try await request(base, "GET", "__emulator/api/state").body
            let sessions = try #require(shown["sessions"] as? [[String: Any]])
            #expect(sessions.first?["status"] as? String == "pending")
            #expect((sessions.first?["tasks"] as? [String])?.count == 3)
        }
    }

    @Test("the embedded files are the Web folder's (scripts/web-assets was run)")
    func assetsUpToDate() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { root.deleteLastPathComponent() }
        let web = root.appendingPathComponent("Sources/ClerkKit/Testing/Console/Web")
        let names = try FileManager.default.contentsOfDirectory(atPath: web.path).sorted()
        #expect(names == EmulatorConsoleAssets.names)
        for name in names {
            var expected = try String(contentsOf: web.appendingPathComponent(name), encoding: .utf8)
            while expected.hasSuffix("\n") { expected.removeLast() }
            #expect(EmulatorConsoleAssets.file(named: name)?.text == expected, "\(name): run scripts/web-assets")
        }
    }
}
