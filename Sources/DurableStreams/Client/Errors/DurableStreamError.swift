import Foundation

/// Everything that can go wrong talking to a Durable Streams server.
///
/// Statuses map to cases as the protocol defines them (see ``status``); network failures, timeouts and
/// malformed responses have cases of their own, so callers can tell a retryable hiccup from a real refusal.
public enum DurableStreamError: Error, Sendable {
    // MARK: - Client errors (4xx)

    /// The stream already exists with a different configuration, or the request conflicts with it (409).
    case conflict(message: String)

    /// The stream does not exist (404).
    case notFound(url: URL)

    /// Authentication is required (401).
    case unauthorized(message: String)

    /// Permission denied (403 outside a producer context).
    case forbidden(message: String)

    /// The server rejected the request as malformed, e.g. an invalid offset (400).
    case badRequest(message: String)

    /// The requested offset is older than the stream retains (410 on a read).
    case retentionExpired(offset: Offset)

    /// The stream is gone: deleted but still referenced by forks (410 outside a read).
    case gone(message: String)

    /// The stream is closed: it accepts no more appends (409 with `Stream-Closed: true`).
    case streamClosed(finalOffset: Offset?)

    /// A `Stream-Seq` value did not increase (409 on an append carrying `Stream-Seq`).
    case sequenceConflict(message: String)

    /// The request body is larger than the server accepts (413).
    case payloadTooLarge(message: String)

    /// The server does not support this operation on this stream (405 or 501).
    case notSupported(status: Int, message: String)

    /// Too many requests (429); `retryAfter` is the server's `Retry-After`, if it sent one.
    case rateLimited(retryAfter: Duration?)

    // MARK: - Producer errors

    /// A newer producer epoch has fenced this one (403 with `Producer-Epoch`).
    case staleEpoch(producerId: String, currentEpoch: Int)

    /// The server expected an earlier producer sequence number (409 with `Producer-Expected-Seq`).
    case sequenceGap(expected: Int, received: Int)

    /// The producer was closed or detached; it accepts no more appends.
    case producerClosed

    // MARK: - Server errors (5xx)

    /// The server is temporarily unavailable (503).
    case serverBusy(retryAfter: Duration?)

    /// Any other server error.
    case serverError(status: Int, message: String)

    /// A status the protocol does not define for this request.
    case unexpectedStatus(status: Int, message: String)

    // MARK: - Transport and data errors

    /// The connection failed or dropped.
    case connectionFailed(underlying: any Error)

    /// The server did not answer in time.
    case timeout

    /// The calling task was cancelled.
    case cancelled

    /// The server answered SSE requests with something other than an event stream.
    case sseNotSupported

    /// The response broke the protocol: a missing header, a truncated or malformed body, a malformed SSE
    /// event, invalid base64.
    case invalidResponse(message: String)

    /// The data could not be decoded into the requested type.
    case decodingFailed(message: String)

    /// The data could not be encoded for sending.
    case encodingFailed(message: String)

    /// An argument was invalid; no request was sent.
    case invalidArgument(message: String)
}

extension DurableStreamError {
    /// The HTTP status behind the error, when there is one.
    public var status: Int? {
        switch self {
        case .conflict, .streamClosed, .sequenceConflict, .sequenceGap: 409
        case .notFound: 404
        case .unauthorized: 401
        case .forbidden, .staleEpoch: 403
        case .badRequest: 400
        case .retentionExpired, .gone: 410
        case .payloadTooLarge: 413
        case .notSupported(let status, _): status
        case .rateLimited: 429
        case .serverBusy: 503
        case .serverError(let status, _), .unexpectedStatus(let status, _): status
        case .producerClosed, .connectionFailed, .timeout, .cancelled, .sseNotSupported, .invalidResponse,
            .decodingFailed, .encodingFailed, .invalidArgument:
            nil
        }
    }

    /// Whether the failure is transient: retrying the same request later may succeed.
    public var isTransient: Bool {
        switch self {
        case .rateLimited, .serverBusy, .serverError, .connectionFailed, .timeout: true
        default: false
        }
    }

    /// The delay the server asked for with `Retry-After`, if any.
    public var retryAfter: Duration? {
        switch self {
        case .rateLimited(let delay), .serverBusy(let delay): delay
        default: nil
        }
    }
}

extension DurableStreamError: CustomStringConvertible, LocalizedError {
    /// A readable description naming the stream where one is known.
    public var description: String {
        switch self {
        case .conflict(let message): "Stream conflict: \(message)"
        case .notFound(let url): "Stream not found: \(url.absoluteString)"
        case .unauthorized(let message): "Unauthorized: \(message)"
        case .forbidden(let message): "Forbidden: \(message)"
        case .badRequest(let message): "Bad request: \(message)"
        case .retentionExpired(let offset): "Offset \(offset) is older than the stream retains"
        case .gone(let message): "Stream gone: \(message)"
        case .streamClosed(let offset): "Stream is closed" + (offset.map { " at offset \($0)" } ?? "")
        case .sequenceConflict(let message): "Stream-Seq conflict (sequence did not increase): \(message)"
        case .payloadTooLarge(let message): "Payload too large: \(message)"
        case .notSupported(let status, let message): "Operation not supported (\(status)): \(message)"
        case .rateLimited(let delay): "Rate limited" + (delay.map { ", retry after \($0)" } ?? "")
        case .staleEpoch(let id, let epoch): "Producer \(id) is fenced: the server's epoch is \(epoch)"
        case .sequenceGap(let expected, let received):
            "Producer sequence gap: expected \(expected), received \(received)"
        case .producerClosed: "The producer is closed"
        case .serverBusy(let delay): "Server busy" + (delay.map { ", retry after \($0)" } ?? "")
        case .serverError(let status, let message): "Server error \(status): \(message)"
        case .unexpectedStatus(let status, let message): "Unexpected status \(status): \(message)"
        case .connectionFailed(let error): "Connection failed: \(error)"
        case .timeout: "The request timed out"
        case .cancelled: "The operation was cancelled"
        case .sseNotSupported: "The server does not support SSE for this stream"
        case .invalidResponse(let message): "Invalid response: \(message)"
        case .decodingFailed(let message): "JSON decoding failed: \(message)"
        case .encodingFailed(let message): "Encoding failed: \(message)"
        case .invalidArgument(let message): "Invalid argument: \(message)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
