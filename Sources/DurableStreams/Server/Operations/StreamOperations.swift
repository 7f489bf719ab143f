import DurableStreamsStorage

/// The protocol's operations on streams, free of HTTP: typed requests in (``CreateRequest``, ``AppendRequest``, a
/// path and a ``ReadStart``), typed results out (``CreateResult``, ``AppendResult``, ``ReadResult``), store errors
/// thrown as they are. Every request that changes a stream, from the HTTP API or the console, goes through it, and
/// it tells the subscriptions of each change from the typed result (the new tail), before the caller answers (but
/// for the one case ``appendNow(_:_:)`` tells after).
@available(OS2023, *)
struct StreamOperations: Sendable {
    let storage: any StreamStorage
    /// The store, when its appends and reads never wait.
    let immediateStorage: (any ImmediateStreamStorage)?
    /// The subscriptions, when the store can keep them.
    let subscriptions: SubscriptionManager?

    init(storage: any StreamStorage, subscriptions: SubscriptionManager?) {
        self.storage = storage
        self.immediateStorage = storage as? any ImmediateStreamStorage
        self.subscriptions = subscriptions
    }

    /// Creates a stream, or confirms an identical one.
    func create(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> CreateResult {
        let result = try await storage.create(path, request)
        await changed(path, tail: result.info.tail)
        return result
    }

    /// Appends to, or closes, a stream, with the payload in `request`.
    func append(_ path: StreamPath, _ request: AppendRequest) async throws(StreamStorageError) -> AppendResult {
        let result = try await storage.append(path, request)
        await changed(path, tail: result.tail)
        return result
    }

    /// Appends to, or closes, a stream without suspending, when the store's appends never wait and no subscription
    /// exists when it starts (telling one waits); `nil` when it cannot: then ``append(_:_:)``.
    ///
    /// Whether a subscription exists is read again after the append, as ``append(_:_:)`` reads it: the first
    /// subscription, made while this append ran, may have read the stream's tail before it, so it is told from a
    /// task, possibly after the caller answered (the caller cannot wait). Links only move forward, so a late word
    /// never moves one back.
    func appendNow(_ path: StreamPath, _ request: AppendRequest) -> Result<AppendResult, StreamStorageError>? {
        guard let immediateStorage, !(subscriptions?.isActive.value ?? false) else { return nil }
        let result: AppendResult
        do {
            result = try immediateStorage.appendNow(path, request)
        } catch {
            return .failure(error)
        }
        if let subscriptions, subscriptions.isActive.value {
            let tail = result.tail
            Task { await subscriptions.streamChanged(path, tail: tail) }
        }
        return .success(result)
    }

    /// Appends to, or closes, a stream, with the payload read from `body` as it arrives.
    func append(_ path: StreamPath, _ request: AppendRequest, body: AppendBody) async throws(StreamStorageError)
        -> AppendResult
    {
        let result = try await storage.append(path, request, body: body)
        await changed(path, tail: result.tail)
        return result
    }

    /// Deletes a stream.
    func delete(_ path: StreamPath) async throws(StreamStorageError) {
        try await storage.delete(path)
        if let subscriptions, subscriptions.isActive.value { await subscriptions.streamDeleted(path) }
    }

    /// Reads from `start` without suspending, when the store's reads never wait; `nil` when they may: then
    /// ``read(_:from:maxBytes:)``.
    func readNow(_ path: StreamPath, from start: ReadStart, maxBytes: Int) -> Result<ReadResult, StreamStorageError>? {
        guard let immediateStorage else { return nil }
        do {
            return .success(try immediateStorage.readNow(path, from: start, maxBytes: maxBytes))
        } catch {
            return .failure(error)
        }
    }

    /// A stream's metadata.
    func info(_ path: StreamPath) async throws(StreamStorageError) -> StreamInfo {
        try await storage.info(path)
    }

    /// Reads from `start`, at most `maxBytes` of payload.
    func read(_ path: StreamPath, from start: ReadStart, maxBytes: Int) async throws(StreamStorageError)
        -> ReadResult
    {
        try await storage.read(path, from: start, maxBytes: maxBytes)
    }

    private func changed(_ path: StreamPath, tail: StreamOffset) async {
        if let subscriptions, subscriptions.isActive.value { await subscriptions.streamChanged(path, tail: tail) }
    }
}

@available(OS2023, *)
extension AppendResult {
    /// Where the stream ends after the append, close or retry.
    var tail: StreamOffset {
        switch self {
        case .appended(let tail, _), .closed(let tail), .duplicate(let tail, _, _): tail
        }
    }

    /// Whether the stream is closed after it.
    var isClosed: Bool {
        switch self {
        case .appended(_, let closed), .duplicate(_, _, let closed): closed
        case .closed: true
        }
    }
}
