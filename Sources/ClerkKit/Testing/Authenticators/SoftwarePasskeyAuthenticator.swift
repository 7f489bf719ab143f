public import ClerkKit
import Crypto
public import Foundation

/// A real software WebAuthn authenticator (P-256, ES256, `none` attestation) for tests and for platforms
/// without one: it makes credentials, keeps their private keys in a ``SecureStore`` (so a command-line app keeps
/// them between runs, owner-only with `FileSecureStore`), and signs assertions with a growing counter.
///
/// ``Behaviour`` turns it into a faulty or hostile authenticator, to test that the service refuses what it should.
@available(OS2023, *)
public actor SoftwarePasskeyAuthenticator: PasskeyAuthenticator {
    /// How the authenticator behaves.
    public enum Behaviour: Sendable, Hashable {
        /// As a correct authenticator does.
        case honest
        /// Signs for this relying party id instead of the one asked for (a phishing site's credential).
        case relyingParty(String)
        /// Changes a byte of every signature.
        case corruptSignature
        /// Sends the same counter again (a cloned authenticator).
        case repeatCounter
        /// The person declines every request.
        case decline
    }

    /// The store key credentials are kept under.
    public static let storeKey = "clerkSoftwarePasskeys"

    private struct Credential: Codable {
        var id: Data
        var relyingPartyID: String
        var userHandle: Data
        var privateKey: Data
        var signCount: UInt32
    }

    private let store: any SecureStore
    private var behaviour: Behaviour

    /// An authenticator whose credentials live in `store`.
    public init(store: any SecureStore = InMemorySecureStore(), behaviour: Behaviour = .honest) {
        self.store = store
        self.behaviour = behaviour
    }

    /// Changes how it behaves from now on.
    public func setBehaviour(_ behaviour: Behaviour) { self.behaviour = behaviour }

    /// The ids of the credentials it holds, for `relyingPartyID` if given.
    public func credentialIDs(for relyingPartyID: String? = nil) throws(ClerkError) -> [Data] {
        try credentials().filter { relyingPartyID == nil || $0.relyingPartyID == relyingPartyID }.map(\.id)
    }

    /// Makes a credential and attests it (`none`).
    public func register(_ request: PasskeyRegistrationRequest) async throws(ClerkError) -> PasskeyRegistration {
        if behaviour == .decline { throw ClerkError(.authenticationCancelled, "The passkey request was declined.") }
        var all = try credentials()
        if all.contains(where: { request.excludedCredentialIDs.contains($0.id) }) {
            throw ClerkError(.invalidState, "This authenticator already holds a passkey for the account.")
        }
        let key = P256.Signing.PrivateKey()
        let id = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
        let rp = claimedRelyingParty(request.relyingPartyID)
        let data = AuthenticatorData(
            relyingPartyID: rp, flags: AuthenticatorData.userPresent | AuthenticatorData.userVerified, signCount: 0,
            credentialID: Array(id), publicKey: key.publicKey)
        let attestation = CBOR.map([
            .init(key: .text("fmt"), value: .text("none")), .init(key: .text("attStmt"), value: .map([])),
            .init(key: .text("authData"), value: .bytes(data.encoded)),
        ])
        all.append(
            Credential(
                id: id, relyingPartyID: request.relyingPartyID, userHandle: request.userID,
                privateKey: key.rawRepresentation, signCount: 0))
        try save(all)
        return PasskeyRegistration(
            credentialID: id, attestationObject: Data(attestation.encoded),
            clientDataJSON: clientData("webauthn.create", request.challenge, rp))
    }

    /// Signs the challenge with the first allowed credential it holds for the relying party.
    public func assert(_ request: PasskeyAssertionRequest, autofill: Bool) async throws(ClerkError)
        -> PasskeyAssertion
    {
        if behaviour == .decline { throw ClerkError(.authenticationCancelled, "The passkey request was declined.") }
        var all = try credentials()
        guard
            let index = all.firstIndex(where: {
                $0.relyingPartyID == request.relyingPartyID
                    && (request.allowedCredentialIDs.isEmpty || request.allowedCredentialIDs.contains($0.id))
            })
        else { throw ClerkError(.invalidState, "No passkey for \(request.relyingPartyID) on this authenticator.") }
        if behaviour != .repeatCounter { all[index].signCount += 1 }
        let credential = all[index]
        let rp = claimedRelyingParty(request.relyingPartyID)
        let data = AuthenticatorData(
            relyingPartyID: rp, flags: AuthenticatorData.userPresent | AuthenticatorData.userVerified,
            signCount: credential.signCount
        ).encoded
        let clientDataJSON = clientData("webauthn.get", request.challenge, rp)
        let signature: Data
        do {
            let key = try P256.Signing.PrivateKey(rawRepresentation: credential.privateKey)
            signature = try key.signature(for: Data(data + Array(SHA256.hash(data: clientDataJSON)))).derRepresentation
        } catch {
            throw ClerkError(.storage, "A stored passkey is unreadable.", underlying: error)
        }
        try save(all)
        var sent = signature
        if behaviour == .corruptSignature, let last = sent.indices.last { sent[last] ^= 0x01 }
        return PasskeyAssertion(
            credentialID: credential.id, authenticatorData: Data(data), clientDataJSON: clientDataJSON,
            signature: sent, userHandle: credential.userHandle)
    }

    private func claimedRelyingParty(_ asked: String) -> String {
        if case .relyingParty(let other) = behaviour { return other }
        return asked
    }

    private func clientData(_ type: String, _ challenge: Data, _ relyingPartyID: String) -> Data {
        let json: JSON = [
            "type": .string(type), "challenge": .string(Base64URL.encode(challenge)),
            "origin": .string("https://" + relyingPartyID), "crossOrigin": false,
        ]
        return json.serialized
    }

    private func credentials() throws(ClerkError) -> [Credential] {
        guard let data = try store.data(forKey: Self.storeKey) else { return [] }
        do {
            return try JSONDecoder().decode([Credential].self, from: data)
        } catch {
            throw ClerkError(.storage, "The stored passkeys are unreadable.", underlying: error)
        }
    }

    private func save(_ credentials: [Credential]) throws(ClerkError) {
        do {
            try store.set(try JSONEncoder().encode(credentials), forKey: Self.storeKey)
        } catch let error as ClerkError {
            throw error
        } catch {
            throw ClerkError(.storage, "The passkeys could not be stored.", underlying: error)
        }
    }
}
