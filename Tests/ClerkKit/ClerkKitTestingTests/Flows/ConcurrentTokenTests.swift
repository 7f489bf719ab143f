import ClerkKitTesting
import Crypto
import Foundation
import Testing
import _CryptoExtras

/// Session tokens are signed when the answer is written, outside the emulator's actor: concurrent sign-ins still each
/// get a token that verifies, and the client reads back the very token its sign-in answer carried.
@Suite("Session tokens signed outside the store")
struct ConcurrentTokenTests {
    @Test("Concurrent sign-ins each carry a verifying token, read back unchanged from the client")
    @available(OS2023, *)
    func concurrentSignInsCarryVerifyingTokens() async throws {
        try await withEmulator { emulator, client in
            try await emulator.createUser(emailAddress: "ada@example.com", password: Fixtures.password)
            let keys = try await client.get("/v1/jwks").json["keys"][0]
            let modulus = try #require(keys["n"].string.flatMap(Fixtures.base64URL))
            let exponent = try #require(keys["e"].string.flatMap(Fixtures.base64URL))
            let publicKey = try _RSA.Signing.PublicKey(n: modulus, e: exponent)
            let base = client.baseURL
            let answers = try await withThrowingTaskGroup(of: (String, String).self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let fresh = FAPIClient(baseURL: base)
                        let reply = try await fresh.post(
                            "/v1/client/sign_ins", [("identifier", "ada@example.com"), ("password", Fixtures.password)])
                        let signedIn = reply.json["client"]["sessions"][0]["last_active_token"]["jwt"].string ?? ""
                        let again =
                            try await fresh.get("/v1/client").json["response"]["sessions"][0][
                                "last_active_token"]["jwt"].string ?? ""
                        return (signedIn, again)
                    }
                }
                return try await group.reduce(into: [(String, String)]()) { $0.append($1) }
            }
            #expect(answers.count == 8)
            #expect(Set(answers.map(\.0)).count == 8)
            for (signedIn, again) in answers {
                #expect(signedIn == again)
                let token = try #require(Fixtures.decode(signedIn))
                #expect(token.header["alg"].string == "RS256")
                #expect(
                    publicKey.isValidSignature(
                        _RSA.Signing.RSASignature(rawRepresentation: token.signature),
                        for: Data(token.signingInput.utf8), padding: .insecurePKCS1v1_5))
            }
        }
    }
}
