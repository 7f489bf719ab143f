import Foundation

/// A request as the emulator's store sees it: parsed, with the HTTP details it reads.
@available(OS2023, *)
struct EmulatorRequest: Sendable {
    var method: String
    /// The path without query, for example `/v1/client/sign_ins`.
    var path: String
    var query: FormBody
    var form: FormBody
    /// The file of a `multipart/form-data` upload, if the body was one.
    var upload: MultipartPart? = nil
    /// The raw `Authorization` header (the device token), if any.
    var authorization: String?
    /// The `__client` cookie, for browser-style requests.
    var clientCookie: String?
    var origin: String?
    /// Every request header, in order, for the request log (secrets are redacted there).
    var headers: [(String, String)] = []
    /// The body as received, for the telemetry endpoint (whose body is JSON); empty for the Frontend API's routes.
    var rawBody = Data()
    /// The `Content-Type` header, if any.
    var contentType: String? { headers.first { $0.0.lowercased() == "content-type" }?.1 }

    /// Reads a body by its `Content-Type`: a form (the default) or a multipart upload's `file` part. The telemetry
    /// endpoint's body is not read here but kept whole (the third value).
    static func parseBody(_ bytes: [UInt8], contentType: String?, path: String) throws(FAPIError)
        -> (FormBody, MultipartPart?, Data)
    {
        if path == ClerkEmulator.telemetryPath { return (FormBody(), nil, Data(bytes)) }
        let (form, upload) = try parseBody(bytes, contentType: contentType)
        return (form, upload, Data())
    }

    private static func parseBody(_ bytes: [UInt8], contentType: String?) throws(FAPIError) -> (
        FormBody, MultipartPart?
    ) {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("multipart/form-data") {
            return (FormBody(), try MultipartPart.file(in: bytes, contentType: contentType ?? type))
        }
        if !bytes.isEmpty, !type.isEmpty, !type.hasPrefix("application/x-www-form-urlencoded") {
            throw FAPIError.malformedBody("The request body must be application/x-www-form-urlencoded.")
        }
        return (try FormBody(parsing: String(decoding: bytes, as: UTF8.self)), nil)
    }

    /// `_is_native=true` (or `1`) was in the query.
    var isNative: Bool { query["_is_native"].map { $0 == "true" || $0 == "1" } ?? false }

    /// The device token the request carries: `Authorization` (with or without `Bearer `), else the cookie.
    var deviceToken: String? {
        if let authorization, !authorization.isEmpty {
            let trimmed = authorization.hasPrefix("Bearer ") ? String(authorization.dropFirst(7)) : authorization
            return trimmed.isEmpty ? nil : trimmed
        }
        return clientCookie
    }
}

/// A response the store produced: status, JSON body and extra headers.
@available(OS2023, *)
struct EmulatorResponse: Sendable {
    var status: Int
    /// The JSON body; nil for a response without one (a redirect).
    var body: JSON?
    var headers: [(String, String)] = []
    /// An HTML page instead of JSON (the emulated OAuth provider's consent page).
    var html: String? = nil
    /// The JSON body's bytes, once ``prepare()`` wrote them: the answer and the request log share them.
    private(set) var serializedBody: Data? = nil

    /// Writes the JSON body's bytes once, for the answer and the request log; call it when the response is final.
    mutating func prepare() {
        serializedBody = body?.serialized
    }

    /// The JSON body's bytes: the prepared ones, else written now.
    var bodyBytes: Data? { serializedBody ?? body?.serialized }

    /// The body's bytes and their `Content-Type`, if there is a body.
    var payload: (contentType: String, bytes: Data)? {
        if let html { return ("text/html; charset=utf-8", Data(html.utf8)) }
        return bodyBytes.map { ("application/json", $0) }
    }
}
