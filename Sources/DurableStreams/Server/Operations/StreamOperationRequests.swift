import DurableStreamsStorage

/// A create (`PUT`) as the protocol states it, free of HTTP: the body as sent, not yet in storage form.
@available(OS2023, *)
struct CreateStream: Sendable, Equatable {
    /// The content type named, or `nil`: then a fork takes its source's, and a new stream is
    /// `application/octet-stream`.
    var contentType: String?
    var expiry: StreamExpiry = .never
    var closed = false
    var fork: ForkRequest?
    /// How much of the stream is kept.
    var retention: StreamRetention = .none
    /// The initial content as sent (a JSON value or array of messages for a JSON stream); empty for none.
    var body: [UInt8] = []
}

/// An append or close (`POST`) as the protocol states it, free of HTTP: the body as sent.
@available(OS2023, *)
struct AppendToStream: Sendable, Equatable {
    /// The content type of `body` (required with a body).
    var contentType: String?
    /// The data as sent (a JSON value or array of messages for a JSON stream); empty to close without data.
    var body: [UInt8] = []
    var streamSequence: String?
    var producer: ProducerStamp?
    var close = false
    /// The incarnation the writer expects (`Stream-If-Incarnation`), if any.
    var expectedIncarnation: String?
}

@available(OS2023, *)
extension StreamOperations {
    /// Creates a stream, or confirms an identical one: settles the content type (a fork that names none, with an
    /// initial body, takes its source's, which the store checks again atomically) and puts the body in storage
    /// form (JSON bodies become messages; an invalid one is reported by the store if the stream is new).
    func create(_ path: StreamPath, _ create: CreateStream) async throws(StreamStorageError) -> CreateResult {
        var configuration = StreamConfiguration(
            contentType: create.contentType ?? "application/octet-stream", expiry: create.expiry)
        configuration.retention = create.retention
        var inheritsContentType = create.contentType == nil
        if let source = create.fork?.source, inheritsContentType, !create.body.isEmpty,
            let sourceInfo = try? await info(source)
        {
            configuration.contentType = sourceInfo.configuration.contentType
            inheritsContentType = false
        }
        var request = CreateRequest(configuration: configuration, closed: create.closed)
        if var fork = create.fork {
            fork.inheritsContentType = inheritsContentType
            request.fork = fork
        }
        if !create.body.isEmpty {
            if configuration.isJSON {
                switch JSONMessages.storageForm(of: create.body, allowEmptyArray: true) {
                case .success(let payload): request.initialPayload = payload
                case .failure(let failure): request.payloadIssue = "Invalid JSON: \(failure.reason)"
                }
            } else {
                request.initialPayload = create.body
            }
        }
        return try await self.create(path, request)
    }

    /// Appends to, or closes, a stream: puts the body in storage form (JSON bodies become messages; an invalid
    /// one is refused by the store).
    func append(_ path: StreamPath, _ append: AppendToStream) async throws(StreamStorageError) -> AppendResult {
        try await self.append(path, Self.storageRequest(for: append))
    }

    /// The append above without suspending, when the store can make it so (``appendNow(_:_:)``); `nil` otherwise.
    func appendNow(_ path: StreamPath, _ append: AppendToStream) -> Result<AppendResult, StreamStorageError>? {
        appendNow(path, Self.storageRequest(for: append))
    }

    /// An append as the store takes it: JSON bodies become messages; an invalid one is refused by the store.
    private static func storageRequest(for append: AppendToStream) -> AppendRequest {
        var request = AppendRequest(
            payload: [], streamSequence: append.streamSequence, producer: append.producer, closeStream: append.close)
        request.expectedIncarnation = append.expectedIncarnation
        if !append.body.isEmpty {
            request.contentType = append.contentType
            if let contentType = append.contentType,
                StreamConfiguration.mediaType(of: contentType) == "application/json"
            {
                switch JSONMessages.storageForm(of: append.body, allowEmptyArray: false) {
                case .success(let payload): request.payload = payload
                case .failure(let failure):
                    request.payload = append.body
                    request.payloadIssue = "Invalid JSON: \(failure.reason)"
                }
            } else {
                request.payload = append.body
            }
        }
        return request
    }
}

/// A read (`GET`) as the protocol states it, free of HTTP: where it starts, whether it waits for data, and the
/// cursor the client echoed.
@available(OS2023, *)
struct ReadStream: Sendable, Equatable {
    /// How the read waits for data.
    enum Live: Sendable, Equatable {
        /// Answers with what is there.
        case catchUp
        /// Answers at once with data, otherwise waits for an append, closure or the timeout.
        case longPoll
        /// Streams events until the connection ends.
        case serverSentEvents
    }

    var start: ReadStart = .beginning
    var live: Live = .catchUp
    var cursor: Substring?
}

@available(OS2023, *)
extension StreamOperations {
    /// Waits for an append after `offset`, the stream's closure, or `timeout`.
    func waitForAppend(
        _ path: StreamPath, after offset: StreamOffset, timeout: Duration, cancellation: WaitCancellation?
    ) async -> WaitResult {
        await storage.waitForAppend(path, after: offset, timeout: timeout, cancellation: cancellation)
    }
}
