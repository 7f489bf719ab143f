#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// Carries out a change the guard let through: `create`, `append`, `close`, `fork` or `delete`, with a JSON
    /// body of ``ConsoleModels/Change``. The store's rules apply as for the protocol's requests, and the
    /// subscriptions hear of the change as they do of the protocol's.
    func consoleChange(_ name: String, _ request: Request, channel: any Channel) async -> Reply {
        do throws(RequestFailure) {
            let body = try await collectBody(request, channel: channel)
            guard let change = try? JSONDecoder().decode(ConsoleModels.Change.self, from: Data(body)) else {
                throw .badRequest("The body must be a JSON object")
            }
            guard let raw = change.path else { throw .badRequest("path is required") }
            let path = try consoleStreamPath(raw)
            switch name {
            case "create": return try await consoleCreate(path, change)
            case "append": return try await consoleAppend(path, change)
            case "close": return try await consoleAppend(path, ConsoleModels.Change(close: true))
            case "fork": return try await consoleFork(path, change)
            default: return try await consoleDelete(path)
            }
        } catch {
            return error.reply
        }
    }

    private func consoleCreate(_ path: StreamPath, _ change: ConsoleModels.Change) async throws(RequestFailure)
        -> Reply
    {
        let contentType = try validatedContentType(change.contentType ?? "application/octet-stream")
        var expiry = StreamExpiry.never
        if let seconds = change.ttlSeconds {
            guard seconds > 0, seconds <= Self.maximumTimeToLive else { throw .badRequest("Invalid ttlSeconds") }
            expiry = .timeToLive(seconds: seconds)
        }
        let request = CreateRequest(configuration: StreamConfiguration(contentType: contentType, expiry: expiry))
        return try await consoleCreated(path, request)
    }

    private func consoleFork(_ path: StreamPath, _ change: ConsoleModels.Change) async throws(RequestFailure)
        -> Reply
    {
        guard let rawSource = change.source else { throw .badRequest("source is required") }
        let source = try consoleStreamPath(rawSource)
        var offset: StreamOffset?
        if let token = change.offset, !token.isEmpty {
            guard let parsed = StreamOffset(token: token) else { throw .badRequest("Invalid offset") }
            offset = parsed
        }
        var request = CreateRequest(configuration: StreamConfiguration())
        request.fork = ForkRequest(source: source, offset: offset, inheritsContentType: true)
        return try await consoleCreated(path, request)
    }

    private func consoleCreated(_ path: StreamPath, _ request: CreateRequest) async throws(RequestFailure) -> Reply {
        let result: CreateResult
        do {
            result = try await operations.create(path, request)
        } catch {
            throw RequestFailure(.storageError(error))
        }
        guard case .created(let info) = result else {
            throw RequestFailure(.error(.conflict, "A stream already exists at this path"))
        }
        return Self.consoleJSON(ConsoleModels.Stream(info), status: .created)
    }

    /// Appends `change.body` (UTF-8 text; for a JSON stream, a JSON value or array of messages) in the stream's
    /// content type, and closes the stream when `change.close` is set.
    private func consoleAppend(_ path: StreamPath, _ change: ConsoleModels.Change) async throws(RequestFailure)
        -> Reply
    {
        let close = change.close ?? false
        let body = Array((change.body ?? "").utf8)
        guard !body.isEmpty || close else { throw .badRequest("Nothing to send: the body is empty") }
        // As an HTTP append in the stream's own content type: the operations put JSON in storage form.
        var append = AppendToStream(body: body, close: close)
        let result: AppendResult
        do {
            if !body.isEmpty {
                let info = try await operations.info(path)
                append.contentType = info.configuration.contentType
                if !info.configuration.isJSON, change.newline == true, body.last != UInt8(ascii: "\n") {
                    append.body.append(UInt8(ascii: "\n"))
                }
            }
            result = try await operations.append(path, append)
        } catch {
            throw RequestFailure(.storageError(error))
        }
        return Self.consoleJSON(ConsoleModels.Done(ok: true, tail: result.tail.token, closed: result.isClosed))
    }

    private func consoleDelete(_ path: StreamPath) async throws(RequestFailure) -> Reply {
        do {
            try await operations.delete(path)
        } catch {
            throw RequestFailure(.storageError(error))
        }
        return Self.consoleJSON(ConsoleModels.Done(ok: true, tail: nil, closed: nil))
    }
}
#endif
