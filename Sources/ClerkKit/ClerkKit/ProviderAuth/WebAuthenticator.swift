public import Foundation

/// Opens a provider's sign-in page in a browser and hands back the URL the flow ends on.
///
/// ClerkKit runs OAuth, enterprise SSO and hosted sign-in through this protocol, so the whole flow is the same
/// on every platform: `ASWebAuthenticator` on Apple platforms, `LoopbackWebAuthenticator` (the
/// `ClerkKitLoopback` product) for command-line apps, and `ScriptedWebAuthenticator` (`ClerkKitTesting`) in tests.
@available(OS2023, *)
public protocol WebAuthenticator: Sendable {
    /// The redirect URL this authenticator receives (for example a loopback listener's), or nil to use
    /// ``ClerkOptions/redirectURL``.
    var redirectURL: URL? { get }

    /// Opens `url` and returns the first URL the browser is sent to that matches `redirectURL`.
    ///
    /// - Throws: ``ClerkError/Code/authenticationCancelled`` when the person closes the browser;
    ///   ``ClerkError/Code/transport`` when the page cannot be opened.
    func authenticate(url: URL, redirectURL: URL, prefersEphemeralSession: Bool) async throws(ClerkError) -> URL
}

@available(OS2023, *)
extension WebAuthenticator {
    /// No redirect URL of its own: the flow uses ``ClerkOptions/redirectURL``.
    public var redirectURL: URL? { nil }
}
