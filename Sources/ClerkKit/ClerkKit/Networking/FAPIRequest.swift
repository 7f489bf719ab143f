import Foundation

/// One Frontend API call: method, path under `/v1`, query and form parameters, and how to treat it.
@available(OS2023, *)
struct FAPIRequest: Sendable {
    var method: String
    /// The path, starting with `/v1/`.
    var path: String
    var query: [(String, String?)] = []
    var form: [(String, String)]?
    /// A body that is not a form (a multipart upload), with its `Content-Type`.
    var rawBody: (contentType: String, data: Data)?
    /// Sending it twice is harmless (reads, token minting, `PUT`, `DELETE`).
    var idempotent: Bool

    init(
        _ method: String, _ path: String, query: [(String, String?)] = [], form: [(String, String)]? = nil,
        idempotent: Bool? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.form = form
        self.idempotent = idempotent ?? ["GET", "HEAD", "PUT", "DELETE"].contains(method)
    }

    /// A request whose form body encodes `parameters` (see ``FormEncoding``).
    init(_ method: String, _ path: String, parameters: some Encodable, idempotent: Bool? = nil) throws(ClerkError) {
        self.init(method, path, form: try FormEncoding.fields(parameters), idempotent: idempotent)
    }

    /// A request whose body is `body` (for example ``MultipartBody``), sent as is.
    init(_ method: String, _ path: String, body: MultipartBody) {
        self.init(method, path)
        rawBody = (body.contentType, body.data)
    }

    /// Whether this answers with the client as its resource: `GET /v1/client`, and `POST` / `PUT /v1/client`
    /// (creating a client, or redeeming a hosted sign-in with `_method=GET`).
    var isClientRead: Bool { ["GET", "POST", "PUT"].contains(method) && path == "/v1/client" }

    /// Whether `_clerk_session_id` goes on the query (`/v1/me/**`, `/v1/organizations/**`).
    var needsSessionId: Bool {
        path == "/v1/me" || path.hasPrefix("/v1/me/") || path == "/v1/organizations"
            || path.hasPrefix("/v1/organizations/")
    }

    /// A path segment escaped for use in ``path``.
    static func segment(_ text: String) -> String {
        FormEncoding.escape(text)
    }
}
