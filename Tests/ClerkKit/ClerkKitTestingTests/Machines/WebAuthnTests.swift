import Crypto
import Foundation
import Testing

@testable import ClerkKitTesting

/// CBOR, authenticator data and the relying party's checks, byte by byte: what a correct authenticator sends is
/// accepted; every single deviation is refused with its reason; hostile bytes never trap.
@Suite("WebAuthn: CBOR, authenticator data and the relying party's checks")
struct WebAuthnTests {
    static let rp = "example.com"
    @available(OS2023, *)
    static let verifier = WebAuthnVerifier(relyingPartyID: rp)
    static let challenge = Array(repeating: UInt8(7), count: 32)

    @available(OS2023, *)
    static func clientData(type: String = "webauthn.create", challenge: [UInt8] = challenge, origin: String? = nil)
        -> [UInt8]
    {
        let json: JSON = [
            "type": .string(type), "challenge": .string(Base64URL.encode(challenge)),
            "origin": .string(origin ?? "https://" + rp),
        ]
        return Array(json.serialized)
    }

    @available(OS2023, *)
    static func attestation(
        key: P256.Signing.PrivateKey, rp: String = rp, flags: UInt8 = AuthenticatorData.userPresent,
        format: String = "none"
    ) -> [UInt8] {
        let data = AuthenticatorData(
            relyingPartyID: rp, flags: flags, signCount: 0, credentialID: [1, 2, 3, 4], publicKey: key.publicKey)
        return CBOR.map([
            .init(key: .text("fmt"), value: .text(format)), .init(key: .text("attStmt"), value: .map([])),
            .init(key: .text("authData"), value: .bytes(data.encoded)),
        ]).encoded
    }

    @available(OS2023, *)
    @Test(arguments: [
        CBOR.int(0), .int(23), .int(24), .int(255), .int(256), .int(65_536), .int(Int64.max), .int(-1), .int(-25),
        .int(Int64.min), .bytes([]), .bytes(Array(repeating: 9, count: 300)), .text("passkey ✓"),
        .array([.int(1), .text("a"), .array([])]), .map([.init(key: .int(-2), value: .bytes([1]))]),
    ])
    func cborRoundTrips(_ value: CBOR) throws {
        #expect(try CBOR.decodeWhole(value.encoded) == value)
    }

    @available(OS2023, *)
    @Test func everyTruncationAndRandomBytesAreErrorsNotTraps() {
        let whole = Self.attestation(key: P256.Signing.PrivateKey())
        for length in 0..<whole.count {
            #expect(throws: CBOR.DecodingError.self) { try CBOR.decodeWhole(Array(whole[0..<length])) }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255) }
            _ = try? CBOR.decodeWhole(bytes)
            _ = try? AuthenticatorData(parsing: bytes)
        }
        // A length claiming more than the input is refused before any allocation.
        #expect(throws: CBOR.DecodingError.self) {
            try CBOR.decodeWhole([0x9B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        }
        #expect(throws: CBOR.DecodingError.self) { try CBOR.decodeWhole(Array(repeating: 0x81, count: 64) + [0]) }
    }

    @available(OS2023, *)
    @Test func aCorrectRegistrationIsAcceptedAndEachDeviationRefused() throws {
        let key = P256.Signing.PrivateKey()
        let good = Self.verifier.register(
            attestationObject: Self.attestation(key: key), clientDataJSON: Self.clientData(), challenge: Self.challenge)
        let registered = try good.get()
        #expect(registered.credentialID == [1, 2, 3, 4])
        #expect(registered.publicKey.rawRepresentation == key.publicKey.rawRepresentation)
        let cases: [(String, [UInt8], [UInt8])] = [
            ("challenge", Self.attestation(key: key), Self.clientData(challenge: [1])),
            ("type", Self.attestation(key: key), Self.clientData(type: "webauthn.get")),
            ("origin", Self.attestation(key: key), Self.clientData(origin: "https://evil.example")),
            ("relying party", Self.attestation(key: key, rp: "evil.example"), Self.clientData()),
            ("present", Self.attestation(key: key, flags: 0), Self.clientData()),
            ("none attestation", Self.attestation(key: key, format: "packed"), Self.clientData()),
            ("CBOR", [0xFF], Self.clientData()),
            ("JSON", Self.attestation(key: key), Array("{".utf8)),
        ]
        for (what, object, client) in cases {
            let result = Self.verifier.register(
                attestationObject: object, clientDataJSON: client, challenge: Self.challenge)
            guard case .failure(let error) = result else {
                Issue.record("\(what) was accepted")
                continue
            }
            #expect(error.code == "passkey_verification_failed", "\(what)")
        }
    }

    @available(OS2023, *)
    @Test func assertionsNeedTheKeysSignatureAndAGrowingCounter() throws {
        let key = P256.Signing.PrivateKey()
        func assertion(count: UInt32, signer: P256.Signing.PrivateKey = key) throws -> ([UInt8], [UInt8], [UInt8]) {
            let data = AuthenticatorData(
                relyingPartyID: Self.rp, flags: AuthenticatorData.userPresent, signCount: count
            ).encoded
            let client = Self.clientData(type: "webauthn.get")
            let signature = try signer.signature(for: Data(data + Array(SHA256.hash(data: client)))).derRepresentation
            return (data, client, Array(signature))
        }
        func check(_ parts: ([UInt8], [UInt8], [UInt8]), stored: UInt32) -> Result<UInt32, FAPIError> {
            Self.verifier.assert(
                authenticatorData: parts.0, clientDataJSON: parts.1, signature: parts.2, challenge: Self.challenge,
                publicKey: key.publicKey, storedSignCount: stored)
        }
        #expect(try check(assertion(count: 5), stored: 4).get() == 5)
        #expect(try check(assertion(count: 0), stored: 0).get() == 0)  // authenticators that do not count
        #expect(throws: FAPIError.self) { try check(assertion(count: 4), stored: 4).get() }
        #expect(throws: FAPIError.self) { try check(assertion(count: 0), stored: 3).get() }
        #expect(throws: FAPIError.self) {
            try check(assertion(count: 9, signer: P256.Signing.PrivateKey()), stored: 1).get()
        }
        var tampered = try assertion(count: 7)
        tampered.0[32] |= AuthenticatorData.userVerified  // a flag changed after signing
        #expect(throws: FAPIError.self) { try check(tampered, stored: 1).get() }
    }
}
