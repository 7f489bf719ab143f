import Crypto
import Foundation

/// The relying party's checks (WebAuthn Level 3 §7.1 and §7.2) on a registration or an assertion: client data
/// type, challenge and origin; the relying party id hash; user presence; the attestation format; the signature
/// with the stored key; the signature counter. Each failure names what did not match.
@available(OS2023, *)
struct WebAuthnVerifier: Sendable {
    var relyingPartyID: String
    /// `https://<relying party id>`.
    var origin: String { "https://" + relyingPartyID }

    /// A new credential: its id, key and counter.
    struct Registered: Sendable, Equatable {
        var credentialID: [UInt8]
        var publicKey: P256.Signing.PublicKey
        var signCount: UInt32

        static func == (lhs: Registered, rhs: Registered) -> Bool {
            lhs.credentialID == rhs.credentialID && lhs.signCount == rhs.signCount
                && lhs.publicKey.rawRepresentation == rhs.publicKey.rawRepresentation
        }
    }

    /// Checks a registration against `challenge`.
    func register(attestationObject: [UInt8], clientDataJSON: [UInt8], challenge: [UInt8]) -> Result<
        Registered, FAPIError
    > {
        if let failure = checkClientData(clientDataJSON, type: "webauthn.create", challenge: challenge) {
            return .failure(failure)
        }
        guard let object = try? CBOR.decodeWhole(attestationObject),
            case .bytes(let rawData)? = object[.text("authData")]
        else { return .failure(Self.failed("the attestation object is not CBOR with authData")) }
        guard object[.text("fmt")] == .text("none"), object[.text("attStmt")] == .map([]) else {
            return .failure(Self.failed("only the none attestation format is accepted"))
        }
        let data: AuthenticatorData
        switch checkedAuthenticatorData(rawData) {
        case .success(let parsed): data = parsed
        case .failure(let error): return .failure(error)
        }
        guard let credentialID = data.credentialID, let publicKey = data.publicKey else {
            return .failure(Self.failed("no credential was attested"))
        }
        return .success(Registered(credentialID: credentialID, publicKey: publicKey, signCount: data.signCount))
    }

    /// Checks an assertion against `challenge` and the stored key and counter; the new counter.
    func assert(
        authenticatorData rawData: [UInt8], clientDataJSON: [UInt8], signature: [UInt8], challenge: [UInt8],
        publicKey: P256.Signing.PublicKey, storedSignCount: UInt32
    ) -> Result<UInt32, FAPIError> {
        if let failure = checkClientData(clientDataJSON, type: "webauthn.get", challenge: challenge) {
            return .failure(failure)
        }
        let data: AuthenticatorData
        switch checkedAuthenticatorData(rawData) {
        case .success(let parsed): data = parsed
        case .failure(let error): return .failure(error)
        }
        let signed = Data(rawData + Array(SHA256.hash(data: clientDataJSON)))
        guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature),
            publicKey.isValidSignature(parsed, for: signed)
        else { return .failure(Self.failed("the signature does not verify")) }
        // A counter that does not grow (when either side counts) means a cloned authenticator.
        if data.signCount != 0 || storedSignCount != 0, data.signCount <= storedSignCount {
            return .failure(Self.failed("the signature counter did not increase"))
        }
        return .success(data.signCount)
    }

    private func checkClientData(_ json: [UInt8], type: String, challenge: [UInt8]) -> FAPIError? {
        guard let client = JSON.parseObject(String(decoding: json, as: UTF8.self)) else {
            return Self.failed("the client data is not JSON")
        }
        guard client["type"]?.stringValue == type else { return Self.failed("the client data type is not \(type)") }
        guard let sent = client["challenge"]?.stringValue, Base64URL.decode(sent).map(Array.init) == challenge else {
            return Self.failed("the challenge does not match")
        }
        guard client["origin"]?.stringValue == origin else { return Self.failed("the origin is not \(origin)") }
        return nil
    }

    /// `raw` parsed, for this relying party, with the user present.
    private func checkedAuthenticatorData(_ raw: [UInt8]) -> Result<AuthenticatorData, FAPIError> {
        let data: AuthenticatorData
        do throws(CBOR.DecodingError) {
            data = try AuthenticatorData(parsing: raw)
        } catch {
            return .failure(Self.failed(error.reason))
        }
        guard data.relyingPartyIDHash == Array(SHA256.hash(data: Data(relyingPartyID.utf8))) else {
            return .failure(Self.failed("the credential is for another relying party"))
        }
        guard data.flags & AuthenticatorData.userPresent != 0 else {
            return .failure(Self.failed("the user was not present"))
        }
        return .success(data)
    }

    static func failed(_ reason: String) -> FAPIError {
        FAPIError(
            status: 422, code: "passkey_verification_failed", message: "Passkey verification failed",
            longMessage: "The passkey could not be verified: \(reason).", paramName: "public_key_credential")
    }
}
