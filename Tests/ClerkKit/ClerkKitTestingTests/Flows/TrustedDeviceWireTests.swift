import ClerkKitTesting
import Crypto
import Foundation
import Testing

/// The emulator's trusted-device endpoints on the wire, with a P-256 key held by the test: enrollment and sign-in
/// accept only a signature by the enrolled key over the issued `client_data`, once, before it expires.
@Suite struct TrustedDeviceWireTests {
    @available(OS2023, *)
    static var configuration: ClerkEmulator.Configuration {
        var configuration = ClerkEmulator.Configuration()
        configuration.trustedDevices = true
        return configuration
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func jwk(_ key: P256.Signing.PrivateKey) -> String {
        let point = Array(key.publicKey.x963Representation)
        let x = base64URL(Data(point[1..<33]))
        let y = base64URL(Data(point[33..<65]))
        return #"{"crv":"P-256","kty":"EC","x":"\#(x)","y":"\#(y)"}"#
    }

    static func sign(_ text: String, _ key: P256.Signing.PrivateKey) throws -> String {
        base64URL(try key.signature(for: Data(text.utf8)).rawRepresentation)
    }

    static func fields(_ jwk: String) -> [(String, String)] {
        [("platform", "ios"), ("app_identifier", "com.example.app"), ("algorithm", "ES256"), ("public_key_jwk", jwk)]
    }

    /// Enrolls `key` for a signed-in client; returns the credential id.
    @available(OS2023, *)
    static func enroll(_ client: FAPIClient, _ key: P256.Signing.PrivateKey) async throws -> String {
        let prepared = try await client.post("/v1/me/trusted_devices/prepare", fields(jwk(key)))
        let clientData = try #require(prepared.json["response"]["client_data"].string)
        let attempt = try await client.post(
            "/v1/me/trusted_devices/attempt",
            fields(jwk(key)) + [("client_data", clientData), ("signature", try sign(clientData, key))])
        return try #require(attempt.json["response"]["id"].string)
    }

    @available(OS2023, *)
    @Test func enrollmentChecksTheKeyTheSignatureAndUsesTheChallengeOnce() async throws {
        try await withEmulator(Self.configuration) { emulator, client in
            _ = try await Fixtures.signIn(emulator, client)
            let key = P256.Signing.PrivateKey()
            // Bad keys and parameters are refused before any challenge is issued.
            let loose = Self.jwk(key).replacingOccurrences(of: ",", with: ", ")
            for form in [
                Self.fields(loose), Self.fields(#"{"kty":"EC"}"#),
                [("platform", "web")] + Self.fields(Self.jwk(key)).dropFirst(),
                Self.fields(Self.jwk(key)).map { $0.0 == "algorithm" ? ($0.0, "RS256") : $0 },
            ] {
                let refused = try await client.post("/v1/me/trusted_devices/prepare", form)
                #expect(refused.status == 422, "\(form)")
            }
            let prepared = try await client.post("/v1/me/trusted_devices/prepare", Self.fields(Self.jwk(key)))
            #expect(prepared.json["response"]["trusted_device_id"].string == nil)
            let clientData = try #require(prepared.json["response"]["client_data"].string)
            let other = P256.Signing.PrivateKey()
            let forged = try await client.post(
                "/v1/me/trusted_devices/attempt",
                Self.fields(Self.jwk(key)) + [
                    ("client_data", clientData), ("signature", try Self.sign(clientData, other)),
                ])
            #expect(forged.errorCode == "trusted_device_verification_failed")
            let signed =
                Self.fields(Self.jwk(key)) + [
                    ("client_data", clientData), ("signature", try Self.sign(clientData, key)),
                ]
            let created = try await client.post("/v1/me/trusted_devices/attempt", signed)
            #expect(created.json["response"]["status"].string == "active")
            let replayed = try await client.post("/v1/me/trusted_devices/attempt", signed)
            #expect(replayed.status == 422)
            #expect(try await client.get("/v1/me/trusted_devices").json["response"].array.count == 1)
        }
    }

    @available(OS2023, *)
    @Test func signInNeedsTheEnrolledKeyTheExactChallengeAndTime() async throws {
        try await withEmulator(Self.configuration) { emulator, client in
            _ = try await Fixtures.signIn(emulator, client)
            let key = P256.Signing.PrivateKey()
            let deviceId = try await Self.enroll(client, key)
            let device = FAPIClient(baseURL: client.baseURL)
            let unknown = try await device.post(
                "/v1/client/sign_ins", [("strategy", "trusted_device"), ("trusted_device_id", "tdv_unknown")])
            #expect(unknown.errorCode == "trusted_device_not_found")

            func start(on device: FAPIClient) async throws -> (id: String, clientData: String) {
                let created = try await device.post(
                    "/v1/client/sign_ins", [("strategy", "trusted_device"), ("trusted_device_id", deviceId)])
                let challenge = created.json["response"]["first_factor_verification"]["trusted_device_challenge"]
                #expect(challenge["trusted_device_id"].string == deviceId)
                return (
                    try #require(created.json["response"]["id"].string), try #require(challenge["client_data"].string)
                )
            }
            func attempt(
                _ id: String, _ clientData: String, signature: String, deviceId: String = deviceId,
                on device: FAPIClient = device
            ) async throws -> FAPIClient.Reply {
                try await device.post(
                    "/v1/client/sign_ins/\(id)/attempt_first_factor",
                    [
                        ("strategy", "trusted_device"), ("trusted_device_id", deviceId), ("client_data", clientData),
                        ("signature", signature), ("algorithm", "ES256"),
                    ])
            }
            let (id, clientData) = try await start(on: device)
            let altered = clientData.replacingOccurrences(of: "sign_in", with: "sign_In")
            #expect(try await attempt(id, altered, signature: Self.sign(altered, key)).status == 422)
            let stranger = try await attempt(
                id, clientData, signature: Self.sign(clientData, P256.Signing.PrivateKey()))
            #expect(stranger.errorCode == "trusted_device_verification_failed")
            #expect(
                try await attempt(id, clientData, signature: Self.sign(clientData, key), deviceId: "tdv_other")
                    .errorCode
                    == "trusted_device_not_found")
            #expect(try await device.get("/v1/client").json["response"]["sessions"].array.isEmpty)
            let done = try await attempt(id, clientData, signature: Self.sign(clientData, key))
            #expect(done.json["response"]["status"].string == "complete")
            // The challenge is used up.
            #expect(try await attempt(id, clientData, signature: Self.sign(clientData, key)).status == 422)

            // A challenge answered after it expired is refused.
            let other = FAPIClient(baseURL: client.baseURL)
            let (late, lateData) = try await start(on: other)
            await emulator.advanceClock(by: .seconds(601))
            let expired = try await attempt(late, lateData, signature: Self.sign(lateData, key), on: other)
            #expect(expired.errorCode == "verification_expired")
        }
    }
}
