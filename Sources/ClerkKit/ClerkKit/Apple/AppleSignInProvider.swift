#if canImport(AuthenticationServices) && !os(watchOS)
import AuthenticationServices
import Foundation

/// An ``AppleIDProvider`` on `ASAuthorizationAppleIDProvider`: the system's Sign in with Apple sheet. Not
/// compiled on Linux.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, *)
public struct AppleSignInProvider: AppleIDProvider {
    /// Creates a provider.
    public init() {}

    /// Shows the sheet and returns the identity token and, when shared, the name.
    public func credential(includeName: Bool) async throws(ClerkError) -> AppleIDCredential {
        let result: Result<AppleIDCredential, ClerkError> = await withCheckedContinuation { continuation in
            Task { @MainActor in
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.requestedScopes = includeName ? [.fullName, .email] : [.email]
                let delegate = AppleSheetDelegate { continuation.resume(returning: $0) }
                let controller = ASAuthorizationController(authorizationRequests: [request])
                controller.delegate = delegate
                delegate.controller = controller
                controller.performRequests()
            }
        }
        return try result.get()
    }
}

/// Receives the sheet's answer; keeps itself and the controller alive until then.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, *)
@MainActor
private final class AppleSheetDelegate: NSObject, ASAuthorizationControllerDelegate {
    private var finish: ((Result<AppleIDCredential, ClerkError>) -> Void)?
    private var keepAlive: AppleSheetDelegate?
    var controller: ASAuthorizationController?

    init(finish: @escaping (Result<AppleIDCredential, ClerkError>) -> Void) {
        self.finish = finish
        super.init()
        keepAlive = self
    }

    nonisolated func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        let credential = authorization.credential as? ASAuthorizationAppleIDCredential
        let token = credential?.identityToken.map { String(decoding: $0, as: UTF8.self) }
        let answer = AppleIDCredential(
            identityToken: token ?? "", firstName: credential?.fullName?.givenName,
            lastName: credential?.fullName?.familyName)
        MainActor.assumeIsolated {
            complete(
                token == nil
                    ? .failure(ClerkError(.invalidResponse, "Apple returned no identity token.")) : .success(answer))
        }
    }

    nonisolated func authorizationController(
        controller: ASAuthorizationController, didCompleteWithError error: any Error
    ) {
        let cancelled = (error as? ASAuthorizationError)?.code == .canceled
        let message = "\(error)"
        MainActor.assumeIsolated {
            complete(
                .failure(
                    cancelled
                        ? ClerkError(.authenticationCancelled, "Sign in with Apple was dismissed.")
                        : ClerkError(.transport, "Sign in with Apple failed: \(message)")))
        }
    }

    private func complete(_ result: Result<AppleIDCredential, ClerkError>) {
        finish?(result)
        finish = nil
        keepAlive = nil
        controller = nil
    }
}
#endif
