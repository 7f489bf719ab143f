public import ClerkKit
public import Foundation

/// A ``WebAuthenticator`` for tests: a browser that follows the provider's redirects (over any
/// ``HTTPTransport``, by default straight into the emulator) until it reaches the redirect URL, or that does what
/// the test scripts instead (the person closes the browser, or the browser comes back somewhere unexpected).
@available(OS2023, *)
public struct ScriptedWebAuthenticator: WebAuthenticator {
    /// What the browser does.
    public enum Script: Sendable, Hashable {
        /// Follows redirects to the redirect URL (answer the provider's consent with
        /// ``ClerkEmulator/setConsent(_:for:)``).
        case follow
        /// The person closes the browser: ``ClerkError/Code/authenticationCancelled``.
        case cancel
        /// Returns this URL whatever the page does (a forged or mistaken callback).
        case returnURL(URL)
    }

    /// Redirects followed before giving up.
    public static let maximumRedirects = 10

    private let transport: any HTTPTransport
    private let script: Script
    private let ownRedirectURL: URL?

    /// A browser that talks to `transport`; `redirectURL` overrides ``ClerkOptions/redirectURL``.
    public init(transport: any HTTPTransport, script: Script = .follow, redirectURL: URL? = nil) {
        self.transport = transport
        self.script = script
        ownRedirectURL = redirectURL
    }

    /// A browser that talks to `emulator` in process.
    public init(emulator: ClerkEmulator, script: Script = .follow, redirectURL: URL? = nil) {
        self.init(transport: emulator.inProcessTransport, script: script, redirectURL: redirectURL)
    }

    /// The redirect URL given at creation, if any.
    public var redirectURL: URL? { ownRedirectURL }

    /// Follows the script.
    public func authenticate(url: URL, redirectURL: URL, prefersEphemeralSession: Bool) async throws(ClerkError)
        -> URL
    {
        switch script {
        case .cancel: throw ClerkError(.authenticationCancelled, "The browser was closed.")
        case .returnURL(let url): return url
        case .follow: break
        }
        var current = url
        for _ in 0...Self.maximumRedirects {
            if Self.reached(current, redirectURL) { return current }
            let response = try await transport.send(ClerkHTTPRequest(method: "GET", url: current))
            guard (300..<400).contains(response.status), let location = response.headers["Location"],
                let next = URL(string: location, relativeTo: current)?.absoluteURL
            else {
                throw ClerkError(
                    .transport,
                    "\(current.path) answered \(response.status) without a redirect; a consent page needs a person.")
            }
            current = next
        }
        throw ClerkError(.transport, "More than \(Self.maximumRedirects) redirects.")
    }

    private static func reached(_ url: URL, _ redirect: URL) -> Bool {
        url.scheme?.lowercased() == redirect.scheme?.lowercased()
            && url.host?.lowercased() == redirect.host?.lowercased()
            && url.port == redirect.port && url.path == redirect.path
    }
}
