import Crypto
import Foundation
import _CryptoExtras

/// Signs session tokens (RS256 JWTs) with the emulator's instance key and publishes the key as a JWKS.
///
/// Every emulator in a process signs with one RSA-2048 key, made on first use: making a key takes tens to hundreds
/// of milliseconds of CPU, and a test run starts hundreds of emulators, often on the main actor. Each instance still
/// has its own key id (`kid`), so a token names the instance that minted it.
@available(OS2023, *)
struct SessionTokenSigner: Sendable {
    /// The key id (`kid`) in every token header and in the JWKS.
    let keyId: String
    private let key: _RSA.Signing.PrivateKey

    /// The process's key, made once; a failure is kept and reported to every emulator that asks.
    private static let processKey = Result { try _RSA.Signing.PrivateKey(keySize: .bits2048) }

    init(keyId: String) throws {
        self.keyId = keyId
        key = try Self.processKey.get()
    }

    /// A compact JWS: `base64url(header).base64url(claims).base64url(signature)`.
    func sign(claims: JSON, originIssuedAt: Int64) throws -> String {
        try sign(signingInput: signingInput(claims: claims, originIssuedAt: originIssuedAt))
    }

    /// A token with these claims, signed when it is first read (``SessionToken``).
    func token(claims: JSON, originIssuedAt: Int64, issuedAt: Int64) -> SessionToken {
        SessionToken(
            signer: self, signingInput: signingInput(claims: claims, originIssuedAt: originIssuedAt),
            issuedAt: issuedAt)
    }

    /// `base64url(header).base64url(claims)`.
    func signingInput(claims: JSON, originIssuedAt: Int64) -> String {
        let header: JSON = [
            "alg": "RS256", "kid": .string(keyId), "typ": "JWT", "oiat": .int(originIssuedAt),
        ]
        return Base64URL.encode(header.serialized) + "." + Base64URL.encode(claims.serialized)
    }

    /// `signingInput` with its RS256 signature appended.
    func sign(signingInput input: String) throws -> String {
        let signature = try key.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5)
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// The JSON Web Key Set with the public key: `{"keys": [{"kty": "RSA", "use": "sig", …}]}`.
    func jwks() throws -> JSON {
        let primitives = try key.publicKey.getKeyPrimitives()
        return [
            "keys": [
                [
                    "use": "sig", "kty": "RSA", "kid": .string(keyId), "alg": "RS256",
                    "n": .string(Base64URL.encode(primitives.modulus)),
                    "e": .string(Base64URL.encode(primitives.publicExponent)),
                ]
            ]
        ]
    }

    /// The public key in PEM (SPKI), as Clerk's dashboard shows it for networkless verification.
    var publicKeyPEM: String { key.publicKey.pemRepresentation }
}

/// Base64url without padding (RFC 7515 §2).
@available(OS2023, *)
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        // Written straight into the text's buffer: every session token encodes its claims and its signature.
        let input = Array(bytes)
        let length = (input.count * 4 + 2) / 3
        return String(unsafeUninitializedCapacity: length) { output in
            var written = 0
            var index = 0
            while index < input.count {
                let remaining = input.count - index
                let first = UInt32(input[index])
                let second = remaining > 1 ? UInt32(input[index + 1]) : 0
                let third = remaining > 2 ? UInt32(input[index + 2]) : 0
                let group = first << 16 | second << 8 | third
                // Three bytes make four characters; one or two final bytes make two or three (no padding).
                var shift: UInt32 = 18
                for _ in 0...min(remaining, 3) {
                    output[written] = alphabet[Int(group >> shift & 0x3F)]
                    written += 1
                    shift &-= 6
                }
                index += 3
            }
            return written
        }
    }

    static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
