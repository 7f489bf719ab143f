#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// `HEAD`: the stream's metadata; not a use for its time-to-live.
    func head(_ path: StreamPath, _ request: Request) async -> Reply {
        let info: StreamInfo
        do throws(RequestFailure) {
            let expected = try expectedIncarnation(in: request)
            do {
                info = try await operations.info(path)
            } catch {
                throw RequestFailure(.storageError(error))
            }
            try Self.require(expected, of: info)
        } catch {
            var reply = error.reply
            reply.body = nil
            return reply
        }
        var fields = HTTPFields()
        fields[.contentType] = info.configuration.contentType
        fields[ProtocolHeader.streamIncarnation] = info.incarnation
        fields[ProtocolHeader.streamNextOffset] = info.tail.token
        fields[.cacheControl] = "no-store"
        fields[.eTag] = Self.etag(info: info, start: "head", end: info.tail, closed: info.isClosed)
        if info.isClosed { fields[ProtocolHeader.streamClosed] = "true" }
        switch info.configuration.expiry {
        case .never: break
        case .timeToLive(let seconds): fields[ProtocolHeader.streamTTL] = String(seconds)
        case .expiresAt(let timestamp): fields[ProtocolHeader.streamExpiresAt] = timestamp.text
        }
        Self.addRetentionFields(info, to: &fields)
        return Reply(.ok, fields: fields)
    }

    /// `GET`: a catch-up read, a long-poll, or the start of an SSE stream.
    @inline(never)
    func read(
        _ path: StreamPath,
        _ request: Request,
        target: RequestTarget,
        channel: any Channel
    ) async throws(RequestFailure) -> Outcome {
        let read = try Self.readStream(target)
        let expected = try expectedIncarnation(in: request)
        if read.live == .catchUp && read.start != .tail {
            // A catch-up read: the payload goes from the store's buffers and files to the socket as it is.
            let body = try await reading(path, expected: expected) { () throws(StreamStorageError) in
                try await operations.readBody(
                    path, from: read.start, maxBytes: settings.maximumReadBytes,
                    fileRegionsFrom: Self.fileRegionMinimum)
            }
            do throws(RequestFailure) {
                try Self.require(expected, of: body.result.info)
            } catch {
                body.body.lease?.release()
                throw error
            }
            return .reply(
                dataReply(
                    body.result, body: body.body, request: request, cursor: nil, isLive: false,
                    explicitStart: read.start != .beginning))
        }
        let first = try await reading(path, expected: expected) { () throws(StreamStorageError) in
            try await operations.read(path, from: read.start, maxBytes: settings.maximumReadBytes)
        }
        try Self.require(expected, of: first.info)
        switch read.live {
        case .serverSentEvents:
            return .events(SSEPlan(path: path, first: first, cursor: read.cursor))
        case .catchUp:
            return .reply(tailReply(first))
        case .longPoll:
            return longPoll(path, first: first, request: request, cursor: read.cursor, expected: expected)
        }
    }

    /// The smallest payload of an append sent from the log file (`sendfile`) rather than copied: below it, a
    /// system call per append costs more than copying the bytes.
    static let fileRegionMinimum = 16 * 1024

    /// Runs a read; a store error becomes its reply, or a `412` when the stream is not the incarnation expected.
    private func reading<Value>(
        _ path: StreamPath, expected: String?, _ body: () async throws(StreamStorageError) -> Value
    ) async throws(RequestFailure) -> Value {
        do {
            return try await body()
        } catch {
            // An offset of a deleted stream may not be a position of its successor: say which stream it is.
            if expected != nil, let info = try? await operations.info(path) { try Self.require(expected, of: info) }
            throw RequestFailure(.storageError(error))
        }
    }

    /// Decodes the read a `GET`'s query asks for (`offset`, `live`, `cursor`).
    static func readStream(_ target: RequestTarget) throws(RequestFailure) -> ReadStream {
        var read = ReadStream()
        let offsets = target.values("offset")
        guard offsets.count <= 1 else { throw .badRequest("Multiple offset parameters are not allowed") }
        switch offsets.first {
        case nil, "-1": read.start = .beginning
        case "now": read.start = .tail
        case .some(let token):
            guard !token.isEmpty else { throw .badRequest("Empty offset parameter") }
            guard let offset = StreamOffset(token: token) else { throw .badRequest("Invalid offset format: \(token)") }
            read.start = .offset(offset)
        }
        let lives = target.values("live")
        guard lives.count <= 1 else { throw .badRequest("Multiple live parameters are not allowed") }
        switch lives.first {
        case nil: read.live = .catchUp
        case "long-poll": read.live = .longPoll
        case "sse": read.live = .serverSentEvents
        case .some(let other): throw .badRequest("Invalid live mode \(other): use long-poll or sse")
        }
        if read.live != .catchUp && offsets.isEmpty {
            throw .badRequest("\(read.live == .longPoll ? "Long-poll" : "SSE") requires an offset parameter")
        }
        read.cursor = target.values("cursor").first.map { Substring($0) }
        return read
    }

    /// `offset=now` without a live mode: no data, the tail offset, never cached.
    private func tailReply(_ result: ReadResult) -> Reply {
        var fields = HTTPFields()
        fields[.contentType] = result.info.configuration.contentType
        fields[ProtocolHeader.streamIncarnation] = result.info.incarnation
        fields[ProtocolHeader.streamNextOffset] = result.info.tail.token
        fields[ProtocolHeader.streamUpToDate] = "true"
        fields[.cacheControl] = "no-store"
        if result.info.isClosed { fields[ProtocolHeader.streamClosed] = "true" }
        let body: [UInt8] = result.info.configuration.isJSON ? Array("[]".utf8) : []
        return Reply(.ok, fields: fields, body: body)
    }

    /// `200` with the data read (`body`; a JSON array for JSON streams), conditional on `If-None-Match`.
    func dataReply(
        _ result: ReadResult, body: ResponseBody, request: Request, cursor: Substring?, isLive: Bool,
        explicitStart: Bool = true
    ) -> Reply {
        let info = result.info
        var fields = HTTPFields()
        fields[.contentType] = info.configuration.contentType
        fields[ProtocolHeader.streamIncarnation] = info.incarnation
        fields[ProtocolHeader.streamNextOffset] = result.next.token
        if result.reachedTail { fields[ProtocolHeader.streamUpToDate] = "true" }
        if result.reachedEnd { fields[ProtocolHeader.streamClosed] = "true" }
        if isLive { fields[ProtocolHeader.streamCursor] = settings.cursor.next(after: cursor) }
        let etag = Self.etag(info: info, start: result.start.token, end: result.next, closed: result.reachedEnd)
        fields[.eTag] = etag
        let caching = ReadCaching.of(
            explicitStart: explicitStart, isLive: isLive, hasData: body.count > 0,
            reachedTail: result.reachedTail, isClosed: info.isClosed)
        fields[.cacheControl] = settings.readCacheControl.value(for: caching)
        if let condition = request.headers[.ifNoneMatch], Self.matches(condition, etag: etag) {
            var notModified = HTTPFields()
            notModified[.eTag] = etag
            notModified[ProtocolHeader.streamIncarnation] = info.incarnation
            notModified[.cacheControl] = fields[.cacheControl]
            body.lease?.release()
            return Reply(.notModified, fields: notModified)
        }
        let payload = info.configuration.isJSON ? body.jsonArray() : body
        guard compresses(payload.count, for: request) else { return Reply(.ok, fields: fields, payload: payload) }
        guard let bytes = payload.collected() else {
            return .storageError(.storageFailure("a log could not be read"))
        }
        let encoded = compress(bytes, for: request, fields: &fields)
        return Reply(.ok, fields: fields, body: encoded)
    }

    /// `"<incarnation>:<start>:<end>[:c]"`: changes with the data range, the stream's identity and closure.
    static func etag(info: StreamInfo, start: String, end: StreamOffset, closed: Bool) -> String {
        "\"\(info.incarnation):\(start):\(end.token)\(closed ? ":c" : "")\""
    }

    /// `If-None-Match` semantics: `*` or any listed tag (weak or strong) equal to ours.
    static func matches(_ condition: String, etag: String) -> Bool {
        condition.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
#endif
