import Crypto
import Foundation

/// The server's Ed25519 webhook signing key: the `Webhook-Signature` header over `<t>.<raw body>`, and the public
/// key as a JWK for the JWKS endpoint (protocol §6.5, §7.1). The `kid` is `ds_` and the key's RFC 7638 thumbprint.
struct WebhookSigner: Sendable {
    let key: Curve25519.Signing.PrivateKey
    let kid: String

    init(rawKey: [UInt8]) throws {
        key = try Curve25519.Signing.PrivateKey(rawRepresentation: rawKey)
        let thumbprintInput =
            #"{"crv":"Ed25519","kty":"OKP","x":"\#(Self.base64URL(key.publicKey.rawRepresentation))"}"#
        kid = "ds_" + Self.base64URL(Data(SHA256.hash(data: Data(thumbprintInput.utf8))))
    }

    /// A fresh key's raw representation (32 bytes).
    static func newRawKey() -> [UInt8] {
        Array(Curve25519.Signing.PrivateKey().rawRepresentation)
    }

    /// The header value for `body` sent at `timestamp` (seconds since 1970).
    func signature(for body: [UInt8], at timestamp: Int64) throws -> String {
        let signed = Data("\(timestamp).".utf8) + Data(body)
        let signature = try key.signature(for: signed)
        return "t=\(timestamp),kid=\(kid),ed25519=\(Self.base64URL(signature))"
    }

    /// The public key as a JWK.
    var jwk: [String: String] {
        [
            "kty": "OKP", "crv": "Ed25519", "kid": kid, "use": "sig", "alg": "EdDSA",
            "x": Self.base64URL(key.publicKey.rawRepresentation),
        ]
    }

    static func base64URL(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
