#if canImport(Hummingbird) && (os(Linux) || os(macOS))
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The emulator console's HTTP side: the page at `/__emulator/`, `GET /__emulator/api/state`, and changes as
/// `POST /__emulator/api/<change>` with a JSON body.
///
/// The emulator holds no real secrets, so changes need no token; they must come from the console's own origin
/// (JSON with the `X-Emulator-Console` header, which a cross-origin page cannot send without a preflight the
/// emulator never grants). Console requests stay out of the request log.
@available(OS2023, *)
enum EmulatorConsoleHTTP {
    static let prefix = "/__emulator"
    static let apiPrefix = "/__emulator/api/"
    static let marker = "X-Emulator-Console"

    static func owns(_ path: String) -> Bool { path == prefix || path.hasPrefix(prefix + "/") }

    static func respond(to request: Request, emulator: ClerkEmulator) async -> Response {
        var request = request
        let path = request.uri.path
        // A page on another site that rebinds its name to 127.0.0.1 reaches the console with its own name as
        // the host (and an Origin to match): only names that cannot be rebound are served.
        guard isLoopbackOrLiteral(host: request.head.authority) else {
            return error(.forbidden, "the console answers only at localhost or an IP address")
        }
        if path == prefix {
            var fields = HTTPFields()
            fields[.location] = prefix + "/"
            return response(.permanentRedirect, fields: fields, body: [])
        }
        guard path.hasPrefix(apiPrefix) else {
            let name = String(path.dropFirst(prefix.count + 1))
            guard request.method == .get || request.method == .head,
                let file = EmulatorConsoleAssets.file(named: name.isEmpty ? "index.html" : name)
            else { return error(.notFound, "no such console file") }
            var fields = HTTPFields()
            fields[.contentType] = file.contentType
            return response(.ok, fields: fields, body: Array(file.text.utf8))
        }
        let name = String(path.dropFirst(apiPrefix.count))
        if request.method == .get, name == "state" {
            return json(.ok, await emulator.consoleState())
        }
        guard request.method == .post else { return error(.forbidden, "the console API is same-origin only") }
        if let refusal = refusal(request) { return error(.forbidden, refusal) }
        guard let buffer = try? await request.collectBody(upTo: 1 << 20),
            let body = try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any]
        else { return error(.badRequest, "the body must be a JSON object") }
        let (status, answer) = await emulator.consoleChange(name, body)
        return json(HTTPResponse.Status(code: status), answer)
    }

    /// Why a change is refused, or `nil`: it must be JSON, carry the console's header and come from this origin.
    static func refusal(_ request: Request) -> String? {
        if let site = request.headers[field("Sec-Fetch-Site")]?.lowercased(), site != "same-origin", site != "none" {
            return "cross-site request refused"
        }
        if let origin = request.headers[.origin] {
            guard let host = request.head.authority, origin == "http://" + host || origin == "https://" + host else {
                return "request from another origin refused"
            }
        }
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true,
            request.headers[field(marker)] == "1"
        else { return "console changes are JSON with the \(marker) header" }
        return nil
    }

    /// Whether `authority` (`host[:port]`) names `localhost` or an IP address: names a DNS-rebinding page
    /// cannot bring. Nil (an HTTP/1.0 request without Host) is refused.
    static func isLoopbackOrLiteral(host authority: String?) -> Bool {
        guard let authority, !authority.isEmpty else { return false }
        var host = Substring(authority)
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return false }
            let rest = host[host.index(after: end)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return false }
            return isIPv6(host[host.index(after: host.startIndex)..<end])
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return false }
            host = host[..<colon]
        }
        let name = host.lowercased()
        if name == "localhost" || name == "localhost." { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && (Int(part) ?? 256) <= 255
            }
    }

    private static func isIPv6(_ text: Substring) -> Bool {
        !text.isEmpty && text.contains(":") && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    private static func field(_ name: String) -> HTTPField.Name { HTTPField.Name(name) ?? .via }

    private static func json(_ status: HTTPResponse.Status, _ value: JSON) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        return response(status, fields: fields, body: Array(value.serialized))
    }

    private static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(status, ["error": .string(message)])
    }

    private static func response(_ status: HTTPResponse.Status, fields: HTTPFields, body: [UInt8]) -> Response {
        var fields = fields
        fields[.cacheControl] = "no-store"
        fields[field("X-Content-Type-Options")] = "nosniff"
        fields[field("X-Frame-Options")] = "DENY"
        fields[field("Referrer-Policy")] = "no-referrer"
        fields[field("Content-Security-Policy")] =
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
#endif
