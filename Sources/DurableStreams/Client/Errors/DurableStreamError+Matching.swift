/// Errors by code, so that `catch DurableStreamError.notFound` and `throw .cancelled` read naturally.
@available(OS2022, *)
extension DurableStreamError {
    /// Matches an error whose code is the code of `pattern`: `catch DurableStreamError.notFound`.
    public static func ~= (pattern: DurableStreamError, error: DurableStreamError) -> Bool {
        error.code == pattern.code
    }

    /// Matches any error that is a ``DurableStreamError`` with the code of `pattern`.
    public static func ~= (pattern: DurableStreamError, error: any Error) -> Bool {
        (error as? DurableStreamError)?.code == pattern.code
    }

    /// `catch DurableStreamError.conflict`.
    public static let conflict = Self(.conflict, "Stream conflict")
    /// `catch DurableStreamError.notFound`.
    public static let notFound = Self(.notFound, "Stream not found")
    /// `catch DurableStreamError.unauthorized`.
    public static let unauthorized = Self(.unauthorized, "Unauthorized")
    /// `catch DurableStreamError.forbidden`.
    public static let forbidden = Self(.forbidden, "Forbidden")
    /// `catch DurableStreamError.badRequest`.
    public static let badRequest = Self(.badRequest, "Bad request")
    /// `catch DurableStreamError.retentionExpired`.
    public static let retentionExpired = Self(.retentionExpired, "The offset is older than the stream retains")
    /// `catch DurableStreamError.gone`.
    public static let gone = Self(.gone, "Stream gone")
    /// `catch DurableStreamError.streamClosed`.
    public static let streamClosed = Self(.streamClosed, "Stream is closed")
    /// `catch DurableStreamError.sequenceConflict`.
    public static let sequenceConflict = Self(.sequenceConflict, "Stream-Seq conflict")
    /// `catch DurableStreamError.payloadTooLarge`.
    public static let payloadTooLarge = Self(.payloadTooLarge, "Payload too large")
    /// `catch DurableStreamError.notSupported`.
    public static let notSupported = Self(.notSupported, "Operation not supported")
    /// `catch DurableStreamError.rateLimited`.
    public static let rateLimited = Self(.rateLimited, "Rate limited")
    /// `catch DurableStreamError.staleEpoch`.
    public static let staleEpoch = Self(.staleEpoch, "The producer is fenced by a newer epoch")
    /// `catch DurableStreamError.sequenceGap`.
    public static let sequenceGap = Self(.sequenceGap, "Producer sequence gap")
    /// `catch DurableStreamError.producerClosed`; also thrown as is.
    public static let producerClosed = Self(.producerClosed, "The producer is closed")
    /// `catch DurableStreamError.serverBusy`.
    public static let serverBusy = Self(.serverBusy, "Server busy")
    /// `catch DurableStreamError.serverError`.
    public static let serverError = Self(.serverError, "Server error")
    /// `catch DurableStreamError.unexpectedStatus`.
    public static let unexpectedStatus = Self(.unexpectedStatus, "Unexpected status")
    /// `catch DurableStreamError.connectionFailed`.
    public static let connectionFailed = Self(.connectionFailed, "Connection failed")
    /// `catch DurableStreamError.timeout`; also thrown as is.
    public static let timeout = Self(.timeout, "The request timed out")
    /// `catch DurableStreamError.cancelled`; also thrown as is.
    public static let cancelled = Self(.cancelled, "The operation was cancelled")
    /// `catch DurableStreamError.sseNotSupported`; also thrown as is.
    public static let sseNotSupported = Self(.sseNotSupported, "The server does not support SSE for this stream")
    /// `catch DurableStreamError.invalidResponse`.
    public static let invalidResponse = Self(.invalidResponse, "Invalid response")
    /// `catch DurableStreamError.decodingFailed`.
    public static let decodingFailed = Self(.decodingFailed, "Decoding failed")
    /// `catch DurableStreamError.encodingFailed`.
    public static let encodingFailed = Self(.encodingFailed, "Encoding failed")
    /// `catch DurableStreamError.invalidArgument`.
    public static let invalidArgument = Self(.invalidArgument, "Invalid argument")
    /// `catch DurableStreamError.transportShutDown`; also thrown as is.
    public static let transportShutDown = Self(
        .transportShutDown, "The transport was shut down: it sends no more requests")
}

/// Errors built with their message and context.
@available(OS2022, *)
extension DurableStreamError {
    /// The response broke the protocol.
    public static func invalidResponse(message: String) -> Self { Self(.invalidResponse, message) }
    /// The data could not be decoded into the requested type.
    public static func decodingFailed(message: String) -> Self { Self(.decodingFailed, message) }
    /// The data could not be encoded for sending.
    public static func encodingFailed(message: String) -> Self { Self(.encodingFailed, message) }
    /// An argument was invalid; no request was sent.
    public static func invalidArgument(message: String) -> Self { Self(.invalidArgument, message) }

    /// The connection failed or dropped because of `underlying`.
    public static func connectionFailed(underlying: any Error) -> Self {
        Self(.connectionFailed, "Connection failed: \(underlying)", underlying: underlying)
    }

    /// A newer producer epoch fenced `producerId`.
    public static func staleEpoch(producerId: String, currentEpoch: Int) -> Self {
        Self(
            .staleEpoch, "Producer \(producerId) is fenced: the server's epoch is \(currentEpoch)",
            context: Context(status: 403, producerId: producerId, producerEpoch: currentEpoch))
    }

    /// The server expected producer sequence `expected` and received `received`.
    public static func sequenceGap(expected: Int, received: Int) -> Self {
        Self(
            .sequenceGap, "Producer sequence gap: expected \(expected), received \(received)",
            context: Context(status: 409, expectedSequence: expected, receivedSequence: received))
    }
}
