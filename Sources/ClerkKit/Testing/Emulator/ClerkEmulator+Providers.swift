public import ClerkKit

@available(OS2023, *)
extension ClerkEmulator {
    /// An account at an emulated OAuth, SSO or ID-token provider.
    public struct ProviderAccount: Sendable, Hashable {
        /// The account's email address (the provider vouches for it).
        public var emailAddress: String
        /// The provider's stable id of the account.
        public var providerUserId: String
        /// The given name the provider shares, if any.
        public var firstName: String?
        /// The family name the provider shares, if any.
        public var lastName: String?

        /// Creates an account; the provider's id defaults to one derived from the email address.
        public init(
            emailAddress: String, providerUserId: String? = nil, firstName: String? = nil, lastName: String? = nil
        ) {
            self.emailAddress = emailAddress
            self.providerUserId = providerUserId ?? "acct-" + emailAddress.lowercased()
            self.firstName = firstName
            self.lastName = lastName
        }
    }

    /// What an emulated provider answers on its consent step.
    public enum ConsentOutcome: Sendable, Hashable {
        /// The person signs in as `account` and grants access.
        case approve(ProviderAccount)
        /// The person declines (`error=access_denied`).
        case deny
    }

    /// Scripts the consent step of `provider` (`google`, `github`, … or `enterprise_sso`) for every later round
    /// trip; `nil` brings back the consent page a person answers in a browser.
    public func setConsent(_ outcome: ConsentOutcome?, for provider: String) throws(ClerkError) {
        var store = try requireStore()
        store.consentOutcomes[provider] = outcome
        self.store = store
    }

    /// An ID token the emulated `provider` (`apple` or `google`) issues for `account`, as Sign in with Apple or
    /// Google Sign-In hand one to the app: signed, for `audience` (the app's bundle id), valid for `lifetime`.
    public func identityToken(
        for account: ProviderAccount, provider: String = "apple", audience: String = "com.example.app",
        nonce: String? = nil, lifetime: Duration = .seconds(600)
    ) throws(ClerkError) -> String {
        let store = try requireStore()
        let identity = ProviderIdentity(
            provider: provider, providerUserId: account.providerUserId, emailAddress: account.emailAddress,
            firstName: account.firstName, lastName: account.lastName)
        do {
            return try store.identityTokens.issue(
                identity, audience: audience, nonce: nonce, now: nowMillis, lifetime: lifetime.clampedMillis)
        } catch {
            throw ClerkError(.emulator, "could not sign the ID token", underlying: error)
        }
    }
}
