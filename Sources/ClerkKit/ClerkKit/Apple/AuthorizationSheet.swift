#if canImport(AuthenticationServices) && !os(watchOS)
import AuthenticationServices

/// What an authorization sheet returned, read out of the system's credential objects.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, *)
enum AuthorizationAnswer: Sendable {
    case appleID(token: String?, firstName: String?, lastName: String?)
    case registration(id: Data, attestation: Data?, clientData: Data)
    case assertion(id: Data, authenticatorData: Data, clientData: Data, signature: Data, userHandle: Data?)
    case other
}

/// Runs one `ASAuthorizationController` and hands back its answer, or the error mapped to a ``ClerkError``
/// (cancelling is ``ClerkError/Code/authenticationCancelled``). Keeps itself alive until then.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, *)
@MainActor
final class AuthorizationSheet: NSObject, ASAuthorizationControllerDelegate {
    private var finish: ((Result<AuthorizationAnswer, ClerkError>) -> Void)?
    private var controller: ASAuthorizationController?
    private var keepAlive: AuthorizationSheet?

    /// Shows the system sheet for `requests` (or, with `autofill` on iOS, the keyboard's passkey suggestions).
    static func run(_ requests: [ASAuthorizationRequest], autofill: Bool = false) async throws(ClerkError)
        -> AuthorizationAnswer
    {
        let result: Result<AuthorizationAnswer, ClerkError> = await withCheckedContinuation { continuation in
            let sheet = AuthorizationSheet()
            sheet.finish = { continuation.resume(returning: $0) }
            sheet.keepAlive = sheet
            let controller = ASAuthorizationController(authorizationRequests: requests)
            controller.delegate = sheet
            sheet.controller = controller
            #if os(iOS)
            if autofill {
                controller.performAutoFillAssistedRequests()
                return
            }
            #endif
            controller.performRequests()
        }
        return try result.get()
    }

    nonisolated func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        let answer = Self.answer(authorization.credential)
        MainActor.assumeIsolated { complete(.success(answer)) }
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
                        ? ClerkError(.authenticationCancelled, "The sign-in sheet was dismissed.")
                        : ClerkError(.transport, "The sign-in sheet failed: \(message)")))
        }
    }

    private nonisolated static func answer(_ credential: any ASAuthorizationCredential) -> AuthorizationAnswer {
        if let apple = credential as? ASAuthorizationAppleIDCredential {
            return .appleID(
                token: apple.identityToken.map { String(decoding: $0, as: UTF8.self) },
                firstName: apple.fullName?.givenName, lastName: apple.fullName?.familyName)
        }
        #if os(iOS) || os(macOS)
        if let created = credential as? ASAuthorizationPlatformPublicKeyCredentialRegistration {
            return .registration(
                id: created.credentialID, attestation: created.rawAttestationObject,
                clientData: created.rawClientDataJSON)
        }
        if let signed = credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion {
            return .assertion(
                id: signed.credentialID, authenticatorData: signed.rawAuthenticatorData,
                clientData: signed.rawClientDataJSON, signature: signed.signature, userHandle: signed.userID)
        }
        #endif
        return .other
    }

    private func complete(_ result: Result<AuthorizationAnswer, ClerkError>) {
        finish?(result)
        finish = nil
        controller = nil
        keepAlive = nil
    }
}
#endif
