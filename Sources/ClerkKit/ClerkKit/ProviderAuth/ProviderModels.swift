/// An OAuth provider to sign in with (`oauth_<rawValue>` on the wire).
@available(OS2023, *)
public struct OAuthProvider: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The provider's name in Clerk, for example `google` or `custom_acme`.
    public var rawValue: String

    /// A provider by its Clerk name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Google.
    public static let google = OAuthProvider(rawValue: "google")
    /// GitHub.
    public static let github = OAuthProvider(rawValue: "github")
    /// Apple, through the browser (for the native sheet use ``Auth/signInWithApple(using:transferable:unsafeMetadata:)``).
    public static let apple = OAuthProvider(rawValue: "apple")
    /// Microsoft.
    public static let microsoft = OAuthProvider(rawValue: "microsoft")
    /// GitLab.
    public static let gitlab = OAuthProvider(rawValue: "gitlab")
    /// Discord.
    public static let discord = OAuthProvider(rawValue: "discord")
    /// LinkedIn (OpenID Connect).
    public static let linkedIn = OAuthProvider(rawValue: "linkedin_oidc")
    /// A custom provider set up in the dashboard as `custom_<key>`.
    public static func custom(_ key: String) -> OAuthProvider { OAuthProvider(rawValue: "custom_" + key) }

    /// `oauth_<rawValue>`.
    public var strategy: String { "oauth_" + rawValue }
    /// The provider's name.
    public var description: String { rawValue }
}

/// A provider whose ID tokens Clerk accepts (`oauth_token_<rawValue>`).
@available(OS2023, *)
public enum IDTokenProvider: String, Hashable, Sendable, CaseIterable {
    /// Sign in with Apple.
    case apple
    /// Google Sign-In.
    case google

    /// `oauth_token_<rawValue>`.
    public var strategy: String { "oauth_token_" + rawValue }
}

/// How a provider flow ended: signed in (or on the way, for example at a second factor), or a sign-up that
/// continues (for example because it still needs a username).
@available(OS2023, *)
public enum TransferFlowResult: Sendable, Hashable {
    /// The flow ended in a sign-in.
    case signIn(SignIn)
    /// The flow ended in a sign-up.
    case signUp(SignUp)

    /// The session the flow created, if it completed.
    public var createdSessionId: String? {
        switch self {
        case .signIn(let signIn): signIn.createdSessionId
        case .signUp(let signUp): signUp.createdSessionId
        }
    }
}
