import Foundation

/// What a request was doing, so a status can be mapped to the right error.
struct RequestContext: Sendable {
    enum Operation: Sendable {
        case create, append, close, read, head, delete, producerAppend
    }

    var operation: Operation
    var url: URL
    var method: HTTPRequest.Method
    var offset: Offset?
    var producerId: String?
    var sentStreamSeq: Bool = false

    /// `METHOD /path` for messages.
    var label: String {
        "\(method.rawValue) \(url.path)"
    }
}

extension DurableStreamError {
    /// Maps an error status to an error, reading the protocol's headers and a bounded part of the body.
    static func from(status: Int, headers: HTTPHeaders, body: Data, context: RequestContext) -> DurableStreamError {
        let text = Self.snippet(body)
        let message = text.isEmpty ? context.label : "\(context.label): \(text)"
        switch status {
        case 400:
            return .badRequest(message: message)
        case 401:
            return .unauthorized(message: message)
        case 403:
            if context.operation == .producerAppend || context.producerId != nil,
                let epoch = headers[ProtocolHeader.producerEpoch].flatMap({ Int($0) })
            {
                return .staleEpoch(producerId: context.producerId ?? "", currentEpoch: epoch)
            }
            return .forbidden(message: message)
        case 404:
            return .notFound(url: context.url)
        case 405, 501:
            return .notSupported(status: status, message: message)
        case 409:
            if headers[ProtocolHeader.streamClosed]?.lowercased() == "true" {
                return .streamClosed(finalOffset: headers[ProtocolHeader.nextOffset].map(Offset.init(rawValue:)))
            }
            if let expected = headers[ProtocolHeader.producerExpectedSeq].flatMap({ Int($0) }) {
                let received = headers[ProtocolHeader.producerReceivedSeq].flatMap { Int($0) } ?? -1
                return .sequenceGap(expected: expected, received: received)
            }
            if context.sentStreamSeq {
                return .sequenceConflict(message: message)
            }
            return .conflict(message: message)
        case 410:
            if context.operation == .read, let offset = context.offset {
                return .retentionExpired(offset: offset)
            }
            return .gone(message: message)
        case 413:
            return .payloadTooLarge(message: message)
        case 429:
            return .rateLimited(retryAfter: parseRetryAfter(headers["Retry-After"]))
        case 503:
            return .serverBusy(retryAfter: parseRetryAfter(headers["Retry-After"]))
        case 500...599:
            return .serverError(status: status, message: message)
        default:
            return .unexpectedStatus(status: status, message: message)
        }
    }

    /// Reads `Retry-After` given as delta-seconds (HTTP dates are treated as absent).
    static func parseRetryAfter(_ value: String?) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), let seconds = Double(value), seconds >= 0,
            seconds.isFinite
        else { return nil }
        return .milliseconds(Int64(min(seconds, 3600) * 1000))
    }

    /// The first 200 characters of an error body, as text.
    static func snippet(_ body: Data) -> String {
        let prefix = body.prefix(200)
        return String(decoding: prefix, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The protocol's header names.
enum ProtocolHeader {
    static let nextOffset = "Stream-Next-Offset"
    static let cursor = "Stream-Cursor"
    static let upToDate = "Stream-Up-To-Date"
    static let streamClosed = "Stream-Closed"
    static let streamSeq = "Stream-Seq"
    static let ttl = "Stream-TTL"
    static let expiresAt = "Stream-Expires-At"
    static let forkedFrom = "Stream-Forked-From"
    static let forkOffset = "Stream-Fork-Offset"
    static let forkSubOffset = "Stream-Fork-Sub-Offset"
    static let producerId = "Producer-Id"
    static let producerEpoch = "Producer-Epoch"
    static let producerSeq = "Producer-Seq"
    static let producerExpectedSeq = "Producer-Expected-Seq"
    static let producerReceivedSeq = "Producer-Received-Seq"
    static let sseDataEncoding = "Stream-SSE-Data-Encoding"
    static let contentType = "Content-Type"
}
