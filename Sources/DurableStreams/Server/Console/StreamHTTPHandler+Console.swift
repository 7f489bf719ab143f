#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// Answers a request under `/__console`: the page and its files, and the console API.
    func handleConsole(
        _ request: Request, target: RequestTarget, console: ConsoleAccess, exchange: Exchange,
        _ writer: consuming HTTP1ResponseWriter, _ channel: any Channel
    ) async throws {
        let reply: Reply
        let path = target.path
        if path == ConsoleRoutes.prefix {
            var fields = HTTPFields()
            fields[.location] = ConsoleRoutes.prefix + "/"
            reply = Reply(.permanentRedirect, fields: fields)
        } else if path.hasPrefix(ConsoleRoutes.apiPrefix) {
            let name = path.dropFirst(ConsoleRoutes.apiPrefix.count)
            reply = await consoleAPI(String(name), request, target: target, console: console, channel: channel)
        } else {
            reply = Self.consoleAsset(String(path.dropFirst(ConsoleRoutes.prefix.count + 1)), method: request.method)
        }
        try await writeConsole(reply, to: writer, channel: channel, exchange: exchange)
    }

    /// A file of the page, `index.html` for the console's root.
    static func consoleAsset(_ name: String, method: HTTPRequest.Method) -> Reply {
        guard method == .get || method == .head else {
            var fields = HTTPFields()
            fields[.allow] = "GET, HEAD"
            return .error(.methodNotAllowed, "Method not allowed", fields: fields)
        }
        guard let asset = ConsoleAssets.file(named: name.isEmpty ? "index.html" : name) else {
            return .error(.notFound, "No such console file")
        }
        var fields = HTTPFields()
        fields[.contentType] = asset.contentType
        var reply = Reply(.ok, fields: fields, body: Array(asset.text.utf8))
        reply.answersHead = method == .head
        if method == .head { reply.body = nil }
        return reply
    }

    /// Writes a console response: no CORS fields (the console is same-origin only), a strict content security
    /// policy, never cached.
    func writeConsole(
        _ reply: Reply, to writer: consuming HTTP1ResponseWriter, channel: any Channel, exchange: Exchange
    )
        async throws
    {
        var fields = reply.fields
        fields[.cacheControl] = "no-store"
        fields[ProtocolHeader.xContentTypeOptions] = "nosniff"
        fields[Self.consoleField("Content-Security-Policy")] =
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
        fields[Self.consoleField("Referrer-Policy")] = "no-referrer"
        fields[Self.consoleField("X-Frame-Options")] = "DENY"
        if !reply.answersHead { fields[.contentLength] = String(reply.body?.count ?? 0) }
        let head = HTTPResponse(status: reply.status, headerFields: fields)
        if let body = reply.body, !body.isEmpty {
            try await writer.write(response: head, body: ByteBuffer(bytes: body))
        } else {
            try await writer.writeResponse(head)
        }
        logCompletion(exchange, status: reply.status.code, bytes: reply.body?.count ?? 0, reason: nil)
    }

    /// A header name the console uses (all valid, so the fallback is never used).
    static func consoleField(_ name: String) -> HTTPField.Name {
        HTTPField.Name(name) ?? .via
    }

    /// A JSON reply.
    static func consoleJSON(_ value: some Encodable, status: HTTPResponse.Status = .ok, fields: HTTPFields = [:])
        -> Reply
    {
        var fields = fields
        fields[.contentType] = "application/json; charset=utf-8"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value) else {
            return .error(.internalServerError, "The console could not encode its answer")
        }
        return Reply(status, fields: fields, body: Array(data))
    }
}
#endif
