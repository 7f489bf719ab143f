/// How ``Auth/getToken(_:)`` gets a session token.
@available(OS2023, *)
public struct GetTokenOptions: Sendable, Hashable {
    /// A JWT template name, or `nil` for the session token.
    public var template: String?
    /// A cached token is refreshed when it expires within this many seconds (default 10, at most 60).
    public var expirationBuffer: Double
    /// Always ask the server, skipping the cache (and never sharing a request with other callers).
    public var skipCache: Bool

    /// Creates options.
    public init(template: String? = nil, expirationBuffer: Double = 10, skipCache: Bool = false) {
        self.template = template
        self.expirationBuffer = min(max(expirationBuffer, 0), 60)
        self.skipCache = skipCache
    }
}

/// Where a cached token belongs: session, organization and template.
@available(OS2023, *)
struct TokenCacheKey: Hashable, Sendable {
    var sessionId: String
    var organizationId: String?
    var template: String?

    /// `<sessionId>-organization-<orgId or ''>[-template-<name>]`, as clerk-ios names its cache entries.
    var name: String {
        var name = "\(sessionId)-organization-\(organizationId ?? "")"
        if let template { name += "-template-\(template)" }
        return name
    }
}
