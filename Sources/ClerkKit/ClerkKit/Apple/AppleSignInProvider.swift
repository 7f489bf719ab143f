#if canImport(AuthenticationServices) && !os(watchOS)
import AuthenticationServices

/// An ``AppleIDProvider`` on `ASAuthorizationAppleIDProvider`: the system's Sign in with Apple sheet. Not
/// compiled on Linux.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, *)
public struct AppleSignInProvider: AppleIDProvider {
    /// Creates a provider.
    public init() {}

    /// Shows the sheet and returns the identity token and, when shared, the name.
    public func credential(includeName: Bool) async throws(ClerkError) -> AppleIDCredential {
        guard case .appleID(let token?, let first, let last) = try await Self.show(includeName: includeName) else {
            throw ClerkError(.invalidResponse, "Apple returned no identity token.")
        }
        return AppleIDCredential(identityToken: token, firstName: first, lastName: last)
    }

    @MainActor
    private static func show(includeName: Bool) async throws(ClerkError) -> AuthorizationAnswer {
        let request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = includeName ? [.fullName, .email] : [.email]
        return try await AuthorizationSheet.run([request])
    }
}
#endif
