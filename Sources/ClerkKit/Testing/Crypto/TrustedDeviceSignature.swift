import Crypto
import Foundation

/// Checks trusted-device keys and signatures as the Frontend API does: the public key must be a canonical P-256
/// JWK, and a signature the raw 64-byte ECDSA (SHA-256) signature over `client_data`'s UTF-8 bytes.
@available(OS2023, *)
enum TrustedDeviceSignature {
    /// The key of a canonical JWK (`{"crv":"P-256","kty":"EC","x":…,"y":…}`, nothing else, in that order), or nil.
    static func publicKey(canonicalJWK text: String) -> P256.Signing.PublicKey? {
        guard let json = JSON.parseObject(text), case .object(let pairs) = json,
            pairs.map(\.0) == ["crv", "kty", "x", "y"], json["crv"]?.stringValue == "P-256",
            json["kty"]?.stringValue == "EC", let x = json["x"]?.stringValue.flatMap(Base64URL.decode),
            let y = json["y"]?.stringValue.flatMap(Base64URL.decode), x.count == 32, y.count == 32,
            let key = try? P256.Signing.PublicKey(x963Representation: [0x04] + Array(x) + Array(y)),
            Self.canonical(key) == text
        else { return nil }
        return key
    }

    /// The canonical JWK of `key`.
    static func canonical(_ key: P256.Signing.PublicKey) -> String {
        let point = Array(key.x963Representation)
        return
            #"{"crv":"P-256","kty":"EC","x":"\#(Base64URL.encode(point[1..<33]))","y":"\#(Base64URL.encode(point[33..<65]))"}"#
    }

    /// Whether base64url `signature` is `key`'s signature over `clientData`.
    static func verify(_ signature: String, clientData: String, key: P256.Signing.PublicKey) -> Bool {
        guard let raw = Base64URL.decode(signature), raw.count == 64,
            let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: raw)
        else { return false }
        return key.isValidSignature(parsed, for: Data(clientData.utf8))
    }
}
