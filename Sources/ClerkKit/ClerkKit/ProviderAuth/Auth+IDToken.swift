/// What Sign in with Apple hands the app: the identity token and, on the first sign-in only, the name.
@available(OS2023, *)
public struct AppleIDCredential: Sendable, Hashable {
    /// The identity token (a JWT signed by Apple).
    public var identityToken: String
    /// The given name, if the person shared it.
    public var firstName: String?
    /// The family name, if the person shared it.
    public var lastName: String?

    /// Creates a credential.
    public init(identityToken: String, firstName: String? = nil, lastName: String? = nil) {
        self.identityToken = identityToken
        self.firstName = firstName
        self.lastName = lastName
    }
}

/// Asks the person to sign in with their Apple ID: `AppleSignInProvider` (AuthenticationServices) on Apple
/// platforms; a scripted provider in tests.
@available(OS2023, *)
public protocol AppleIDProvider: Sendable {
    /// Shows the Sign in with Apple sheet and returns the credential. `includeName` asks for the full name.
    ///
    /// - Throws: ``ClerkError/Code/authenticationCancelled`` when the person dismisses the sheet.
    func credential(includeName: Bool) async throws(ClerkError) -> AppleIDCredential
}

@available(OS2023, *)
extension Auth {
    /// Signs in with an ID token from `provider` (`strategy=oauth_token_<provider>`). When the account has no user
    /// yet and `transferable` is true, a sign-up is created from it (`transfer=1`).
    @discardableResult
    public func signInWithIdToken(
        _ idToken: String, provider: IDTokenProvider, transferable: Bool = true, unsafeMetadata: JSONValue? = nil
    ) async throws(ClerkError) -> TransferFlowResult {
        let parameters = AuthParameters.CreateSignIn(strategy: provider.strategy, token: idToken)
        let signIn = try await perform(
            try FAPIRequest("POST", "/v1/client/sign_ins", parameters: parameters), as: SignIn.self)
        return try await resolve(signIn, transferable: transferable, unsafeMetadata: unsafeMetadata)
    }

    /// Signs up with an ID token from `provider`. When someone already has the account and `transferable` is
    /// true, the flow signs them in instead (`transfer=1`).
    @discardableResult
    public func signUpWithIdToken(
        _ idToken: String, provider: IDTokenProvider, firstName: String? = nil, lastName: String? = nil,
        transferable: Bool = true, unsafeMetadata: JSONValue? = nil
    ) async throws(ClerkError) -> TransferFlowResult {
        let parameters = AuthParameters.SignUpFields(
            firstName: firstName, lastName: lastName, unsafeMetadata: unsafeMetadata, strategy: provider.strategy,
            token: idToken)
        let signUp = try await perform(
            try FAPIRequest("POST", "/v1/client/sign_ups", parameters: parameters), as: SignUp.self)
        return try await resolve(signUp, transferable: transferable, unsafeMetadata: unsafeMetadata)
    }

    /// Signs in with Apple as clerk-ios does: with `transferable`, a sign-up is tried first (with the name
    /// Apple shared) and, when the instance restricts sign-ups (`sign_up_mode_restricted`,
    /// `sign_up_restricted_waitlist`), the same token signs in; without it, it only signs in.
    @discardableResult
    public func signInWithApple(
        using provider: any AppleIDProvider, transferable: Bool = true, unsafeMetadata: JSONValue? = nil
    ) async throws(ClerkError) -> TransferFlowResult {
        let names = clerk.environment?.userSettings?.attributes
        let wantsName = names.map { ($0["first_name"]?.enabled ?? false) || ($0["last_name"]?.enabled ?? false) }
        let credential = try await provider.credential(includeName: wantsName ?? true)
        guard transferable else {
            return try await signInWithIdToken(
                credential.identityToken, provider: .apple, transferable: false, unsafeMetadata: unsafeMetadata)
        }
        do throws(ClerkError) {
            return try await signUpWithIdToken(
                credential.identityToken, provider: .apple, firstName: credential.firstName,
                lastName: credential.lastName, transferable: true, unsafeMetadata: unsafeMetadata)
        } catch {
            guard let code = error.apiError?.code, Self.restrictedSignUpCodes.contains(code) else { throw error }
            return try await signInWithIdToken(
                credential.identityToken, provider: .apple, transferable: false, unsafeMetadata: unsafeMetadata)
        }
    }

    /// The sign-up refusals after which Sign in with Apple falls back to signing in.
    static let restrictedSignUpCodes: Set<String> = ["sign_up_mode_restricted", "sign_up_restricted_waitlist"]
}
