@available(OS2023, *)
extension Account {
    /// Fetches one of the user's passkeys (the list is ``User/passkeys``).
    public func passkey(_ passkeyId: String) async throws(ClerkError) -> Passkey {
        try await perform(FAPIRequest("GET", "/v1/me/passkeys/\(FAPIRequest.segment(passkeyId))"), as: Passkey.self)
    }

    /// Renames a passkey.
    @discardableResult
    public func renamePasskey(_ passkeyId: String, to name: String) async throws(ClerkError) -> Passkey {
        let request = try FAPIRequest(
            "PATCH", "/v1/me/passkeys/\(FAPIRequest.segment(passkeyId))", parameters: AccountParameters.Name(name: name)
        )
        return try await perform(request, as: Passkey.self)
    }

    /// Removes a passkey; it no longer signs the user in.
    @discardableResult
    public func deletePasskey(_ passkeyId: String) async throws(ClerkError) -> DeletedObject {
        try await perform(
            FAPIRequest("DELETE", "/v1/me/passkeys/\(FAPIRequest.segment(passkeyId))"), as: DeletedObject.self)
    }

    /// Disconnects an OAuth account (the list is ``User/externalAccounts``); the last way to sign in stays.
    @discardableResult
    public func deleteExternalAccount(_ externalAccountId: String) async throws(ClerkError) -> DeletedObject {
        try await perform(
            FAPIRequest("DELETE", "/v1/me/external_accounts/\(FAPIRequest.segment(externalAccountId))"),
            as: DeletedObject.self)
    }

    /// Starts authorizing an OAuth account again, with more scopes if given: open the returned account's
    /// `verification.externalVerificationRedirectUrl` in a browser; the provider redirects to `redirectUrl`.
    public func reauthorizeExternalAccount(
        _ externalAccountId: String, redirectUrl: String, additionalScopes: [String]? = nil
    ) async throws(ClerkError) -> ExternalAccount {
        let request = try FAPIRequest(
            "PATCH", "/v1/me/external_accounts/\(FAPIRequest.segment(externalAccountId))/reauthorize",
            parameters: AccountParameters.Reauthorize(redirectUrl: redirectUrl, additionalScope: additionalScopes))
        return try await perform(request, as: ExternalAccount.self)
    }
}
