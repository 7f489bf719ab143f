import Foundation

/// Which page a hosted sign-in opens.
@available(OS2023, *)
public enum HostedAuthMode: String, Sendable, Hashable, CaseIterable {
    /// The sign-in page.
    case signIn = "sign-in"
    /// The sign-up page.
    case signUp = "sign-up"
}

@available(OS2023, *)
extension Auth {
    /// Signs in on Clerk's hosted pages (the Account Portal) as clerk-ios does: a PKCE challenge (S256) and a
    /// random `state` go to `POST /v1/client/hosted_auth`; the returned page opens through `authenticator`; the
    /// browser must come back to the redirect URL with the same `state` and a `rotating_token_nonce`, which is
    /// redeemed with the verifier (`POST /v1/client`, `_method=GET`): this device takes over the signed-in client.
    ///
    /// - Returns: the session signed in on the page.
    /// - Throws: ``ClerkError/Code/invalidCallback`` when the `state` differs or the nonce is missing (nothing is
    ///   redeemed); ``ClerkError/Code/authenticationCancelled`` when the browser was closed;
    ///   ``ClerkError/Code/api`` when the service refuses the redemption (`pkce_verification_failed`).
    @discardableResult
    public func startHostedAuth(
        mode: HostedAuthMode = .signIn, using authenticator: any WebAuthenticator,
        prefersEphemeralSession: Bool = false
    ) async throws(ClerkError) -> Session {
        let redirect = try redirectURL(for: authenticator)
        let randomness = clerk.core.dependencies.randomness
        let pkce = PKCE(randomness: randomness)
        let state = Base64URL.encode(randomness.bytes(24))
        let parameters = AuthParameters.HostedAuth(
            redirectUrl: redirect.absoluteString, codeChallenge: pkce.challenge, state: state, mode: mode.rawValue)
        let page = try await perform(
            try FAPIRequest("POST", "/v1/client/hosted_auth", parameters: parameters), as: HostedAuthPage.self)
        guard let url = URL(string: page.url) else {
            throw ClerkError(.invalidResponse, "The service sent no hosted page to open.")
        }
        let callback = try await authenticator.authenticate(
            url: url, redirectURL: redirect, prefersEphemeralSession: prefersEphemeralSession)
        let nonce = try ProviderVerification.nonce(in: callback, redirectURL: redirect)
        let items = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard items.first(where: { $0.name == "state" })?.value == state else {
            throw ClerkError(.invalidCallback, "The hosted page came back with another state.")
        }
        guard let nonce else { throw ClerkError(.invalidCallback, "The hosted page came back without signing in.") }
        let redeem = FAPIRequest(
            "POST", "/v1/client",
            form: [("_method", "GET"), ("rotating_token_nonce", nonce), ("code_verifier", pkce.verifier)])
        _ = try await perform(redeem, as: Client.self)
        guard let session = clerk.session else {
            throw ClerkError(.invalidState, "The hosted page signed nobody in.")
        }
        return session
    }
}

/// `{object: "hosted_auth", url}`.
@available(OS2023, *)
struct HostedAuthPage: Decodable, Sendable {
    var url: String
}
