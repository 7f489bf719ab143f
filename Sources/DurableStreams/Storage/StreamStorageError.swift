/// Why a stream store refused an operation or could not be opened. A server that cannot start throws its own
/// `DurableStreamsServerError`, which carries this error when the store was the cause.
///
/// Match on its ``code``, which can grow new values without breaking your `switch` or `catch`:
///
/// ```swift
/// do {
///     _ = try await store.info(path)
/// } catch StreamStorageError.notFound {
///     // No stream at the path.
/// } catch {
///     print(error.code, error.context.streamPath ?? "")
/// }
/// ```
@available(OS2022, *)
public struct StreamStorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added in any release; each store code corresponds to one
    /// protocol response.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notFound, configurationMismatch, streamClosed, contentTypeMismatch, streamSequenceConflict
            case staleProducerEpoch, producerEpochMustStartAtZero, producerSequenceGap, invalidPayload
            case invalidOffset, storageFailure, unavailable, gone, retainedForForks, forkSourceNotFound
            case forkSourceGone, invalidForkOffset, invalidPath
            case storageUnavailable, invalidConfiguration, alreadyStarted, bindFailed
            case temporarilyUnavailable, offsetDropped, incarnationMismatch
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No stream at the path, or it expired (`404`).
        public static let notFound = Code(.notFound)
        /// A stream exists at the path with a different configuration (`409`).
        public static let configurationMismatch = Code(.configurationMismatch)
        /// The stream is closed and the request would append to it (`409` with `Stream-Closed`); the context's
        /// ``Context/offset`` is the tail.
        public static let streamClosed = Code(.streamClosed)
        /// The request's content type differs from the stream's, in ``Context/contentType`` (`409`).
        public static let contentTypeMismatch = Code(.contentTypeMismatch)
        /// `Stream-Seq` is not greater than the last one accepted, in ``Context/streamSequence`` (`409`).
        public static let streamSequenceConflict = Code(.streamSequenceConflict)
        /// The producer's epoch is older than the server's, in ``Context/producerEpoch`` (`403`).
        public static let staleProducerEpoch = Code(.staleProducerEpoch)
        /// A producer raised its epoch without starting at sequence 0 (`400`).
        public static let producerEpochMustStartAtZero = Code(.producerEpochMustStartAtZero)
        /// A producer skipped sequence numbers (`409` with the expected and received numbers).
        public static let producerSequenceGap = Code(.producerSequenceGap)
        /// The payload is not acceptable for the stream, for example invalid JSON (`400`).
        public static let invalidPayload = Code(.invalidPayload)
        /// The offset in ``Context/offset`` is not a position this stream ever returned (`400`).
        public static let invalidOffset = Code(.invalidOffset)
        /// The store could not read or write its data; nothing was acknowledged (`500`).
        public static let storageFailure = Code(.storageFailure)
        /// The store is shutting down (`503`).
        public static let unavailable = Code(.unavailable)
        /// The stream was deleted while forks still read from it: kept for them, gone for everyone else (`410`).
        public static let gone = Code(.gone)
        /// The offset is in a range the stream's retention dropped (`410` with `Stream-Earliest-Offset`); the
        /// context's ``Context/offset`` is the earliest offset still retained.
        public static let offsetDropped = Code(.offsetDropped)
        /// A soft-deleted stream still holds the path until its forks are deleted (`409`).
        public static let retainedForForks = Code(.retainedForForks)
        /// The stream named by `Stream-Forked-From` does not exist (`404`).
        public static let forkSourceNotFound = Code(.forkSourceNotFound)
        /// The stream named by `Stream-Forked-From` is soft-deleted and cannot be forked again (`409`).
        public static let forkSourceGone = Code(.forkSourceGone)
        /// The fork offset or sub-offset does not name a position of the source (`400`).
        public static let invalidForkOffset = Code(.invalidForkOffset)
        /// A path does not name a stream (`400`): not absolute, too long, a malformed escape, an empty, `.` or `..`
        /// segment, or a byte a path may not hold. The message says which.
        public static let invalidPath = Code(.invalidPath)
        /// The store cannot be reached right now (its database is restarting or unreachable, or every connection
        /// is busy and the queue is full); nothing was changed, or the outcome is unknown and a retry with producer
        /// headers is safe (`503` with `Retry-After`).
        public static let temporarilyUnavailable = Code(.temporarilyUnavailable)
        /// The stream at the path is not the incarnation the request expected: it was deleted and created again
        /// (`412`); ``Context/incarnation`` is the current one.
        public static let incarnationMismatch = Code(.incarnationMismatch)
        /// The store could not be opened (for example, its database cannot be reached, or another process holds
        /// its data directory).
        public static let storageUnavailable = Code(.storageUnavailable)
        /// The store's options are invalid (for example, a malformed database URL).
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// No longer thrown: a server started twice throws ``DurableStreamsServerError``.
        @available(*, deprecated, message: "a server that cannot start throws DurableStreamsServerError.alreadyStarted")
        public static let alreadyStarted = Code(.alreadyStarted)
        /// No longer thrown: a server that cannot bind its address throws ``DurableStreamsServerError``.
        @available(*, deprecated, message: "a server that cannot start throws DurableStreamsServerError.bindFailed")
        public static let bindFailed = Code(.bindFailed)

        /// The code's name, for example `notFound`.
        public var description: String { base.rawValue }

        /// Matches a ``StreamStorageError`` whose code is `pattern`: `catch StreamStorageError.notFound`.
        public static func ~= (pattern: Code, error: StreamStorageError) -> Bool { error.code == pattern }

        /// Matches any error that is a ``StreamStorageError`` whose code is `pattern`.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            (error as? StreamStorageError)?.code == pattern
        }
    }

    /// Where the failure happened, and the protocol details a response reports.
    public struct Context: Sendable, Hashable {
        /// The stream's path, for whoever reports the error beyond the call that named it (the built-in stores
        /// leave it `nil`: the caller passed the path).
        public var streamPath: String?
        /// The offset concerned: the tail of a closed stream, or an offset that is not a position.
        public var offset: StreamOffset?
        /// The file of the data directory that could not be used, if any.
        public var filePath: String?
        /// The stream's content type, when the request's differs.
        public var contentType: String?
        /// The last `Stream-Seq` accepted, when the request's is not greater.
        public var streamSequence: String?
        /// The producer's current epoch, when the request's is stale.
        public var producerEpoch: UInt64?
        /// The producer sequence number expected next, after a gap.
        public var expectedProducerSequence: UInt64?
        /// The producer sequence number received, after a gap.
        public var receivedProducerSequence: UInt64?
        /// The stream's current incarnation, when the request expected another.
        public var incarnation: String? = nil

        /// Creates a context.
        public init(
            streamPath: String? = nil, offset: StreamOffset? = nil, filePath: String? = nil,
            contentType: String? = nil, streamSequence: String? = nil, producerEpoch: UInt64? = nil,
            expectedProducerSequence: UInt64? = nil, receivedProducerSequence: UInt64? = nil
        ) {
            self.streamPath = streamPath
            self.offset = offset
            self.filePath = filePath
            self.contentType = contentType
            self.streamSequence = streamSequence
            self.producerEpoch = producerEpoch
            self.expectedProducerSequence = expectedProducerSequence
            self.receivedProducerSequence = receivedProducerSequence
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for people (logs, responses).
    public var message: String
    /// The lower-level error that caused this one, if any.
    public var underlying: (any Error & Sendable)?
    /// The stream, offset, file and protocol details of the failure.
    public var context: Context

    /// Creates an error; without a message, the code's usual sentence.
    public init(
        _ code: Code, _ message: String? = nil, underlying: (any Error & Sendable)? = nil, context: Context = Context()
    ) {
        self.code = code
        self.message = message ?? Self.sentence(for: code)
        self.underlying = underlying
        self.context = context
    }

    /// The code, the message and the stream or file concerned, in one line.
    public var description: String {
        var text = "StreamStorageError.\(code): \(message)"
        if let path = context.streamPath { text += " (stream \(path))" }
        if let file = context.filePath, !message.contains(file) { text += " (file \(file))" }
        return text
    }

    /// Whether two errors call for the same protocol response: the same code and protocol details (offset,
    /// content type, sequence numbers, epoch). Where they happened (stream, file), the message and the underlying
    /// error are not compared.
    public static func == (lhs: StreamStorageError, rhs: StreamStorageError) -> Bool {
        var left = lhs.context
        var right = rhs.context
        (left.streamPath, left.filePath, right.streamPath, right.filePath) = (nil, nil, nil, nil)
        return lhs.code == rhs.code && left == right
    }

    private static func sentence(for code: Code) -> String {
        switch code {
        case .notFound: "stream not found"
        case .configurationMismatch: "a stream already exists at this path with a different configuration"
        case .streamClosed: "the stream is closed"
        case .producerEpochMustStartAtZero: "a new producer epoch must start at Producer-Seq 0"
        case .unavailable: "the stream store is shutting down"
        case .gone: "the stream was deleted (its data is kept only for its forks)"
        case .retainedForForks:
            "a deleted stream at this path is kept for its forks; the path cannot be reused until they are deleted"
        case .offsetDropped: "the offset was dropped by the stream's retention"
        case .forkSourceNotFound: "the source stream does not exist"
        case .forkSourceGone: "the source stream was deleted (it is kept only for its existing forks)"
        default: "\(code)"
        }
    }
}
