@available(OS2022, *)
extension StreamStorageError {
    // MARK: Matching: `catch StreamStorageError.notFound`

    /// `catch StreamStorageError.notFound`.
    public static let notFound = Code.notFound
    /// `catch StreamStorageError.configurationMismatch`.
    public static let configurationMismatch = Code.configurationMismatch
    /// `catch StreamStorageError.streamClosed`.
    public static let streamClosed = Code.streamClosed
    /// `catch StreamStorageError.contentTypeMismatch`.
    public static let contentTypeMismatch = Code.contentTypeMismatch
    /// `catch StreamStorageError.streamSequenceConflict`.
    public static let streamSequenceConflict = Code.streamSequenceConflict
    /// `catch StreamStorageError.staleProducerEpoch`.
    public static let staleProducerEpoch = Code.staleProducerEpoch
    /// `catch StreamStorageError.producerEpochMustStartAtZero`.
    public static let producerEpochMustStartAtZero = Code.producerEpochMustStartAtZero
    /// `catch StreamStorageError.producerSequenceGap`.
    public static let producerSequenceGap = Code.producerSequenceGap
    /// `catch StreamStorageError.invalidPayload`.
    public static let invalidPayload = Code.invalidPayload
    /// `catch StreamStorageError.invalidOffset`.
    public static let invalidOffset = Code.invalidOffset
    /// `catch StreamStorageError.storageFailure`.
    public static let storageFailure = Code.storageFailure
    /// `catch StreamStorageError.unavailable`.
    public static let unavailable = Code.unavailable
    /// `catch StreamStorageError.gone`.
    public static let gone = Code.gone
    /// `catch StreamStorageError.offsetDropped`.
    public static let offsetDropped = Code.offsetDropped
    /// `catch StreamStorageError.retainedForForks`.
    public static let retainedForForks = Code.retainedForForks
    /// `catch StreamStorageError.forkSourceNotFound`.
    public static let forkSourceNotFound = Code.forkSourceNotFound
    /// `catch StreamStorageError.forkSourceGone`.
    public static let forkSourceGone = Code.forkSourceGone
    /// `catch StreamStorageError.invalidForkOffset`.
    public static let invalidForkOffset = Code.invalidForkOffset
    /// No longer thrown: a server started twice throws `DurableStreamsServerError.alreadyStarted`.
    @available(*, deprecated, message: "a server that cannot start throws DurableStreamsServerError.alreadyStarted")
    public static let alreadyStarted = Code.alreadyStarted
    /// No longer thrown: a server that cannot bind its address throws `DurableStreamsServerError.bindFailed`.
    @available(*, deprecated, message: "a server that cannot start throws DurableStreamsServerError.bindFailed")
    public static let bindFailed = Code.bindFailed
    /// `catch StreamStorageError.storageUnavailable`.
    public static let storageUnavailable = Code.storageUnavailable
    /// `catch StreamStorageError.temporarilyUnavailable`.
    public static let temporarilyUnavailable = Code.temporarilyUnavailable
    /// `catch StreamStorageError.invalidConfiguration`.
    public static let invalidConfiguration = Code.invalidConfiguration

    // MARK: Errors that carry protocol details

    /// The stream is closed at `tail`.
    public static func streamClosed(tail: StreamOffset) -> StreamStorageError {
        StreamStorageError(.streamClosed, context: Context(offset: tail))
    }

    /// The request's content type differs from the stream's, `expected`.
    public static func contentTypeMismatch(expected: String) -> StreamStorageError {
        StreamStorageError(
            .contentTypeMismatch, "content type does not match the stream's (\(expected))",
            context: Context(contentType: expected))
    }

    /// `Stream-Seq` is not greater than `last`, the last one accepted.
    public static func streamSequenceConflict(last: String) -> StreamStorageError {
        StreamStorageError(
            .streamSequenceConflict, "Stream-Seq must be greater than the last one accepted (\(last))",
            context: Context(streamSequence: last))
    }

    /// The producer's epoch is older than `current`.
    public static func staleProducerEpoch(current: UInt64) -> StreamStorageError {
        StreamStorageError(
            .staleProducerEpoch, "stale producer epoch (current epoch is \(current))",
            context: Context(producerEpoch: current))
    }

    /// A producer sent `received` where `expected` was next.
    public static func producerSequenceGap(expected: UInt64, received: UInt64) -> StreamStorageError {
        StreamStorageError(
            .producerSequenceGap, "producer sequence gap: expected \(expected), received \(received)",
            context: Context(expectedProducerSequence: expected, receivedProducerSequence: received))
    }

    /// The payload is not acceptable, for `reason`.
    public static func invalidPayload(_ reason: String) -> StreamStorageError {
        StreamStorageError(.invalidPayload, reason)
    }

    /// The read started before `earliest`, in a range dropped by the stream's retention.
    public static func offsetDropped(earliest: StreamOffset) -> StreamStorageError {
        StreamStorageError(
            .offsetDropped, "the offset was dropped by the stream's retention; the earliest retained is \(earliest)",
            context: Context(offset: earliest))
    }

    /// `offset` is not a position of the stream.
    public static func invalidOffset(_ offset: StreamOffset) -> StreamStorageError {
        StreamStorageError(
            .invalidOffset, "offset \(offset) is not a position in this stream", context: Context(offset: offset))
    }

    /// The store could not read or write its data, for `reason` (the file in `filePath`, when known).
    public static func storageFailure(
        _ reason: String, filePath: String? = nil, underlying: (any Error & Sendable)? = nil
    ) -> StreamStorageError {
        StreamStorageError(
            .storageFailure, reason, underlying: underlying,
            context: Context(filePath: filePath))
    }

    /// The fork offset or sub-offset does not name a position of the source, for `reason`.
    public static func invalidForkOffset(_ reason: String) -> StreamStorageError {
        StreamStorageError(.invalidForkOffset, reason)
    }

    /// The store could not read or write a file: the call, the file and the system's reason.
    static func storageFailure(_ error: FileIOError) -> StreamStorageError {
        .storageFailure(error.description, filePath: error.path, underlying: error)
    }
}
