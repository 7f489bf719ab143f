/// Where streams live: the seam between the HTTP layer and a storage backend.
///
/// Every operation is atomic per stream, and appends to one stream are applied in the order they were
/// decided: validation (closure, content type, producer epoch and sequence, `Stream-Seq`) and the write it
/// leads to happen as one step, so producer state and data can never disagree. The decision rules are
/// shared by all backends (``StreamRules``), so each backend only decides *where* bytes go.
///
/// Backends included: ``MemoryStreamStorage`` (tests, ephemeral servers) and ``FileStreamStorage`` (an
/// append-only log per stream, the default). A backend shared by several server nodes (for example
/// PostgreSQL) implements the same protocol: it runs the rules inside its own transaction, derives positions
/// from its rows, and wakes ``waitForAppend(_:after:timeout:)`` callers from its change feed (for example
/// `LISTEN`/`NOTIFY`) through a ``StreamChangeNotifier``.
@available(OS2022, *)
public protocol StreamStorage: Sendable {
    /// Creates a stream (or a fork of one, see ``CreateRequest/fork``), or confirms that an identical one
    /// exists.
    ///
    /// - Returns: ``CreateResult/created(_:)`` for a new stream, ``CreateResult/existing(_:)`` when a stream
    ///   with a matching configuration, fork origin and closure status already exists (its initial payload is
    ///   ignored).
    /// - Throws: ``StreamStorageError/configurationMismatch`` when a different stream exists;
    ///   ``StreamStorageError/retainedForForks`` when a soft-deleted stream holds the path;
    ///   ``StreamStorageError/invalidPayload(_:)`` when the initial payload was refused; for forks,
    ///   ``StreamStorageError/forkSourceNotFound``, ``StreamStorageError/forkSourceGone``,
    ///   ``StreamStorageError/invalidForkOffset(_:)`` and ``StreamStorageError/contentTypeMismatch(expected:)``.
    func create(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> CreateResult

    /// Appends to, or closes, a stream.
    ///
    /// - Throws: ``StreamStorageError/gone`` when the stream is soft-deleted, and the protocol's write errors.
    func append(_ path: StreamPath, _ request: AppendRequest) async throws(StreamStorageError) -> AppendResult

    /// The largest append, in bytes, that ``append(_:_:body:)`` takes as it arrives, or `nil` when the store
    /// does not stream appends (the server then reads each body whole, up to its own request-body limit).
    ///
    /// The default is `nil`.
    var streamedAppendLimit: Int? { get }

    /// Appends a body read as it arrives (``AppendBody``), or closes the stream when the body is empty and
    /// `request` asks for it; `request.payload` is ignored. The rules are those of ``append(_:_:)``, decided once
    /// the body has ended, and nothing is stored when the body cannot be read to its end.
    ///
    /// The default reads the body whole (up to ``streamedAppendLimit``, or without a limit of its own when that
    /// is `nil`: the caller bounds it) and calls ``append(_:_:)``.
    ///
    /// - Throws: the errors of ``append(_:_:)``; ``StreamStorageError/Code/invalidPayload`` when the body is
    ///   larger than ``streamedAppendLimit``; and whatever ``AppendBody/next()`` throws.
    func append(_ path: StreamPath, _ request: AppendRequest, body: AppendBody) async throws(StreamStorageError)
        -> AppendResult

    /// The stream's metadata, without counting as a use for its time-to-live.
    func info(_ path: StreamPath) async throws(StreamStorageError) -> StreamInfo

    /// Reads from `start` up to about `maxBytes` (always at least one whole append), counting as a use.
    func read(_ path: StreamPath, from start: ReadStart, maxBytes: Int) async throws(StreamStorageError) -> ReadResult

    /// Deletes a stream and wakes its waiting readers.
    ///
    /// A stream that forks still read from is soft-deleted instead: it answers ``StreamStorageError/gone``
    /// from then on, its path stays taken, and its data is kept until its last fork is deleted. Deleting a
    /// fork releases its source, and every soft-deleted ancestor left without forks is removed with it.
    func delete(_ path: StreamPath) async throws(StreamStorageError)

    /// Waits until the stream has data after `offset`, is closed, or is deleted, for at most `timeout`.
    ///
    /// Only the stream's own appends count: appends to a fork's source never wake the fork's readers.
    /// Returns at once when that is already so. Cancelling `cancellation`, or the calling task, ends the wait
    /// with ``WaitResult/cancelled``.
    func waitForAppend(
        _ path: StreamPath,
        after offset: StreamOffset,
        timeout: Duration,
        cancellation: WaitCancellation?
    ) async -> WaitResult

    /// Stops accepting operations, wakes every waiter with ``WaitResult/shutdown``, and flushes pending writes.
    func shutdown() async
}

@available(OS2022, *)
extension StreamStorage {
    /// `nil`: the store takes appends whole.
    public var streamedAppendLimit: Int? { nil }

    /// Reads the body whole, then appends it with ``append(_:_:)``.
    public func append(_ path: StreamPath, _ request: AppendRequest, body: AppendBody)
        async throws(StreamStorageError) -> AppendResult
    {
        var request = request
        request.payload = try await body.collect(upTo: streamedAppendLimit ?? Int.max)
        return try await append(path, request)
    }

    /// Waits until the stream has data after `offset`, is closed, or is deleted, for at most `timeout`;
    /// cancelling the calling task ends the wait.
    public func waitForAppend(_ path: StreamPath, after offset: StreamOffset, timeout: Duration) async -> WaitResult {
        await waitForAppend(path, after: offset, timeout: timeout, cancellation: nil)
    }
}

/// A request to create a stream (`PUT`).
@available(OS2022, *)
public struct CreateRequest: Sendable {
    /// The stream's configuration.
    public var configuration: StreamConfiguration
    /// The initial content (already in storage form for JSON streams); empty for none.
    public var initialPayload: [UInt8]
    /// Why the initial payload was refused by the content rules, if it was (reported only if the stream is new).
    public var payloadIssue: String?
    /// Whether the stream is created closed.
    public var closed: Bool
    /// Creates the stream as a fork of another, or `nil` for a new, empty stream.
    ///
    /// For a fork, ``configuration``'s content type is ignored when ``ForkRequest/inheritsContentType`` is set,
    /// and an expiry of ``StreamExpiry/never`` means "none requested": the fork takes its source's (see
    /// ``StreamRules/forkConfiguration(_:source:)``). The initial payload follows the inherited data.
    public var fork: ForkRequest?

    /// Creates a request.
    public init(
        configuration: StreamConfiguration,
        initialPayload: [UInt8] = [],
        payloadIssue: String? = nil,
        closed: Bool = false,
        fork: ForkRequest? = nil
    ) {
        self.configuration = configuration
        self.initialPayload = initialPayload
        self.payloadIssue = payloadIssue
        self.closed = closed
        self.fork = fork
    }
}

/// A request to append to, or close, a stream (`POST`).
@available(OS2022, *)
public struct AppendRequest: Sendable {
    /// The bytes to append (already in storage form for JSON streams); empty for a close-only request.
    public var payload: [UInt8]
    /// Why the payload was refused by the content rules, if it was. Reported after the stream-state checks,
    /// so a closed stream still answers "closed" and a producer retry still answers "duplicate".
    public var payloadIssue: String?
    /// The request's content type; checked against the stream's when there is a payload.
    public var contentType: String?
    /// The writer's `Stream-Seq`, compared byte-wise with the last one accepted.
    public var streamSequence: String?
    /// The idempotent-producer headers, if present.
    public var producer: ProducerStamp?
    /// Whether the stream is closed by this request (after appending the payload, if any).
    public var closeStream: Bool
    /// The incarnation the writer expects (`Stream-If-Incarnation`), or `nil` for any: checked in the same
    /// step as the append, so a write meant for a deleted stream never lands in the one recreated at its path.
    public var expectedIncarnation: String? = nil

    /// Creates a request.
    public init(
        payload: [UInt8],
        payloadIssue: String? = nil,
        contentType: String? = nil,
        streamSequence: String? = nil,
        producer: ProducerStamp? = nil,
        closeStream: Bool = false
    ) {
        self.payload = payload
        self.payloadIssue = payloadIssue
        self.contentType = contentType
        self.streamSequence = streamSequence
        self.producer = producer
        self.closeStream = closeStream
    }
}

/// A stream's metadata.
@available(OS2022, *)
public struct StreamInfo: Sendable, Equatable {
    /// The stream's path.
    public let path: StreamPath
    /// The stream's configuration.
    public let configuration: StreamConfiguration
    /// The offset after the last byte (where the next append goes).
    public let tail: StreamOffset
    /// Whether the stream is closed.
    public let isClosed: Bool
    /// Identifies this incarnation of the path: a stream deleted and created again gets a new one.
    public let incarnation: String
    /// The earliest offset still readable: everything before it was dropped by the stream's retention.
    public var retainedStart: StreamOffset = .zero
    /// Where the stream was forked from, if it is a fork. Not sent to clients: forks are transparent.
    public var fork: ForkOrigin? { forkBox?.origin }
    /// The fork origin, kept out of line: every read result carries a `StreamInfo`, and a live read keeps
    /// several in its async frames for as long as its connection waits, so an inline origin would cost each
    /// idle SSE connection about 0.7 KiB.
    private let forkBox: ForkBox?

    private final class ForkBox: Sendable, Equatable {
        let origin: ForkOrigin

        init(_ origin: ForkOrigin) { self.origin = origin }

        static func == (lhs: ForkBox, rhs: ForkBox) -> Bool { lhs.origin == rhs.origin }
    }

    /// Creates metadata.
    public init(
        path: StreamPath,
        configuration: StreamConfiguration,
        tail: StreamOffset,
        isClosed: Bool,
        incarnation: String,
        fork: ForkOrigin? = nil
    ) {
        self.path = path
        self.configuration = configuration
        self.tail = tail
        self.isClosed = isClosed
        self.incarnation = incarnation
        self.forkBox = fork.map(ForkBox.init)
    }
}

/// The outcome of a create.
@available(OS2022, *)
public enum CreateResult: Sendable, Equatable {
    /// A new stream was created (`201`).
    case created(StreamInfo)
    /// A stream with the same configuration and closure status already existed (`200`).
    case existing(StreamInfo)

    /// The stream's metadata.
    public var info: StreamInfo {
        switch self {
        case .created(let info), .existing(let info): info
        }
    }
}

/// The outcome of an accepted append or close.
@available(OS2022, *)
public enum AppendResult: Sendable, Equatable {
    /// The payload was appended (and the stream closed, if asked).
    case appended(tail: StreamOffset, closed: Bool)
    /// The stream was closed without appending (also when it already was: closing is idempotent).
    case closed(tail: StreamOffset)
    /// The producer already sent this request: nothing was appended. `lastSequence` is the highest accepted.
    case duplicate(tail: StreamOffset, lastSequence: UInt64, closed: Bool)
}

/// Bytes read from a stream.
@available(OS2022, *)
public struct ReadResult: Sendable {
    /// The stream's metadata when the read was made.
    public let info: StreamInfo
    /// The payloads of the appends read, concatenated.
    public let payload: [UInt8]
    /// Where the read started.
    public let start: StreamOffset
    /// Where the next read should start.
    public let next: StreamOffset
    /// Whether the read reached the tail (`Stream-Up-To-Date`).
    public var reachedTail: Bool { next == info.tail }
    /// Whether the reader has seen everything a closed stream will ever hold (`Stream-Closed`).
    public var reachedEnd: Bool { reachedTail && info.isClosed }

    /// Creates a result.
    public init(info: StreamInfo, payload: [UInt8], start: StreamOffset, next: StreamOffset) {
        self.info = info
        self.payload = payload
        self.start = start
        self.next = next
    }
}

/// Why ``StreamStorage/waitForAppend(_:after:timeout:)`` returned.
@available(OS2022, *)
public enum WaitResult: Sendable, Equatable {
    /// Data after the offset is available.
    case appended
    /// The stream is closed and there is nothing after the offset.
    case closed
    /// The timeout passed first.
    case timedOut
    /// The stream does not exist (or was deleted while waiting).
    case notFound
    /// The stream was soft-deleted (it is kept for its forks, but gone for its readers).
    case gone
    /// The calling task was cancelled.
    case cancelled
    /// The store is shutting down.
    case shutdown
}
