#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// The longest `Stream-TTL` accepted: ten years.
    static let maximumTimeToLive: UInt64 = 10 * 366 * 24 * 3600

    /// `PUT`: creates a stream, or confirms an identical one.
    func create(_ path: StreamPath, _ request: Request, channel: any Channel) async throws(RequestFailure) -> Reply {
        let fork = try forkRequest(in: request)
        let requestedContentType = try singleValue(.contentType, in: request).map { value throws(RequestFailure) in
            try validatedContentType(value)
        }
        let ttl = try singleValue(ProtocolHeader.streamTTL, in: request)
        let expiresAt = try singleValue(ProtocolHeader.streamExpiresAt, in: request)
        var expiry = StreamExpiry.never
        switch (ttl, expiresAt) {
        case (.some, .some):
            throw .badRequest("Cannot specify both Stream-TTL and Stream-Expires-At")
        case (.some(let text), nil):
            guard let seconds = Self.ttlSeconds(text) else {
                throw .badRequest(
                    "Invalid Stream-TTL value: must be a whole number of seconds without sign or leading zeros")
            }
            // A stream that expires before anyone can use it is a mistake, not a request.
            guard seconds > 0 else { throw .badRequest("Invalid Stream-TTL value: must be at least 1 second") }
            expiry = .timeToLive(seconds: seconds)
        case (nil, .some(let text)):
            guard let timestamp = StreamTimestamp(rfc3339: text.trimmingCharacters(in: .whitespaces)) else {
                throw .badRequest("Invalid Stream-Expires-At timestamp: must be an RFC 3339 date-time")
            }
            expiry = .expiresAt(timestamp)
        case (nil, nil):
            break
        }
        var create = CreateStream(
            contentType: requestedContentType, expiry: expiry, closed: streamClosedHeader(in: request), fork: fork,
            body: try await collectBody(request, channel: channel))
        create.retention = try retention(in: request)
        if !create.retention.keepsEverything, !(operations.storage is any StreamRetentionControl) {
            throw Self.retentionUnsupported
        }
        let result: CreateResult
        do {
            result = try await operations.create(path, create)
        } catch {
            throw RequestFailure(.storageError(error))
        }
        let info = result.info
        var fields = HTTPFields()
        fields[.contentType] = info.configuration.contentType
        fields[ProtocolHeader.streamIncarnation] = info.incarnation
        fields[ProtocolHeader.streamNextOffset] = info.tail.token
        fields[.cacheControl] = "no-store"
        if info.isClosed { fields[ProtocolHeader.streamClosed] = "true" }
        Self.addRetentionFields(info, to: &fields)
        if case .created = result {
            fields[.location] = location(of: path, request: request)
            return Reply(.created, fields: fields)
        }
        return Reply(.ok, fields: fields)
    }

    /// `POST`: appends to, or closes, a stream.
    func append(_ path: StreamPath, _ request: Request, channel: any Channel) async throws(RequestFailure) -> Reply {
        let headers = try appendHeaders(in: request)
        if let limit = streamedAppendLimit(for: request), let contentType = headers.contentType {
            // Checked by `streamedAppendLimit(for:)`.
            let validated = try validatedContentType(contentType)
            var appendRequest = AppendRequest(
                payload: [], contentType: validated, streamSequence: headers.streamSequence,
                producer: headers.producer, closeStream: headers.close)
            appendRequest.expectedIncarnation = headers.expectedIncarnation
            return try await streamedAppend(path, appendRequest, request, limit: limit, channel: channel)
        }
        let append = try appendCommand(headers, body: try await collectBody(request, channel: channel))
        do {
            return Self.appendReply(.success(try await operations.append(path, append)), headers)
        } catch {
            return Self.appendReply(.failure(error), headers)
        }
    }

    /// What a `POST` says in its headers about its append.
    struct AppendHeaders {
        /// `Stream-Closed: true`.
        var close: Bool
        var producer: ProducerStamp?
        var streamSequence: String?
        /// As sent; validated with the body.
        var contentType: String?
        var expectedIncarnation: String?
    }

    /// Reads an append's headers, refusing malformed ones (`400`).
    func appendHeaders(in request: Request) throws(RequestFailure) -> AppendHeaders {
        let close = streamClosedHeader(in: request)
        let producer = try producerStamp(in: request)
        let streamSequence = try singleValue(ProtocolHeader.streamSeq, in: request)
        if let streamSequence, streamSequence.isEmpty || streamSequence.utf8.count > 256 {
            throw .badRequest("Invalid Stream-Seq: must be 1 to 256 bytes")
        }
        return AppendHeaders(
            close: close, producer: producer, streamSequence: streamSequence,
            contentType: try singleValue(.contentType, in: request),
            expectedIncarnation: try expectedIncarnation(in: request))
    }

    /// The append its headers and whole body ask for: data needs a valid `Content-Type`; no data needs
    /// `Stream-Closed: true`.
    func appendCommand(_ headers: AppendHeaders, body: [UInt8]) throws(RequestFailure) -> AppendToStream {
        guard !body.isEmpty || headers.close else { throw Self.emptyAppend }
        var append = AppendToStream(
            body: body, streamSequence: headers.streamSequence, producer: headers.producer, close: headers.close)
        append.expectedIncarnation = headers.expectedIncarnation
        if !body.isEmpty {
            guard let contentType = headers.contentType else { throw .badRequest("Content-Type header is required") }
            append.contentType = try validatedContentType(contentType)
        }
        return append
    }

    /// The answer to an append the store made or refused.
    static func appendReply(_ outcome: Result<AppendResult, StreamStorageError>, _ headers: AppendHeaders) -> Reply {
        switch outcome {
        case .success(let result):
            var reply = appendReply(result, producer: headers.producer)
            // Only the incarnation the store checked is known here.
            reply.fields[ProtocolHeader.streamIncarnation] = headers.expectedIncarnation
            return reply
        case .failure(let error):
            return .storageError(error)
        }
    }

    /// The `400` for a `POST` without a body or `Stream-Closed: true`.
    static var emptyAppend: RequestFailure {
        .badRequest("Empty body: an append needs data (or Stream-Closed: true to close)")
    }

    /// The answer to an accepted append, close or producer retry.
    static func appendReply(_ result: AppendResult, producer: ProducerStamp?) -> Reply {
        var fields = HTTPFields()
        fields[.cacheControl] = "no-store"
        switch result {
        case .appended(let tail, let closed):
            fields[ProtocolHeader.streamNextOffset] = tail.token
            if closed { fields[ProtocolHeader.streamClosed] = "true" }
            if let producer {
                fields[ProtocolHeader.producerEpoch] = String(producer.epoch)
                fields[ProtocolHeader.producerSeq] = String(producer.sequence)
                return Reply(.ok, fields: fields)
            }
            return Reply(.noContent, fields: fields)
        case .closed(let tail):
            fields[ProtocolHeader.streamNextOffset] = tail.token
            fields[ProtocolHeader.streamClosed] = "true"
            if let producer {
                fields[ProtocolHeader.producerEpoch] = String(producer.epoch)
                fields[ProtocolHeader.producerSeq] = String(producer.sequence)
            }
            return Reply(.noContent, fields: fields)
        case .duplicate(let tail, let lastSequence, let closed):
            fields[ProtocolHeader.streamNextOffset] = tail.token
            if closed { fields[ProtocolHeader.streamClosed] = "true" }
            fields[ProtocolHeader.producerEpoch] = String(producer?.epoch ?? 0)
            fields[ProtocolHeader.producerSeq] = String(lastSequence)
            return Reply(.noContent, fields: fields)
        }
    }

    /// `DELETE`: deletes a stream.
    func delete(_ path: StreamPath) async -> Reply {
        do {
            try await operations.delete(path)
        } catch {
            return .storageError(error)
        }
        var fields = HTTPFields()
        fields[.cacheControl] = "no-store"
        return Reply(.noContent, fields: fields)
    }

    /// The fork headers of a `PUT`: `Stream-Forked-From` (a stream path), and with it optionally
    /// `Stream-Fork-Offset` (an offset) and `Stream-Fork-Sub-Offset` (a non-negative integer without leading
    /// zeros); `nil` when none is sent. The content type is settled by the caller.
    func forkRequest(in request: Request) throws(RequestFailure) -> ForkRequest? {
        let source = try singleValue(ProtocolHeader.streamForkedFrom, in: request)
        let offset = try singleValue(ProtocolHeader.streamForkOffset, in: request)
        let subOffset = try singleValue(ProtocolHeader.streamForkSubOffset, in: request)
        guard let source else {
            if offset != nil || subOffset != nil {
                throw .badRequest("Stream-Fork-Offset and Stream-Fork-Sub-Offset require Stream-Forked-From")
            }
            return nil
        }
        let location: StreamRoot.Location
        do {
            location = try settings.root.locate(Substring(source.trimmingCharacters(in: .whitespaces)))
        } catch {
            throw .badRequest("Invalid Stream-Forked-From: \(error.message)")
        }
        guard case .stream(let sourcePath) = location else {
            throw .badRequest("Invalid Stream-Forked-From: \(source) is not a stream under this server's root")
        }
        var fork = ForkRequest(source: sourcePath, inheritsContentType: false)
        if let offset {
            guard let parsed = StreamOffset(token: offset.trimmingCharacters(in: .whitespaces)) else {
                throw .badRequest("Invalid Stream-Fork-Offset format: \(offset)")
            }
            fork.offset = parsed
        }
        if let subOffset {
            guard let parsed = Self.strictInteger(subOffset), subOffset == "0" || !subOffset.hasPrefix("0") else {
                throw .badRequest(
                    "Invalid Stream-Fork-Sub-Offset: must be a non-negative integer without sign or leading zeros")
            }
            fork.subOffset = parsed
        }
        return fork
    }

    /// `Stream-TTL`: decimal digits, no sign, no leading zeros (`0` itself is allowed), at most ten years.
    static func ttlSeconds(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.count <= 12,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            text == "0" || !text.hasPrefix("0"), let value = UInt64(text), value <= maximumTimeToLive
        else { return nil }
        return value
    }

    /// The absolute URL of a stream.
    private func location(of path: StreamPath, request: Request) -> String {
        origin(of: request) + path.value
    }

    /// `http://` and the request's `Host` (the listening address is not known to be reachable by the client);
    /// `localhost` when the `Host` could not be part of a URL.
    func origin(of request: Request) -> String {
        let host = request.head.authority ?? "localhost"
        let safeHost = host.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") } ? host : "localhost"
        return "http://\(safeHost)"
    }
}
#endif
