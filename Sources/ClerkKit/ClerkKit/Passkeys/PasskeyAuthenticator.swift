public import Foundation

/// Creates passkeys and signs WebAuthn challenges with them: `ASPasskeyAuthenticator`
/// (AuthenticationServices) on Apple platforms, `SoftwarePasskeyAuthenticator` (`ClerkKitTesting`, P-256) in
/// tests and on Linux.
@available(OS2023, *)
public protocol PasskeyAuthenticator: Sendable {
    /// Creates a credential for `request` (WebAuthn `navigator.credentials.create`).
    ///
    /// - Throws: ``ClerkError/Code/authenticationCancelled`` when the person declines.
    func register(_ request: PasskeyRegistrationRequest) async throws(ClerkError) -> PasskeyRegistration

    /// Signs `request`'s challenge with one of the allowed credentials (any of the relying party's when the list
    /// is empty). `autofill` asks for the quiet, keyboard-suggestion style of request where the platform has one.
    func assert(_ request: PasskeyAssertionRequest, autofill: Bool) async throws(ClerkError) -> PasskeyAssertion
}

/// What the service asks a new passkey to be made for (`PublicKeyCredentialCreationOptions`).
@available(OS2023, *)
public struct PasskeyRegistrationRequest: Sendable, Hashable {
    /// The challenge to sign into the client data.
    public var challenge: Data
    /// The relying party id (a domain).
    public var relyingPartyID: String
    /// The relying party's name, for the platform's sheet.
    public var relyingPartyName: String
    /// The user handle the credential is bound to.
    public var userID: Data
    /// The account name shown in the platform's sheet.
    public var userName: String
    /// Credentials the user already has, which must not be made again.
    public var excludedCredentialIDs: [Data]

    /// Creates a request.
    public init(
        challenge: Data, relyingPartyID: String, relyingPartyName: String, userID: Data, userName: String,
        excludedCredentialIDs: [Data] = []
    ) {
        self.challenge = challenge
        self.relyingPartyID = relyingPartyID
        self.relyingPartyName = relyingPartyName
        self.userID = userID
        self.userName = userName
        self.excludedCredentialIDs = excludedCredentialIDs
    }
}

/// A new credential (`AuthenticatorAttestationResponse`).
@available(OS2023, *)
public struct PasskeyRegistration: Sendable, Hashable {
    /// The credential id.
    public var credentialID: Data
    /// The CBOR attestation object (format, statement, authenticator data with the public key).
    public var attestationObject: Data
    /// The client data JSON the authenticator signed over.
    public var clientDataJSON: Data

    /// Creates a registration.
    public init(credentialID: Data, attestationObject: Data, clientDataJSON: Data) {
        self.credentialID = credentialID
        self.attestationObject = attestationObject
        self.clientDataJSON = clientDataJSON
    }
}

/// What the service asks a passkey to sign (`PublicKeyCredentialRequestOptions`).
@available(OS2023, *)
public struct PasskeyAssertionRequest: Sendable, Hashable {
    /// The challenge.
    public var challenge: Data
    /// The relying party id.
    public var relyingPartyID: String
    /// The credentials that may answer; empty lets the person pick any passkey for the relying party.
    public var allowedCredentialIDs: [Data]

    /// Creates a request.
    public init(challenge: Data, relyingPartyID: String, allowedCredentialIDs: [Data] = []) {
        self.challenge = challenge
        self.relyingPartyID = relyingPartyID
        self.allowedCredentialIDs = allowedCredentialIDs
    }
}

/// A signed challenge (`AuthenticatorAssertionResponse`).
@available(OS2023, *)
public struct PasskeyAssertion: Sendable, Hashable {
    /// The credential that signed.
    public var credentialID: Data
    /// The authenticator data (relying party hash, flags, signature counter).
    public var authenticatorData: Data
    /// The client data JSON.
    public var clientDataJSON: Data
    /// The signature over `authenticatorData || SHA-256(clientDataJSON)`.
    public var signature: Data
    /// The user handle stored with the credential.
    public var userHandle: Data?

    /// Creates an assertion.
    public init(
        credentialID: Data, authenticatorData: Data, clientDataJSON: Data, signature: Data, userHandle: Data?
    ) {
        self.credentialID = credentialID
        self.authenticatorData = authenticatorData
        self.clientDataJSON = clientDataJSON
        self.signature = signature
        self.userHandle = userHandle
    }
}
