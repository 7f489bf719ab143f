#if canImport(AuthenticationServices) && !os(tvOS)
public import AuthenticationServices
public import Foundation

/// A ``WebAuthenticator`` on `ASWebAuthenticationSession`: the system's sign-in sheet, which returns when the
/// browser is sent to a URL with the redirect URL's scheme. Not compiled on Linux.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, *)
public struct ASWebAuthenticator: WebAuthenticator {
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor

    /// Creates an authenticator; `anchor` gives the window the sheet is shown over (a new one by default).
    public init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor = { ASPresentationAnchor() }) {
        self.anchor = anchor
    }

    /// Shows the sheet on `url` and returns the callback URL.
    public func authenticate(url: URL, redirectURL: URL, prefersEphemeralSession: Bool) async throws(ClerkError)
        -> URL
    {
        guard let scheme = redirectURL.scheme else {
            throw ClerkError(.invalidConfiguration, "The redirect URL has no scheme.")
        }
        let result: Result<URL, ClerkError> = await withCheckedContinuation { continuation in
            Task { @MainActor in
                let presenter = Presenter(anchor: anchor())
                let session = ASWebAuthenticationSession(url: url, callbackURLScheme: scheme) { callback, error in
                    _ = presenter
                    continuation.resume(returning: Self.outcome(callback, error))
                }
                session.presentationContextProvider = presenter
                session.prefersEphemeralWebBrowserSession = prefersEphemeralSession
                if !session.start() {
                    continuation.resume(
                        returning: .failure(ClerkError(.transport, "The sign-in sheet could not be shown.")))
                }
            }
        }
        return try result.get()
    }

    private static func outcome(_ callback: URL?, _ error: (any Error)?) -> Result<URL, ClerkError> {
        if let callback { return .success(callback) }
        if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
            return .failure(ClerkError(.authenticationCancelled, "The sign-in sheet was closed."))
        }
        return .failure(
            ClerkError(
                .transport, "The sign-in sheet failed.", underlying: error.map { SheetFailure(description: "\($0)") }))
    }
}

/// The window the sheet is shown over.
@available(macOS 14.0, iOS 17.0, watchOS 10.0, *)
private final class Presenter: NSObject, ASWebAuthenticationPresentationContextProviding {
    let anchor: ASPresentationAnchor

    init(anchor: ASPresentationAnchor) { self.anchor = anchor }

    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor }
}

/// Why the sheet failed, as text (the system error is not `Sendable`).
@available(macOS 14.0, iOS 17.0, watchOS 10.0, *)
struct SheetFailure: Error, Sendable {
    var description: String
}
#endif
