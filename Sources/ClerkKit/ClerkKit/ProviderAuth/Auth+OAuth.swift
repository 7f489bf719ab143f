import Foundation

@available(OS2023, *)
extension Auth {
    /// Signs in with an OAuth provider: creates the sign-in, opens the provider's page through `authenticator`,
    /// and reloads the sign-in when the browser comes back (exchanging the `rotating_token_nonce` for the
    /// rotated device token).
    ///
    /// When the provider account has no user yet and `transferable` is true, a sign-up is created from it
    /// (`transfer=1`, with `unsafeMetadata`) and returned as ``TransferFlowResult/signUp(_:)``.
    ///
    /// - Throws: ``ClerkError/Code/authenticationCancelled`` when the browser was closed;
    ///   ``ClerkError/Code/invalidCallback`` when it came back somewhere else; ``ClerkError/Code/api`` with the
    ///   verification's error (for example `oauth_access_denied`) when the provider step failed.
    @discardableResult
    public func signInWithOAuth(
        provider: OAuthProvider, using authenticator: any WebAuthenticator, prefersEphemeralSession: Bool = false,
        transferable: Bool = true, unsafeMetadata: JSONValue? = nil
    ) async throws(ClerkError) -> TransferFlowResult {
        try await signInThroughBrowser(
            strategy: provider.strategy, identifier: nil,
            ProviderFlow(
                authenticator: authenticator, redirectURL: try redirectURL(for: authenticator),
                ephemeral: prefersEphemeralSession, transferable: transferable, unsafeMetadata: unsafeMetadata))
    }

    /// Signs in through the enterprise connection (SAML or OIDC) of `emailAddress`'s domain, like
    /// ``signInWithOAuth(provider:using:prefersEphemeralSession:transferable:unsafeMetadata:)``.
    @discardableResult
    public func signInWithEnterpriseSSO(
        emailAddress: String, using authenticator: any WebAuthenticator, prefersEphemeralSession: Bool = false,
        transferable: Bool = true, unsafeMetadata: JSONValue? = nil
    ) async throws(ClerkError) -> TransferFlowResult {
        try await signInThroughBrowser(
            strategy: FactorStrategy.enterpriseSSO.rawValue, identifier: emailAddress,
            ProviderFlow(
                authenticator: authenticator, redirectURL: try redirectURL(for: authenticator),
                ephemeral: prefersEphemeralSession, transferable: transferable, unsafeMetadata: unsafeMetadata))
    }

    /// Signs up with an OAuth provider. When someone already has the provider account and `transferable` is
    /// true, the flow signs them in instead (`transfer=1`) and returns ``TransferFlowResult/signIn(_:)``.
    @discardableResult
    public func signUpWithOAuth(
        provider: OAuthProvider, using authenticator: any WebAuthenticator, prefersEphemeralSession: Bool = false,
        transferable: Bool = true, unsafeMetadata: JSONValue? = nil
    ) async throws(ClerkError) -> TransferFlowResult {
        try await signUpThroughBrowser(
            strategy: provider.strategy, emailAddress: nil,
            ProviderFlow(
                authenticator: authenticator, redirectURL: try redirectURL(for: authenticator),
                ephemeral: prefersEphemeralSession, transferable: transferable, unsafeMetadata: unsafeMetadata))
    }

    /// Signs up through the enterprise connection of `emailAddress`'s domain.
    @discardableResult
    public func signUpWithEnterpriseSSO(
        emailAddress: String, using authenticator: any WebAuthenticator, prefersEphemeralSession: Bool = false,
        transferable: Bool = true, unsafeMetadata: JSONValue? = nil
    ) async throws(ClerkError) -> TransferFlowResult {
        try await signUpThroughBrowser(
            strategy: FactorStrategy.enterpriseSSO.rawValue, emailAddress: emailAddress,
            ProviderFlow(
                authenticator: authenticator, redirectURL: try redirectURL(for: authenticator),
                ephemeral: prefersEphemeralSession, transferable: transferable, unsafeMetadata: unsafeMetadata))
    }

    /// Reloads a sign-in after a provider callback, sending `rotating_token_nonce` (encoded once) when the
    /// callback had one.
    public func reload(_ signIn: SignIn, rotatingTokenNonce: String?) async throws(ClerkError) -> SignIn {
        let query: [(String, String?)] = rotatingTokenNonce.map { [("rotating_token_nonce", $0)] } ?? []
        return try await perform(
            FAPIRequest("GET", "/v1/client/sign_ins/\(FAPIRequest.segment(signIn.id))", query: query),
            as: SignIn.self)
    }

    /// Reloads a sign-up after a provider callback, sending `rotating_token_nonce` when the callback had one.
    public func reload(_ signUp: SignUp, rotatingTokenNonce: String?) async throws(ClerkError) -> SignUp {
        let query: [(String, String?)] = rotatingTokenNonce.map { [("rotating_token_nonce", $0)] } ?? []
        return try await perform(
            FAPIRequest("GET", "/v1/client/sign_ups/\(FAPIRequest.segment(signUp.id))", query: query),
            as: SignUp.self)
    }
}

/// What one provider flow was asked to do.
@available(OS2023, *)
struct ProviderFlow: Sendable {
    var authenticator: any WebAuthenticator
    var redirectURL: URL
    var ephemeral: Bool
    var transferable: Bool
    var unsafeMetadata: JSONValue?
}

@available(OS2023, *)
extension Auth {
    /// The authenticator's redirect URL, else the configured one.
    func redirectURL(for authenticator: any WebAuthenticator) throws(ClerkError) -> URL {
        guard let url = authenticator.redirectURL ?? clerk.configuration.options.redirectURL else {
            throw ClerkError(
                .invalidConfiguration, "No redirect URL: set ClerkOptions.redirectURL or use an authenticator with one."
            )
        }
        return url
    }

    /// Opens the provider page `verification` names and returns the callback's nonce.
    private func browse(_ verification: Verification?, _ flow: ProviderFlow) async throws(ClerkError) -> String? {
        guard let text = verification?.externalVerificationRedirectUrl, let url = URL(string: text) else {
            throw ClerkError(.invalidResponse, "The service sent no provider URL to open.")
        }
        let callback = try await flow.authenticator.authenticate(
            url: url, redirectURL: flow.redirectURL, prefersEphemeralSession: flow.ephemeral)
        return try ProviderVerification.nonce(in: callback, redirectURL: flow.redirectURL)
    }

    private func signInThroughBrowser(strategy: String, identifier: String?, _ flow: ProviderFlow)
        async throws(ClerkError) -> TransferFlowResult
    {
        let parameters = AuthParameters.CreateSignIn(
            strategy: strategy, identifier: identifier, redirectUrl: flow.redirectURL.absoluteString)
        let started = try await perform(
            try FAPIRequest("POST", "/v1/client/sign_ins", parameters: parameters), as: SignIn.self)
        let nonce = try await browse(started.firstFactorVerification, flow)
        return try await resolve(
            try await reload(started, rotatingTokenNonce: nonce), transferable: flow.transferable,
            unsafeMetadata: flow.unsafeMetadata)
    }

    /// Applies the verification of a sign-in that came back from a provider: done, transfer or failure.
    func resolve(_ signIn: SignIn, transferable: Bool, unsafeMetadata: JSONValue?) async throws(ClerkError)
        -> TransferFlowResult
    {
        switch ProviderVerification.next(signIn.firstFactorVerification, transferable: transferable) {
        case .done:
            return .signIn(signIn)
        case .fail(let error):
            throw Self.providerFailure(error)
        case .transfer:
            let parameters = AuthParameters.SignUpFields(unsafeMetadata: unsafeMetadata, transfer: true)
            return .signUp(
                try await perform(
                    try FAPIRequest("POST", "/v1/client/sign_ups", parameters: parameters), as: SignUp.self))
        }
    }

    private func signUpThroughBrowser(strategy: String, emailAddress: String?, _ flow: ProviderFlow)
        async throws(ClerkError) -> TransferFlowResult
    {
        let parameters = AuthParameters.SignUpFields(
            emailAddress: emailAddress, unsafeMetadata: flow.unsafeMetadata, strategy: strategy,
            redirectUrl: flow.redirectURL.absoluteString)
        let started = try await perform(
            try FAPIRequest("POST", "/v1/client/sign_ups", parameters: parameters), as: SignUp.self)
        let nonce = try await browse(started.verifications?.externalAccount, flow)
        return try await resolve(
            try await reload(started, rotatingTokenNonce: nonce), transferable: flow.transferable,
            unsafeMetadata: flow.unsafeMetadata)
    }

    /// Applies the external-account verification of a sign-up: done, transfer or failure.
    func resolve(_ signUp: SignUp, transferable: Bool, unsafeMetadata: JSONValue?) async throws(ClerkError)
        -> TransferFlowResult
    {
        switch ProviderVerification.next(signUp.verifications?.externalAccount, transferable: transferable) {
        case .done:
            return .signUp(signUp)
        case .fail(let error):
            throw Self.providerFailure(error)
        case .transfer:
            let parameters = AuthParameters.CreateSignIn(transfer: true)
            return .signIn(
                try await perform(
                    try FAPIRequest("POST", "/v1/client/sign_ins", parameters: parameters), as: SignIn.self))
        }
    }

    static func providerFailure(_ error: ClerkAPIError?) -> ClerkError {
        ClerkError(.api, error?.longMessage ?? error?.message ?? "The provider step failed.", apiError: error)
    }
}
