#if canImport(AuthenticationServices) && (os(iOS) || os(macOS))
import AuthenticationServices

/// A ``PasskeyAuthenticator`` on `ASAuthorizationPlatformPublicKeyCredentialProvider`: the system's passkey
/// sheet (iCloud Keychain and other providers). Needs a `webcredentials:` associated domain for the relying party.
/// Not compiled on Linux.
@available(macOS 14.0, iOS 17.0, *)
public struct ASPasskeyAuthenticator: PasskeyAuthenticator {
    /// Creates an authenticator.
    public init() {}

    /// Creates a passkey through the system sheet.
    public func register(_ request: PasskeyRegistrationRequest) async throws(ClerkError) -> PasskeyRegistration {
        guard case .registration(let id, let attestation?, let clientData) = try await Self.register(request) else {
            throw ClerkError(.invalidResponse, "The passkey provider returned no attestation.")
        }
        return PasskeyRegistration(credentialID: id, attestationObject: attestation, clientDataJSON: clientData)
    }

    /// Signs the challenge through the system sheet (or the keyboard's suggestions with `autofill` on iOS).
    public func assert(_ request: PasskeyAssertionRequest, autofill: Bool) async throws(ClerkError)
        -> PasskeyAssertion
    {
        guard
            case .assertion(let id, let data, let clientData, let signature, let user) = try await Self.assert(
                request, autofill: autofill)
        else { throw ClerkError(.invalidResponse, "The passkey provider returned another kind of credential.") }
        return PasskeyAssertion(
            credentialID: id, authenticatorData: data, clientDataJSON: clientData, signature: signature,
            userHandle: user)
    }

    @MainActor
    private static func register(_ request: PasskeyRegistrationRequest) async throws(ClerkError)
        -> AuthorizationAnswer
    {
        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(
            relyingPartyIdentifier: request.relyingPartyID)
        let registration = provider.createCredentialRegistrationRequest(
            challenge: request.challenge, name: request.userName, userID: request.userID)
        if #available(iOS 17.4, macOS 14.4, *) {
            registration.excludedCredentials = request.excludedCredentialIDs.map {
                ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: $0)
            }
        }
        return try await AuthorizationSheet.run([registration])
    }

    @MainActor
    private static func assert(_ request: PasskeyAssertionRequest, autofill: Bool) async throws(ClerkError)
        -> AuthorizationAnswer
    {
        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(
            relyingPartyIdentifier: request.relyingPartyID)
        let assertion = provider.createCredentialAssertionRequest(challenge: request.challenge)
        assertion.allowedCredentials = request.allowedCredentialIDs.map {
            ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: $0)
        }
        return try await AuthorizationSheet.run([assertion], autofill: autofill)
    }
}
#endif
