import Crypto
import Foundation

/// WebAuthn authenticator data: `rpIdHash (32) | flags (1) | signCount (4, big-endian)` then, when the AT flag is
/// set, `aaguid (16) | credentialIdLength (2) | credentialId | credentialPublicKey (COSE)`.
@available(OS2023, *)
struct AuthenticatorData: Sendable {
    static let userPresent: UInt8 = 0x01
    static let userVerified: UInt8 = 0x04
    static let attestedCredential: UInt8 = 0x40

    var relyingPartyIDHash: [UInt8]
    var flags: UInt8
    var signCount: UInt32
    var credentialID: [UInt8]?
    /// The credential's COSE key (EC2, ES256, P-256), when one is attested.
    var publicKey: P256.Signing.PublicKey?

    /// Builds authenticator data for `relyingPartyID`.
    init(
        relyingPartyID: String, flags: UInt8, signCount: UInt32, credentialID: [UInt8]? = nil,
        publicKey: P256.Signing.PublicKey? = nil
    ) {
        relyingPartyIDHash = Array(SHA256.hash(data: Data(relyingPartyID.utf8)))
        self.flags = flags | (credentialID == nil ? 0 : Self.attestedCredential)
        self.signCount = signCount
        self.credentialID = credentialID
        self.publicKey = publicKey
    }

    /// Parses `bytes`; nil with the reason when they are not authenticator data.
    init(parsing bytes: [UInt8]) throws(CBOR.DecodingError) {
        guard bytes.count >= 37 else { throw CBOR.DecodingError(reason: "authenticator data is too short") }
        relyingPartyIDHash = Array(bytes[0..<32])
        flags = bytes[32]
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        guard flags & Self.attestedCredential != 0 else {
            guard bytes.count == 37 else { throw CBOR.DecodingError(reason: "authenticator data has extra bytes") }
            return
        }
        guard bytes.count >= 55 else { throw CBOR.DecodingError(reason: "attested credential data is truncated") }
        let length = Int(bytes[53]) << 8 | Int(bytes[54])
        guard length > 0, length <= bytes.count - 55 else {
            throw CBOR.DecodingError(reason: "credential id length is out of range")
        }
        credentialID = Array(bytes[55..<(55 + length)])
        let (key, used) = try CBOR.decode(bytes, at: 55 + length)
        guard 55 + length + used == bytes.count else {
            throw CBOR.DecodingError(reason: "authenticator data has extra bytes")
        }
        publicKey = try Self.p256(key)
    }

    /// The bytes.
    var encoded: [UInt8] {
        var output = relyingPartyIDHash + [flags]
        output += (0..<4).reversed().map { UInt8(truncatingIfNeeded: signCount >> (UInt32($0) * 8)) }
        if let credentialID, let publicKey {
            output += [UInt8](repeating: 0, count: 16)
            output += [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)] + credentialID
            output += Self.cose(publicKey).encoded
        }
        return output
    }

    /// A P-256 public key as a COSE_Key: `{1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}`.
    static func cose(_ key: P256.Signing.PublicKey) -> CBOR {
        let raw = Array(key.rawRepresentation)
        return .map([
            .init(key: .int(1), value: .int(2)), .init(key: .int(3), value: .int(-7)),
            .init(key: .int(-1), value: .int(1)), .init(key: .int(-2), value: .bytes(Array(raw[0..<32]))),
            .init(key: .int(-3), value: .bytes(Array(raw[32..<64]))),
        ])
    }

    private static func p256(_ key: CBOR) throws(CBOR.DecodingError) -> P256.Signing.PublicKey {
        guard key[.int(1)] == .int(2), key[.int(3)] == .int(-7), key[.int(-1)] == .int(1),
            case .bytes(let x)? = key[.int(-2)], case .bytes(let y)? = key[.int(-3)], x.count == 32, y.count == 32,
            let publicKey = try? P256.Signing.PublicKey(rawRepresentation: x + y)
        else { throw CBOR.DecodingError(reason: "the credential key is not an ES256 P-256 COSE key") }
        return publicKey
    }
}
