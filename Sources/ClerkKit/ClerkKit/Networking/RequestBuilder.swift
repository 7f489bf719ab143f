import Foundation

/// Builds the HTTP request for a ``FAPIRequest`` in clerk-ios's middleware order: proxy path, Clerk headers,
/// query items, form body. Pure: everything it reads is passed in.
@available(OS2023, *)
struct RequestBuilder: Sendable {
    /// The Frontend API version ClerkKit speaks (`clerk-api-version`).
    static let apiVersion = "2026-05-12"
    /// The clerk-ios release whose wire behaviour ClerkKit matches (`x-ios-sdk-version`).
    static let compatibleSDKVersion = "1.4.1"

    let configuration: ClerkConfiguration
    /// The request origin without a trailing slash, then the proxy's path: worked out once, not per request.
    private let prefix: String

    init(configuration: ClerkConfiguration) {
        self.configuration = configuration
        let origin = configuration.requestOrigin.absoluteString
        prefix = (origin.hasSuffix("/") ? String(origin.dropLast()) : origin) + configuration.pathPrefix
    }

    func build(
        _ request: FAPIRequest, deviceToken: String?, clientId: String?, sessionId: String?
    ) throws(ClerkError) -> ClerkHTTPRequest {
        // Proxy: the proxy's origin, and its path before the request path.
        // Query items: `_is_native=true` on every request; `_clerk_session_id` on /v1/me and /v1/organizations.
        var query = request.query
        if request.needsSessionId { query.append(("_clerk_session_id", sessionId)) }
        query.append(("_is_native", "true"))
        guard let url = URL(string: prefix + request.path + "?" + FormEncoding.encode(query)) else {
            throw ClerkError(.encoding, "The request URL cannot be built.", context: .init(path: request.path))
        }
        // Clerk headers.
        var headers = ClerkHTTPHeaders()
        if let deviceToken { headers["Authorization"] = deviceToken }
        if let clientId { headers["x-clerk-client-id"] = clientId }
        headers["clerk-api-version"] = Self.apiVersion
        headers["x-ios-sdk-version"] = Self.compatibleSDKVersion
        for (name, value) in configuration.options.device.headerFields { headers[name] = value }
        // Form body.
        var body: Data?
        if let form = request.form {
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = Data(FormEncoding.encode(form.map { ($0.0, Optional($0.1)) }).utf8)
        } else if let raw = request.rawBody {
            headers["Content-Type"] = raw.contentType
            body = raw.data
        }
        return ClerkHTTPRequest(method: request.method, url: url, headers: headers, body: body)
    }
}
