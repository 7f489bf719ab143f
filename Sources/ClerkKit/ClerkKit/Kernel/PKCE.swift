import Foundation

/// A PKCE pair (RFC 7636): a random verifier kept on the device and its S256 challenge, sent when a flow starts.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
struct PKCE: Sendable, Hashable, Codable {
    /// 43 base64url characters (32 random bytes).
    let verifier: String

    /// `BASE64URL(SHA256(verifier))`.
    var challenge: String { Self.challenge(for: verifier) }

    /// A new pair from 32 bytes of `randomness`.
    init(randomness: any ClerkRandomness) {
        verifier = Self.base64URL(randomness.bytes(32))
    }

    init(verifier: String) {
        self.verifier = verifier
    }

    static func challenge(for verifier: String) -> String {
        base64URL(SHA256Digest.hash(Array(verifier.utf8)))
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
