public import ClerkKit

@available(OS2023, *)
extension ClerkEmulator {
    /// Registers a passkey for the user, as if an authenticator had created it; returns its id.
    @discardableResult
    public func addPasskey(userId: String, name: String = "iPhone") throws(ClerkError) -> String {
        let id = IDs.make("pk")
        try updateUser(userId) { user, now in
            user.passkeys.append(PasskeyRecord(id: id, name: name, createdAt: now, updatedAt: now))
        }
        return id
    }

    /// Connects an OAuth account (`provider` such as `google`) to the user, as if they had signed in with it;
    /// returns its id.
    @discardableResult
    public func addExternalAccount(userId: String, provider: String, emailAddress: String) throws(ClerkError) -> String
    {
        let id = IDs.make("eac")
        try updateUser(userId) { user, now in
            user.externalAccounts.append(
                ExternalAccountRecord(
                    id: id, provider: provider, providerUserId: IDs.random(21), emailAddress: emailAddress,
                    createdAt: now))
        }
        return id
    }
}
