#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

/// Fault injection as a layer in front of ``StreamHTTPHandler``: it answers the control endpoint
/// (`POST`/`DELETE /_test/inject-error`), and for a request to a stream takes the fault armed for it. A fault that
/// replaces the response (a status, a dropped connection) is applied here; every other request, with the fault
/// that changes its body or its SSE events, goes on to ``StreamHTTPHandler/handle(_:_:_:fault:)``, the route
/// every request takes on a server without fault injection.
@available(OS2023, *)
struct FaultInjectingResponder: Sendable {
    let handler: StreamHTTPHandler
    let faults: FaultInjector

    func handle(_ request: Request, _ writer: consuming HTTP1ResponseWriter, _ channel: any Channel) async throws {
        let target = RequestTarget(request.head.path ?? "/")
        let exchange = Exchange(method: request.method, path: target.path)
        if target.path == StreamHTTPHandler.faultControlPath {
            let reply = await control(request, channel: channel)
            try await handler.write(reply, to: writer, channel: channel, exchange: exchange)
            return
        }
        guard request.method != .options, !(handler.console != nil && ConsoleRoutes.owns(target.path)),
            case .stream(let path)? = try? handler.settings.root.locate(target.path),
            let fault = await faults.consume(path: path.value, method: request.method.rawValue)
        else {
            try await handler.handle(request, writer, channel)
            return
        }
        if let delay = fault.delay { try? await Task.sleep(for: delay) }
        if fault.dropConnection {
            try? await channel.close()
            handler.logCompletion(exchange, status: 0, bytes: nil, reason: nil)
            return
        }
        if let status = fault.status {
            var fields = HTTPFields()
            if let retryAfter = fault.retryAfter { fields[.retryAfter] = String(retryAfter) }
            fields[.contentType] = "text/plain"
            fields[.cacheControl] = "no-store"
            let reply = Reply(
                HTTPResponse.Status(code: status), fields: fields, body: Array("Injected error for testing".utf8))
            try await handler.write(reply, to: writer, channel: channel, exchange: exchange)
            return
        }
        try await handler.handle(request, writer, channel, fault: fault)
    }

    /// ``StreamHTTPHandler/answerNow(_:body:)``, for a request with no fault armed for it: one that may have one
    /// takes ``handle(_:_:_:)``, which takes the fault.
    func answerNow(_ request: Request, body: ByteBuffer) -> HTTP1Server.ImmediateAnswer? {
        let target = RequestTarget(request.head.path ?? "/")
        if case .stream(let path)? = try? handler.settings.root.locate(target.path),
            faults.mayBeArmed(path: path.value, method: request.method.rawValue)
        {
            return nil
        }
        return handler.answerNow(request, body: body)
    }

    /// The control endpoint: `POST` arms a fault, `DELETE` disarms them all.
    private func control(_ request: Request, channel: any Channel) async -> Reply {
        var json = HTTPFields()
        json[.contentType] = "application/json"
        switch request.method {
        case .post:
            let body: [UInt8]
            do {
                body = try await handler.collectBody(request, channel: channel)
            } catch {
                return error.reply
            }
            switch FaultInjector.parse(body) {
            case .success(let (rawPath, fault)):
                let path = (try? StreamPath(validating: rawPath))?.value ?? rawPath
                do {
                    try await faults.inject(fault, at: path, definition: body)
                } catch {
                    return .storageError(error)
                }
                return Reply(.ok, fields: json, body: Array("{\"ok\":true}".utf8))
            case .failure(let failure):
                return .error(.badRequest, failure.message)
            }
        case .delete:
            do {
                try await faults.clear()
            } catch {
                return .storageError(error)
            }
            return Reply(.ok, fields: json, body: Array("{\"ok\":true}".utf8))
        default:
            var fields = HTTPFields()
            fields[.allow] = "POST, DELETE"
            return .error(.methodNotAllowed, "Method not allowed", fields: fields)
        }
    }
}
#endif

#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
@available(OS2023, *)
extension Reply {
    /// The reply with its body truncated or corrupted as `fault` says (itself when there is no such fault).
    func modified(by fault: FaultInjector.Fault?) -> Reply {
        guard let fault, fault.modifiesBody else { return self }
        var reply = self
        if let payload {
            reply.payload = nil
            reply.body = payload.collected() ?? []
        }
        guard let body = reply.body else { return self }
        reply.body = FaultInjector.modify(body, with: fault)
        return reply
    }
}
#endif
