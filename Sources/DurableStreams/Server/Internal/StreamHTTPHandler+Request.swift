#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension StreamHTTPHandler {
    /// The `413` response for a body over the limit; the connection is closed since the body is not read.
    static func tooLarge(_ limit: Int) -> Reply {
        var reply = Reply.error(.contentTooLarge, "Request body is larger than the limit of \(limit) bytes")
        reply.closesConnection = true
        return reply
    }

    /// Reads the whole request body, refusing it beyond the size limit (`413`) and closing the connection if
    /// the client takes longer than the body timeout.
    func collectBody(_ request: Request, channel: any Channel) async throws(RequestFailure) -> [UInt8] {
        let limit = settings.maximumBodyBytes
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw RequestFailure(Self.tooLarge(limit))
        }
        // `chunked` is the only transfer coding the server decodes: with any other (`gzip, chunked`) the
        // bytes are still encoded, so storing them would store something the client did not mean.
        let transferCodings = request.headers[values: .transferEncoding].flatMap { value in
            value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }
        if let coding = transferCodings.first(where: { $0 != "chunked" }) {
            var reply = Reply.error(.notImplemented, "Transfer-Encoding \(coding) is not supported (only chunked)")
            reply.closesConnection = true
            throw RequestFailure(reply)
        }
        if let encoding = request.headers[.contentEncoding]?.trimmingCharacters(in: .whitespaces).lowercased(),
            !encoding.isEmpty, encoding != "identity"
        {
            throw RequestFailure(
                .error(.unsupportedMediaType, "Content-Encoding \(encoding) is not supported for request bodies"))
        }
        // A client that sends its body too slowly gets 408: the deadline stops the reading, the answer goes
        // out, and the connection is closed after it.
        let expired = Locked(false)
        let deadline = channel.eventLoop.scheduleTask(in: TimeAmount(settings.bodyTimeout)) {
            expired.withLock { $0 = true }
            channel.close(mode: .input, promise: nil)
        }
        defer { deadline.cancel() }
        var bytes: [UInt8] = []
        var failed = false
        do {
            for try await part in request.body {
                guard bytes.count + part.readableBytes <= limit else { throw RequestFailure(Self.tooLarge(limit)) }
                bytes.append(contentsOf: part.readableBytesView)
            }
        } catch let failure as RequestFailure {
            throw failure
        } catch {
            failed = true
        }
        if expired.value {
            var reply = Reply.error(.requestTimeout, "The request body was not received in time")
            reply.closesConnection = true
            throw RequestFailure(reply)
        }
        if failed {
            // The body could not be decoded (a malformed chunk, for example): the connection's framing is lost.
            var reply = Reply.error(.badRequest, "Malformed request body")
            reply.closesConnection = true
            throw RequestFailure(reply)
        }
        return bytes
    }

    /// The single value of a header, `nil` when absent; `400` when it is sent more than once.
    func singleValue(_ name: HTTPField.Name, in request: Request) throws(RequestFailure) -> String? {
        let values = request.headers[values: name]
        guard values.count <= 1 else { throw .badRequest("\(name.rawName) must be sent at most once") }
        return values.first
    }

    /// Whether `Stream-Closed: true` (case-insensitive) is present; any other value means absent.
    func streamClosedHeader(in request: Request) -> Bool {
        request.headers[values: ProtocolHeader.streamClosed].contains {
            $0.trimmingCharacters(in: .whitespaces).lowercased() == "true"
        }
    }

    /// A content type of the form `type/subtype` with optional parameters, or `400`.
    func validatedContentType(_ value: String) throws(RequestFailure) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        let media = StreamConfiguration.mediaType(of: trimmed)
        let parts = media.split(separator: "/", omittingEmptySubsequences: false)
        let isToken: (Substring) -> Bool = { part in
            !part.isEmpty
                && part.utf8.allSatisfy { byte in
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
                    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
                        UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                        UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                        true
                    default: false
                    }
                }
        }
        guard parts.count == 2, isToken(parts[0]), isToken(parts[1]), trimmed.count <= 256 else {
            throw .badRequest("Invalid Content-Type: \(value)")
        }
        return trimmed
    }

    /// The idempotent-producer headers: all three or none, non-empty id, integers in 0...2^53-1.
    func producerStamp(in request: Request) throws(RequestFailure) -> ProducerStamp? {
        let id = try singleValue(ProtocolHeader.producerID, in: request)
        let epoch = try singleValue(ProtocolHeader.producerEpoch, in: request)
        let sequence = try singleValue(ProtocolHeader.producerSeq, in: request)
        if id == nil && epoch == nil && sequence == nil { return nil }
        guard let id, let epoch, let sequence else {
            throw .badRequest(
                "All producer headers (Producer-Id, Producer-Epoch, Producer-Seq) must be provided together")
        }
        guard !id.isEmpty else { throw .badRequest("Invalid Producer-Id: must not be empty") }
        guard id.utf8.count <= 256 else { throw .badRequest("Invalid Producer-Id: must be at most 256 bytes") }
        guard let epochValue = Self.strictInteger(epoch) else {
            throw .badRequest("Invalid Producer-Epoch: must be a non-negative integer at most 2^53-1")
        }
        guard let sequenceValue = Self.strictInteger(sequence) else {
            throw .badRequest("Invalid Producer-Seq: must be a non-negative integer at most 2^53-1")
        }
        return ProducerStamp(id: id, epoch: epochValue, sequence: sequenceValue)
    }

    /// Digits only, at most 2^53-1.
    static func strictInteger(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.count <= 16,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let value = UInt64(text), value <= ProducerStamp.maximumNumber
        else { return nil }
        return value
    }
}
#endif
