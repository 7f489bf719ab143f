public import Foundation

/// The one error type of the Durable Streams client.
///
/// Every throwing API of the client throws `DurableStreamError`. Match on its ``code``, which can grow new values
/// in any release without breaking your `switch` or `catch`:
///
/// ```swift
/// do {
///     try await handle.appendSync(message)
/// } catch DurableStreamError.streamClosed {
///     // The stream accepts no more appends; `error.context.offset` is its final offset.
/// } catch {
///     // Network, timeout, refusal, …
/// }
/// ```
///
/// Statuses map to codes as the protocol defines them (see ``Context/status``); network failures, timeouts and
/// malformed responses have codes of their own, so callers can tell a retryable hiccup from a real refusal.
@available(OS2022, *)
public struct DurableStreamError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// What kind of failure this is. New codes may be added in any release.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case conflict, notFound, unauthorized, forbidden, badRequest, retentionExpired, gone, streamClosed
            case sequenceConflict, payloadTooLarge, notSupported, rateLimited, staleEpoch, sequenceGap
            case producerClosed, serverBusy, serverError, unexpectedStatus, connectionFailed, timeout, cancelled
            case sseNotSupported, invalidResponse, decodingFailed, encodingFailed, invalidArgument
            case fenced, alreadyClaimed, noPendingWork, invalidSignature, transportShutDown
            case incarnationChanged
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The stream already exists with a different configuration, or the request conflicts with it (409).
        public static let conflict = Code(.conflict)
        /// The stream does not exist (404); ``Context/url`` names it.
        public static let notFound = Code(.notFound)
        /// Authentication is required (401).
        public static let unauthorized = Code(.unauthorized)
        /// Permission denied (403 outside a producer context).
        public static let forbidden = Code(.forbidden)
        /// The server rejected the request as malformed, for example an invalid offset (400).
        public static let badRequest = Code(.badRequest)
        /// The requested offset (``Context/offset``) is older than the stream retains (410 on a read);
        /// ``Context/earliestOffset`` is where what remains begins, when the server said (`Stream-Earliest-Offset`).
        /// Resume there with ``DurableStreamHandle/streamSkippingDropped(from:live:)``.
        public static let retentionExpired = Code(.retentionExpired)
        /// The stream is gone: deleted but still referenced by forks (410 outside a read).
        public static let gone = Code(.gone)
        /// The stream is closed and accepts no more appends (409 with `Stream-Closed: true`); ``Context/offset``
        /// is its final offset when the server sent one.
        public static let streamClosed = Code(.streamClosed)
        /// A `Stream-Seq` value did not increase (409 on an append carrying `Stream-Seq`).
        public static let sequenceConflict = Code(.sequenceConflict)
        /// The request body is larger than the server accepts (413).
        public static let payloadTooLarge = Code(.payloadTooLarge)
        /// The server does not support this operation on this stream (405 or 501).
        public static let notSupported = Code(.notSupported)
        /// Too many requests (429); ``DurableStreamError/retryAfter`` is the server's `Retry-After`, if any.
        public static let rateLimited = Code(.rateLimited)
        /// A newer producer epoch fenced this one (403 with `Producer-Epoch`); see ``Context/producerEpoch``.
        public static let staleEpoch = Code(.staleEpoch)
        /// The server expected an earlier producer sequence number (409 with `Producer-Expected-Seq`); see
        /// ``Context/expectedSequence`` and ``Context/receivedSequence``.
        public static let sequenceGap = Code(.sequenceGap)
        /// The producer was closed or detached; it accepts no more appends.
        public static let producerClosed = Code(.producerClosed)
        /// The server is temporarily unavailable (503).
        public static let serverBusy = Code(.serverBusy)
        /// Any other server error (5xx).
        public static let serverError = Code(.serverError)
        /// A status the protocol does not define for this request.
        public static let unexpectedStatus = Code(.unexpectedStatus)
        /// The connection failed or dropped; ``DurableStreamError/underlying`` holds the cause.
        public static let connectionFailed = Code(.connectionFailed)
        /// The server did not answer in time.
        public static let timeout = Code(.timeout)
        /// The calling task was cancelled.
        public static let cancelled = Code(.cancelled)
        /// The server answered an SSE request with something other than an event stream.
        public static let sseNotSupported = Code(.sseNotSupported)
        /// The response broke the protocol: a missing header, a truncated or malformed body or SSE event.
        public static let invalidResponse = Code(.invalidResponse)
        /// The data could not be decoded into the requested type.
        public static let decodingFailed = Code(.decodingFailed)
        /// The data could not be encoded for sending.
        public static let encodingFailed = Code(.encodingFailed)
        /// An argument was invalid; no request was sent.
        public static let invalidArgument = Code(.invalidArgument)
        /// A subscription's wake has moved on: the generation or wake id of an ack, callback or release is stale
        /// (409 `FENCED`). Whatever the request acknowledged was not applied.
        public static let fenced = Code(.fenced)
        /// Another worker holds the subscription's lease (409 `ALREADY_CLAIMED`); see ``Context/holder``.
        public static let alreadyClaimed = Code(.alreadyClaimed)
        /// The subscription has nothing to process (409 `NO_PENDING_WORK`).
        public static let noPendingWork = Code(.noPendingWork)
        /// A webhook request's `Webhook-Signature` is missing, malformed, outside the accepted time window,
        /// replayed, signed by an unknown key, or does not verify.
        public static let invalidSignature = Code(.invalidSignature)
        /// The request was made on a transport that was shut down; no request was sent.
        public static let transportShutDown = Code(.transportShutDown)
        /// The stream was deleted and created again since the handle first saw it (412 to `Stream-If-Incarnation`):
        /// its offsets name positions of another stream. ``Context/incarnation`` is the new incarnation; nothing
        /// was read or written. See ``DurableStreamHandle/followIncarnation(_:)``.
        public static let incarnationChanged = Code(.incarnationChanged)

        /// The code's name, for example `notFound`.
        public var description: String { base.rawValue }
    }

    /// Where the failure happened and what the server said.
    public struct Context: Sendable, Hashable {
        /// The stream's URL, if the failure belongs to a request.
        public var url: URL?
        /// The offset involved: the expired read offset, or a closed stream's final offset.
        public var offset: Offset?
        /// The HTTP status of the response, if one arrived.
        public var status: Int?
        /// The server's request or trace id (`X-Request-Id`, `Trace-Id` or `traceparent`), if it sent one.
        public var requestId: String?
        /// The producer involved in a producer error.
        public var producerId: String?
        /// The server's current producer epoch (``Code/staleEpoch``).
        public var producerEpoch: Int?
        /// The producer sequence number the server expected (``Code/sequenceGap``).
        public var expectedSequence: Int?
        /// The producer sequence number the server received (``Code/sequenceGap``).
        public var receivedSequence: Int?
        /// The delay the server asked for with `Retry-After` (429 and 503), if it sent one.
        public var retryAfter: Duration?
        /// The protocol's error code from a JSON error body (`{"error":{"code":"FENCED"}}`), if the server sent one.
        public var serverCode: String?
        /// The worker holding a subscription's lease (``Code/alreadyClaimed``).
        public var holder: String?
        /// The subscription's current generation (``Code/alreadyClaimed``).
        public var generation: Int?
        /// The earliest offset the stream still holds (``Code/retentionExpired``): where a read can resume.
        public var earliestOffset: Offset?
        /// The stream's current incarnation (``Code/incarnationChanged``).
        public var incarnation: String?

        /// Creates a context.
        public init(
            url: URL? = nil, offset: Offset? = nil, status: Int? = nil, requestId: String? = nil,
            producerId: String? = nil, producerEpoch: Int? = nil, expectedSequence: Int? = nil,
            receivedSequence: Int? = nil
        ) {
            self.url = url
            self.offset = offset
            self.status = status
            self.requestId = requestId
            self.producerId = producerId
            self.producerEpoch = producerEpoch
            self.expectedSequence = expectedSequence
            self.receivedSequence = receivedSequence
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for people (logs, command-line output).
    public var message: String
    /// The lower-level error that caused this one, if any.
    public var underlying: (any Error)?
    /// The request and response this failure belongs to.
    public var context: Context

    /// Creates an error.
    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil, context: Context = Context()) {
        self.code = code
        self.message = message
        self.underlying = underlying
        self.context = context
    }

    /// The HTTP status behind the error, when there is one.
    public var status: Int? { context.status }

    /// The delay the server asked for with `Retry-After`, if any.
    public var retryAfter: Duration? { context.retryAfter }

    /// Whether the failure is transient: retrying the same request later may succeed.
    public var isTransient: Bool {
        [.rateLimited, .serverBusy, .serverError, .connectionFailed, .timeout].contains(code)
    }

    /// The code, message, status and request id in one line.
    public var description: String {
        var text = "DurableStreamError.\(code): \(message)"
        if let status = context.status { text += " (HTTP \(status))" }
        if let requestId = context.requestId { text += " [request \(requestId)]" }
        return text
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
