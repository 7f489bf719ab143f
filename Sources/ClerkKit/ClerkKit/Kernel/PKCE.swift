import Foundation

/// A PKCE pair (RFC 7636): a random verifier kept on the device and its S256 challenge, sent when a flow starts.
@available(OS2023, *)
struct PKCE: Sendable, Hashable, Codable {
    /// 43 base64url characters (32 random bytes).
    let verifier: String

    /// `BASE64URL(SHA256(verifier))`.
    var challenge: String { Self.challenge(for: verifier) }

    /// A new pair from 32 bytes of `randomness`.
    init(randomness: any ClerkRandomness) {
        verifier = Base64URL.encode(randomness.bytes(32))
    }

    init(verifier: String) {
        self.verifier = verifier
    }

    static func challenge(for verifier: String) -> String {
        Base64URL.encode(SHA256Digest.hash(Array(verifier.utf8)))
    }
}
