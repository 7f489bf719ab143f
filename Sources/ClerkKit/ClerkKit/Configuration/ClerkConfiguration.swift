public import Foundation

/// Where a ``Clerk`` instance sends its requests and how it behaves: the validated publishable key, the
/// Frontend API URL it names, an optional proxy and the options.
@available(OS2023, *)
public struct ClerkConfiguration: Sendable {
    /// The publishable key, trimmed.
    public let publishableKey: String
    /// The Frontend API URL decoded from the key, for example `https://mock.clerk.accounts.dev`.
    public let frontendAPIURL: URL
    /// Development (`pk_test_`) or production (`pk_live_`).
    public let instanceType: InstanceType
    /// The proxy every request goes through instead of the Frontend API, if any.
    public let proxyURL: URL?
    /// Options: logging, middleware, storage, retries, telemetry.
    public let options: ClerkOptions

    /// Validates the key and the proxy URL.
    ///
    /// - Parameters:
    ///   - publishableKey: `pk_test_…` or `pk_live_…` from the Clerk dashboard.
    ///   - proxyURL: An `http`/`https` URL whose origin receives the requests and whose path prefixes them,
    ///     for example `https://example.com/__clerk` or `http://127.0.0.1:8080` for a local emulator.
    ///   - options: Everything else.
    /// - Throws: ``ClerkError/Code/invalidPublishableKey`` or ``ClerkError/Code/invalidConfiguration``.
    public init(publishableKey: String, proxyURL: URL? = nil, options: ClerkOptions = ClerkOptions()) throws(ClerkError)
    {
        let decoded = try PublishableKey.decode(publishableKey)
        if let proxyURL {
            guard let scheme = proxyURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = proxyURL.host, !host.isEmpty
            else {
                throw ClerkError(.invalidConfiguration, "The proxy URL must be an http or https URL with a host.")
            }
        }
        self.publishableKey = publishableKey.trimmingCharacters(in: .whitespacesAndNewlines)
        self.frontendAPIURL = decoded.frontendAPIURL
        self.instanceType = decoded.instanceType
        self.proxyURL = proxyURL
        self.options = options
    }

    /// The origin requests go to: the proxy's `scheme://host[:port]`, or the Frontend API URL.
    public var requestOrigin: URL {
        guard let proxyURL, var components = URLComponents(url: proxyURL, resolvingAgainstBaseURL: false) else {
            return frontendAPIURL
        }
        components.path = ""
        components.query = nil
        components.fragment = nil
        return components.url ?? frontendAPIURL
    }

    /// The proxy's path, without a trailing slash, that prefixes every request path (`""` without a proxy).
    public var pathPrefix: String {
        guard let proxyURL else { return "" }
        let segments = proxyURL.path.split(separator: "/", omittingEmptySubsequences: true)
        return segments.isEmpty ? "" : "/" + segments.joined(separator: "/")
    }
}
