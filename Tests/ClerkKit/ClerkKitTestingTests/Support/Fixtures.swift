import ClerkKitTesting
import Foundation

/// Helpers shared by the flow tests.
@available(OS2023, *)
enum Fixtures {
    static let password = "correct horse battery"

    /// Seeds `ada@example.com` with a password and signs `client` in; returns the session id.
    @discardableResult
    static func signIn(
        _ emulator: ClerkEmulator, _ client: FAPIClient, email: String = "ada@example.com", seed: Bool = true
    ) async throws -> String {
        if seed { try await emulator.createUser(emailAddress: email, password: password, firstName: "Ada") }
        let reply = try await client.post("/v1/client/sign_ins", [("identifier", email), ("password", password)])
        guard let id = reply.json["response"]["created_session_id"].string else {
            throw FixtureError(message: "sign-in did not complete: \(String(decoding: reply.body, as: UTF8.self))")
        }
        return id
    }

    struct FixtureError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// The decoded claims and header of a compact JWS.
    static func decode(_ jwt: String) -> (header: Node, claims: Node, signingInput: String, signature: Data)? {
        let parts = jwt.split(separator: ".").map(String.init)
        guard parts.count == 3, let header = base64URL(parts[0]), let claims = base64URL(parts[1]),
            let signature = base64URL(parts[2])
        else { return nil }
        return (Node(data: header), Node(data: claims), parts[0] + "." + parts[1], signature)
    }

    static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
