#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

/// The reserved control namespace, `{root}/__ds/…`: subscription control and delivery (protocol §6–7).
@available(OS2023, *)
extension StreamHTTPHandler {
    /// Answers a request under `{root}/__ds/`; `rest` is what follows that prefix, still percent-encoded.
    func controlReply(_ rest: Substring, _ request: Request, channel: any Channel) async -> Reply {
        guard let manager = subscriptions else {
            return Self.reply(SubscriptionFailure(.notSupported, "This server's store cannot keep subscriptions"))
        }
        if rest == "jwks.json" {
            guard request.method == .get || request.method == .head else { return Self.notAllowed("GET") }
            guard let jwks = await manager.jwks() else {
                return Self.reply(SubscriptionFailure(.notFound, "Webhooks are not enabled on this server"))
            }
            var reply = Self.json(.ok, jwks)
            reply.fields[.contentType] = "application/jwk-set+json"
            reply.fields[.cacheControl] = "public, max-age=300"
            return reply
        }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "subscriptions", !parts[1].isEmpty else {
            return Self.reply(SubscriptionFailure(.notFound, "Durable Streams control route not found"))
        }
        let id = RequestTarget.percentDecode(parts[1], plusIsSpace: false)
        let action = parts.dropFirst(2)
        let method = request.method
        do {
            switch (action.first.map(String.init), action.count) {
            case (nil, _):
                switch method {
                case .put:
                    let (created, json) = try await manager.put(
                        id, body: try await body(request, channel), publicRoot: publicRoot(request))
                    return Self.json(created ? .created : .ok, json)
                case .get: return Self.json(.ok, try await manager.get(id))
                case .delete:
                    try await manager.delete(id)
                    return Reply(.noContent)
                default: return Self.notAllowed("GET, PUT, DELETE")
                }
            case ("streams", 1):
                guard method == .post else { return Self.notAllowed("POST") }
                try await manager.addStreams(id, body: try await body(request, channel))
                return Reply(.noContent)
            case ("streams", _):
                guard method == .delete else { return Self.notAllowed("DELETE") }
                let path = action.dropFirst().map { RequestTarget.percentDecode($0, plusIsSpace: false) }.joined(
                    separator: "/")
                try await manager.removeStream(id, path: path)
                return Reply(.noContent)
            case ("claim", 1):
                guard method == .post else { return Self.notAllowed("POST") }
                return Self.json(.ok, try await manager.claim(id, body: try await body(request, channel)))
            case ("ack", 1), ("callback", 1):
                guard method == .post else { return Self.notAllowed("POST") }
                let token = try Self.bearerToken(request)
                let json = try await manager.acknowledge(
                    id, token: token, body: try await body(request, channel), callback: action.first == "callback")
                return Self.json(.ok, json)
            case ("release", 1):
                guard method == .post else { return Self.notAllowed("POST") }
                let token = try Self.bearerToken(request)
                try await manager.release(id, token: token, body: try await body(request, channel))
                return Reply(.noContent)
            default:
                return Self.reply(SubscriptionFailure(.notFound, "Durable Streams control route not found"))
            }
        } catch let failure as SubscriptionFailure {
            return Self.reply(failure)
        } catch let failure as RequestFailure {
            return failure.reply
        } catch {
            return .error(.internalServerError, "Subscription request failed")
        }
    }

    /// The stream root's absolute URL as the client reached it, from the request's `Host`.
    private func publicRoot(_ request: Request) -> String {
        origin(of: request) + settings.root.prefix
    }

    private func body(_ request: Request, _ channel: any Channel) async throws(RequestFailure) -> [UInt8] {
        try await collectBody(request, channel: channel)
    }

    private static func bearerToken(_ request: Request) throws(SubscriptionFailure) -> String {
        guard let value = request.headers[.authorization], value.count > 7, value.prefix(7).lowercased() == "bearer "
        else { throw SubscriptionFailure(.tokenInvalid, "Missing or malformed Authorization header") }
        return value.dropFirst(7).trimmingCharacters(in: .whitespaces)
    }

    static func reply(_ failure: SubscriptionFailure) -> Reply {
        json(failure.code.status, SubscriptionJSON.encode(SubscriptionJSON.failure(failure)))
    }

    private static func json(_ status: HTTPResponse.Status, _ body: [UInt8]) -> Reply {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.cacheControl] = "no-store"
        return Reply(status, fields: fields, body: body)
    }

    private static func notAllowed(_ methods: String) -> Reply {
        var fields = HTTPFields()
        fields[.allow] = methods
        return .error(.methodNotAllowed, "Method not allowed", fields: fields)
    }
}
#endif
