#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// The `413` response for a body over the limit; the connection is closed since the body is not read.
    static func tooLarge(_ limit: Int) -> Reply {
        var reply = Reply.error(.contentTooLarge, "Request body is larger than the limit of \(limit) bytes")
        reply.closesConnection = true
        return reply
    }

    /// Reads the whole request body, refusing it beyond the size limit (`413`) and closing the connection if
    /// the client takes longer than the body timeout (see ``RequestBodyReader``).
    func collectBody(_ request: Request, channel: any Channel) async throws(RequestFailure) -> [UInt8] {
        let reader = try RequestBodyReader(
            request, channel: channel, limit: settings.maximumBodyBytes, timeout: settings.bodyTimeout)
        var bytes: [UInt8] = []
        while let part = try await reader.next() {
            bytes.append(contentsOf: part.readableBytesView)
        }
        return bytes
    }

    /// The single value of a header, `nil` when absent; `400` when it is sent more than once.
    func singleValue(_ name: HTTPField.Name, in request: Request) throws(RequestFailure) -> String? {
        // Over the fields rather than `headers[values:]`, which builds an array on every request.
        var value: String?
        for field in request.headers where field.name == name {
            guard value == nil else { throw .badRequest("\(name.rawName) must be sent at most once") }
            value = field.value
        }
        return value
    }

    /// Whether `Stream-Closed: true` (case-insensitive) is present; any other value means absent.
    func streamClosedHeader(in request: Request) -> Bool {
        request.headers.contains { field in
            field.name == ProtocolHeader.streamClosed
                && HeaderText.folded(field.value[...]) == "true"
        }
    }

    /// A content type of the form `type/subtype` with optional parameters, or `400`.
    func validatedContentType(_ value: String) throws(RequestFailure) -> String {
        let trimmed = String(HeaderText.trimmed(value[...]))
        let media = StreamConfiguration.mediaType(of: trimmed)
        let slash = media.firstIndex(of: "/") ?? media.endIndex
        let type = media[..<slash]
        let subtype = slash < media.endIndex ? media[media.index(after: slash)...] : ""
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
        // Tokens hold no `/`, so `type/sub/more` is refused by the subtype's check.
        guard slash < media.endIndex, isToken(type), isToken(subtype), trimmed.utf8.count <= 256 || trimmed.count <= 256
        else {
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
