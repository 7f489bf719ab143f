import CourierPrimitives
import Foundation

/// What a request was doing, so a status can be mapped to the right error.
@available(OS2022, *)
struct RequestContext: Sendable {
    enum Operation: Sendable {
        case create, append, close, read, head, delete, producerAppend, subscription
    }

    var operation: Operation
    var url: URL
    var method: StreamHTTPRequest.Method
    var offset: Offset?
    var producerId: String?
    var sentStreamSeq: Bool = false

    /// `METHOD /path` for messages.
    var label: String {
        "\(method.rawValue) \(url.path)"
    }
}

@available(OS2022, *)
extension DurableStreamError {
    /// Maps an error status to an error, reading the protocol's headers and a bounded part of the body.
    static func from(status: Int, headers: StreamHTTPHeaders, body: Data, context: RequestContext) -> DurableStreamError
    {
        let text = Self.snippet(body)
        let message = text.isEmpty ? context.label : "\(context.label): \(text)"
        var details = Context(url: context.url, status: status, requestId: Self.requestId(headers))
        func error(_ code: Code, _ title: String) -> DurableStreamError {
            DurableStreamError(code, "\(title): \(message)", context: details)
        }
        if let failure = ProtocolErrorBody(body) {
            details.serverCode = failure.code
            details.holder = failure.holder
            details.generation = failure.generation
            let text = "\(context.label): \(failure.code)" + (failure.message.map { " (\($0))" } ?? "")
            switch failure.code {
            case "FENCED": return DurableStreamError(.fenced, "Fenced: \(text)", context: details)
            case "ALREADY_CLAIMED":
                let holder = failure.holder.map { " by \($0)" } ?? ""
                return DurableStreamError(.alreadyClaimed, "Already claimed\(holder): \(text)", context: details)
            case "NO_PENDING_WORK":
                return DurableStreamError(.noPendingWork, "No pending work: \(text)", context: details)
            case "SUBSCRIPTION_NOT_FOUND":
                return DurableStreamError(.notFound, "Subscription not found: \(text)", context: details)
            default: break
            }
        }
        switch status {
        case 400:
            return error(.badRequest, "Bad request")
        case 401:
            return error(.unauthorized, "Unauthorized")
        case 403:
            if context.operation == .producerAppend || context.producerId != nil,
                let epoch = headers[ProtocolHeader.producerEpoch].flatMap({ Int($0) })
            {
                let id = context.producerId ?? ""
                details.producerId = id
                details.producerEpoch = epoch
                let text = "Producer \(id) is fenced: the server's epoch is \(epoch)"
                return DurableStreamError(.staleEpoch, text, context: details)
            }
            return error(.forbidden, "Forbidden")
        case 404:
            return DurableStreamError(.notFound, "Stream not found: \(context.url.absoluteString)", context: details)
        case 405, 501:
            return error(.notSupported, "Operation not supported (\(status))")
        case 409:
            return conflict(headers: headers, context: context, details: details, message: message)
        case 410:
            if context.operation == .read, let offset = context.offset {
                details.offset = offset
                if let earliest = headers[ProtocolHeader.earliestOffset] {
                    details.earliestOffset = Offset(rawValue: earliest)
                    let text = "Offset \(offset) was dropped by the stream's retention; the earliest is \(earliest)"
                    return DurableStreamError(.retentionExpired, text, context: details)
                }
                // The server's own words when it sent any: a 410 also answers a read of a stream that was
                // deleted (kept only for its forks), which the offset has nothing to do with.
                let reason = text.isEmpty ? "Offset \(offset) is older than the stream retains" : "Gone: \(message)"
                return DurableStreamError(.retentionExpired, reason, context: details)
            }
            return error(.gone, "Stream gone")
        case 412 where headers[ProtocolHeader.incarnation] != nil:
            details.incarnation = headers[ProtocolHeader.incarnation]
            let now = details.incarnation ?? ""
            return DurableStreamError(
                .incarnationChanged, "Stream was deleted and created again (incarnation \(now)): \(context.label)",
                context: details)
        case 413:
            return error(.payloadTooLarge, "Payload too large")
        case 429, 503:
            details.retryAfter = parseRetryAfter(headers["Retry-After"], date: headers["Date"])
            let title = (status == 429 ? "Rate limited" : "Server busy")
            return error(status == 429 ? .rateLimited : .serverBusy, title)
        case 500...599:
            return error(.serverError, "Server error \(status)")
        default:
            return error(.unexpectedStatus, "Unexpected status \(status)")
        }
    }

    /// Maps a 409 by the protocol's headers: a closed stream, a producer gap, a `Stream-Seq` conflict, or a
    /// configuration conflict.
    private static func conflict(
        headers: StreamHTTPHeaders, context: RequestContext, details: Context, message: String
    ) -> DurableStreamError {
        var details = details
        if headers[ProtocolHeader.streamClosed]?.lowercased() == "true" {
            details.offset = headers[ProtocolHeader.nextOffset].map(Offset.init(rawValue:))
            let at = details.offset.map { " at offset \($0)" } ?? ""
            return DurableStreamError(.streamClosed, "Stream is closed\(at)", context: details)
        }
        if let expected = headers[ProtocolHeader.producerExpectedSeq].flatMap({ Int($0) }) {
            let received = headers[ProtocolHeader.producerReceivedSeq].flatMap { Int($0) } ?? -1
            details.producerId = context.producerId
            details.expectedSequence = expected
            details.receivedSequence = received
            let text = "Producer sequence gap: expected \(expected), received \(received)"
            return DurableStreamError(.sequenceGap, text, context: details)
        }
        if context.sentStreamSeq {
            let text = "Stream-Seq conflict (sequence did not increase): \(message)"
            return DurableStreamError(.sequenceConflict, text, context: details)
        }
        return DurableStreamError(.conflict, "Stream conflict: \(message)", context: details)
    }

    /// The server's request or trace id, from the first of the usual headers it sent.
    static func requestId(_ headers: StreamHTTPHeaders) -> String? {
        ["X-Request-Id", "Trace-Id", "traceparent"].lazy.compactMap { headers[$0] }.first
    }

    /// Reads `Retry-After` as delta-seconds or as an HTTP date (RFC 9110 §10.2.3).
    ///
    /// A date is measured from the response's own `Date` when it has one, so a client whose clock is off waits
    /// what the server meant; otherwise from `now`. A date in the past means no wait; anything else is ignored.
    static func parseRetryAfter(_ value: String?, date: String? = nil, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return Double(value).map(Duration.clampedSeconds)
        }
        guard let target = HTTPDate.parse(value, now: now) else { return nil }
        let reference = date.flatMap { HTTPDate.parse($0, now: now) } ?? now
        return .clampedSeconds(target.timeIntervalSince(reference))
    }

    /// The first 200 characters of an error body, as text.
    static func snippet(_ body: Data) -> String {
        let prefix = body.prefix(200)
        return String(decoding: prefix, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The protocol's header names.
@available(OS2022, *)
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
    static let earliestOffset = "Stream-Earliest-Offset"
    static let retentionMaxAge = "Stream-Retention-Max-Age"
    static let retentionMaxBytes = "Stream-Retention-Max-Bytes"
    static let producerId = "Producer-Id"
    static let producerEpoch = "Producer-Epoch"
    static let producerSeq = "Producer-Seq"
    static let producerExpectedSeq = "Producer-Expected-Seq"
    static let producerReceivedSeq = "Producer-Received-Seq"
    static let sseDataEncoding = "Stream-SSE-Data-Encoding"
    static let contentType = "Content-Type"
    static let incarnation = "Stream-Incarnation"
    static let ifIncarnation = "Stream-If-Incarnation"
}

/// The protocol's JSON error body, `{"error":{"code":…,"message":…}}`, as the subscription APIs send it.
@available(OS2022, *)
struct ProtocolErrorBody: Decodable {
    struct Detail: Decodable {
        var code: String
        var message: String?
        var currentHolder: String?
        var generation: Int?

        enum CodingKeys: String, CodingKey {
            case code, message, generation
            case currentHolder = "current_holder"
        }
    }

    var error: Detail

    var code: String { error.code }
    var message: String? { error.message }
    var holder: String? { error.currentHolder }
    var generation: Int? { error.generation }

    /// The error a body holds, if it is such a body.
    init?(_ body: Data) {
        guard body.first == UInt8(ascii: "{"), let decoded = try? JSONDecoder().decode(Self.self, from: body) else {
            return nil
        }
        self = decoded
    }
}
