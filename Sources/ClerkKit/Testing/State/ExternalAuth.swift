/// An account at an OAuth, SSO or ID-token provider, as the provider vouches for it.
@available(OS2023, *)
struct ProviderIdentity: Sendable, Equatable {
    /// `google`, `github`, `apple`, … or `enterprise_sso`.
    var provider: String
    /// The provider's stable id of the account (`sub`).
    var providerUserId: String
    var emailAddress: String
    var firstName: String?
    var lastName: String?

    /// The strategy a sign-in or sign-up with this identity verifies: `oauth_<provider>` or `enterprise_sso`.
    var strategy: String { provider == "enterprise_sso" ? "enterprise_sso" : "oauth_\(provider)" }
}

/// A browser round trip in progress: started by a sign-in or sign-up of one client, identified by the `state`
/// the provider hands back to `/v1/oauth_callback`.
@available(OS2023, *)
struct ExternalFlow: Sendable, Equatable {
    enum Target: Sendable, Equatable {
        case signIn(String)
        case signUp(String)
    }

    var state: String
    /// `google`, … or `enterprise_sso`.
    var provider: String
    var target: Target
    var clientId: String
    /// Where the browser goes at the end (the app's callback).
    var redirectURL: String
    var expireAt: Millis
    /// The provider approved: the code `/v1/oauth_callback` exchanges, and the account it stands for.
    var code: String?
    var identity: ProviderIdentity?
}

/// A one-time value the app exchanges, on its next reload of the sign-in or sign-up, for a rotated device token.
@available(OS2023, *)
struct RotatingNonce: Sendable, Equatable {
    var clientId: String
    var expireAt: Millis
}
