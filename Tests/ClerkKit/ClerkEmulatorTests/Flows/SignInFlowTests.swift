import ClerkKitTesting
import Foundation
import Testing

@Suite("Sign-in flows over HTTP")
struct SignInFlowTests {
    @Test("Password sign-in completes, returns a device token and a session with a token")
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
            let sessionId = try #require(reply.json["response"]["created_session_id"].string)
            #expect(reply.json["client"]["last_active_session_id"].string == sessionId)
            #expect(reply.json["client"]["sessions"][0]["user"]["id"].string == user.id)
            #expect(
                reply.json["client"]["sessions"][0]["last_active_token"]["jwt"].string?.split(separator: ".").count == 3
            )
            #expect(reply.headers["authorization"] != nil)
            #expect(await client.deviceToken != nil)

            let refreshed = try await client.get("/v1/client")
            #expect(refreshed.json["response"]["sessions"].array.count == 1)
            #expect(refreshed.json["client"].isNull)
        }
    }
}
