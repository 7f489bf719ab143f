import Foundation

/// The passkey wire format clerk-ios uses: the verification's `nonce` (a JSON string of WebAuthn options with
/// base64url values) in, `public_key_credential` (a JSON string of the credential) out.
@available(OS2023, *)
enum PasskeyWire {
    private struct Descriptor: Codable {
        var id: String
        var type: String?
    }
    private struct CreationOptions: Decodable {
        struct Party: Decodable {
            var id: String
            var name: String?
        }
        struct User: Decodable {
            var id: String
            var name: String
            var displayName: String?
        }
        var challenge: String
        var rp: Party
        var user: User
        var excludeCredentials: [Descriptor]?
    }
    private struct RequestOptions: Decodable {
        var challenge: String
        var rpId: String
        var allowCredentials: [Descriptor]?
    }

    /// The registration request in a passkey's verification nonce.
    static func registrationRequest(_ nonce: String?) throws(ClerkError) -> PasskeyRegistrationRequest {
        let options = try decode(CreationOptions.self, nonce)
        guard let challenge = Base64URL.decode(options.challenge), let user = Base64URL.decode(options.user.id) else {
            throw invalid("a challenge or user id that is not base64url")
        }
        return PasskeyRegistrationRequest(
            challenge: challenge, relyingPartyID: options.rp.id, relyingPartyName: options.rp.name ?? options.rp.id,
            userID: user, userName: options.user.name,
            excludedCredentialIDs: (options.excludeCredentials ?? []).compactMap { Base64URL.decode($0.id) })
    }

    /// The assertion request in a sign-in's first-factor nonce.
    static func assertionRequest(_ nonce: String?) throws(ClerkError) -> PasskeyAssertionRequest {
        let options = try decode(RequestOptions.self, nonce)
        guard let challenge = Base64URL.decode(options.challenge) else {
            throw invalid("a challenge that is not base64url")
        }
        return PasskeyAssertionRequest(
            challenge: challenge, relyingPartyID: options.rpId,
            allowedCredentialIDs: (options.allowCredentials ?? []).compactMap { Base64URL.decode($0.id) })
    }

    /// `{id, rawId, type, response: {attestationObject, clientDataJSON}}`.
    static func credentialJSON(_ registration: PasskeyRegistration) throws(ClerkError) -> String {
        let id = Base64URL.encode(registration.credentialID)
        return try json([
            "id": id, "rawId": id, "type": "public-key",
            "response": [
                "attestationObject": Base64URL.encode(registration.attestationObject),
                "clientDataJSON": Base64URL.encode(registration.clientDataJSON),
            ],
        ])
    }

    /// `{id, rawId, type, response: {authenticatorData, clientDataJSON, signature, userHandle}}`.
    static func credentialJSON(_ assertion: PasskeyAssertion) throws(ClerkError) -> String {
        let id = Base64URL.encode(assertion.credentialID)
        var response = [
            "authenticatorData": Base64URL.encode(assertion.authenticatorData),
            "clientDataJSON": Base64URL.encode(assertion.clientDataJSON),
            "signature": Base64URL.encode(assertion.signature),
        ]
        if let handle = assertion.userHandle { response["userHandle"] = Base64URL.encode(handle) }
        return try json(["id": id, "rawId": id, "type": "public-key", "response": response])
    }

    private static func decode<Options: Decodable>(_ type: Options.Type, _ nonce: String?) throws(ClerkError)
        -> Options
    {
        guard let nonce, !nonce.isEmpty else { throw invalid("no passkey options") }
        do {
            return try JSONDecoder().decode(type, from: Data(nonce.utf8))
        } catch {
            throw ClerkError(.decoding, "The passkey options could not be read.", underlying: error)
        }
    }

    private static func json(_ object: [String: Any]) throws(ClerkError) -> String {
        do {
            return String(
                decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        } catch {
            throw ClerkError(.encoding, "The passkey credential could not be encoded.", underlying: error)
        }
    }

    private static func invalid(_ what: String) -> ClerkError {
        ClerkError(.invalidResponse, "The service sent \(what).")
    }
}
