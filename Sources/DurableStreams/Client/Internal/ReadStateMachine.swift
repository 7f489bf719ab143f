import Foundation

/// Every decision of a read, as a value: which request comes next, what a response or an SSE event means, when
/// to retry, back off, reconnect or fall back from SSE to long-polling. It does no I/O and reads no clock: the
/// driver (``ChunkReader``) makes the requests and passes times in, so every path is tested without a server.
@available(OS2022, *)
struct ReadStateMachine: Sendable {
    enum Mode: Sendable, Hashable {
        case catchUp, longPoll, sse
    }

    /// What the driver must do next.
    enum Step: Sendable, Hashable {
        /// Make a catch-up or long-poll request (after `delay`, if any).
        case request(ReadRequest)
        /// Open an SSE connection (after `delay`, if any).
        case connectSSE(ReadRequest)
        /// Read more bytes of the open SSE connection.
        case readSSE
        /// The read is over.
        case finished
    }

    /// After a failure: wait and go on, or give up with the error.
    enum Recovery: Sendable, Hashable {
        case retry(after: Duration)
        case fail
    }

    /// What an SSE event means.
    enum EventOutcome: Sendable {
        /// Nothing to deliver yet (data waits for its control event).
        case none
        /// Deliver `chunk`; when `stop` is set the read is over and the connection must be closed.
        case deliver(ReadChunk, stop: Bool)
    }

    /// An SSE connection that lasts less than this without moving the read forward counts as short; after
    /// ``maxShortSSEConnections`` short connections in a row the read falls back to long-polling.
    static let minSSEConnectionDuration: Duration = .seconds(1)
    static let maxShortSSEConnections = 3
    /// A long-poll answered faster than this without data counts as empty; after
    /// ``emptyPollsBeforeBackoff`` of them in a row, the next polls back off.
    static let minLongPollHold: Duration = .milliseconds(250)
    static let emptyPollsBeforeBackoff = 3

    let policy: RetryPolicy
    let maxResponseBytes: Int
    /// The stream path, for messages.
    let path: String

    private(set) var mode: Mode
    private(set) var offset: Offset
    private(set) var cursor: String?
    private(set) var upToDate = false
    private(set) var streamClosed = false
    private(set) var finished = false
    /// Whether the read ends at the first chunk that is up to date.
    var stopAtUpToDate: Bool
    /// Whether a read from ``Offset/now`` starts with a long-poll (explicit long-poll mode) rather than a
    /// catch-up request that returns at once.
    var longPollAtNow = false

    /// Whether the request in flight is a long-poll.
    private var live = false
    /// Failed attempts of the current catch-up or long-poll request.
    private var requestFailures = 0
    /// Long-polls in a row that came back at once without data.
    private var emptyPolls = 0
    private var sse = SSEConnection()

    /// What one SSE connection has seen.
    private struct SSEConnection: Sendable {
        var open = false
        var base64 = false
        var data = Data()
        var connectedAt: ContinuousClock.Instant?
        var sawControl = false
        var offsetAtConnect: Offset = .start
        var shortConnections = 0
        var retryDelay: Duration?
        var failures = 0
    }

    init(offset: Offset, mode: Mode, stopAtUpToDate: Bool, policy: RetryPolicy, maxResponseBytes: Int, path: String) {
        self.offset = offset
        self.mode = mode
        self.stopAtUpToDate = stopAtUpToDate
        self.policy = policy
        self.maxResponseBytes = maxResponseBytes
        self.path = path
    }

    // MARK: - Steps

    /// The first request: it is made before any consumption, so errors such as 404 surface early.
    mutating func start() -> Step {
        if mode == .sse { return .connectSSE(ReadRequest(offset: offset, live: .sse, cursor: cursor)) }
        // At `now` a long-poll needs no catch-up first: it waits for the next data at once.
        if offset == .now && mode == .longPoll && longPollAtNow { upToDate = true }
        return httpRequest(delay: nil)
    }

    /// What to do for the next chunk.
    mutating func next() -> Step {
        if finished { return .finished }
        switch mode {
        case .catchUp, .longPoll:
            var delay: Duration?
            if mode == .longPoll && upToDate && emptyPolls >= Self.emptyPollsBeforeBackoff {
                // A server that answers long-polls at once without data must not be hammered.
                delay = policy.delay(beforeRetry: emptyPolls - Self.emptyPollsBeforeBackoff + 1)
            }
            return httpRequest(delay: delay)
        case .sse:
            if sse.open { return .readSSE }
            if sse.shortConnections >= Self.maxShortSSEConnections {
                mode = .longPoll
                return next()
            }
            let delay =
                sse.shortConnections > 0
                ? policy.delay(beforeRetry: sse.shortConnections) : (sse.retryDelay ?? .zero)
            return .connectSSE(ReadRequest(offset: offset, live: .sse, cursor: cursor, delay: delay))
        }
    }

    private mutating func httpRequest(delay: Duration?) -> Step {
        live = mode == .longPoll && upToDate
        return .request(ReadRequest(offset: offset, live: live ? .longPoll : nil, cursor: cursor, delay: delay))
    }

    /// The read failed for good or was cancelled: nothing more happens.
    mutating func finish() {
        finished = true
        sse.open = false
    }

    // MARK: - Catch-up and long-poll

    /// A catch-up or long-poll response arrived with its whole body; `elapsed` is how long it took.
    mutating func received(
        status: Int, headers: StreamHTTPHeaders, body: Data, elapsed: Duration
    ) throws(DurableStreamError) -> ReadChunk {
        guard let next = headers[ProtocolHeader.nextOffset], !next.isEmpty else {
            throw .invalidResponse(message: "\(path): response \(status) has no Stream-Next-Offset")
        }
        let nextOffset = Offset(rawValue: next)
        let closed = headers[ProtocolHeader.streamClosed]?.lowercased() == "true"
        let caughtUp = status == 204 || headers.contains(ProtocolHeader.upToDate) || closed
        if body.isEmpty, !caughtUp, nextOffset == offset {
            throw .invalidResponse(message: "\(path): server made no progress at offset \(offset)")
        }
        requestFailures = 0
        if live && body.isEmpty && !closed && elapsed < Self.minLongPollHold {
            emptyPolls += 1
        } else {
            emptyPolls = 0
        }
        offset = nextOffset
        if let value = headers[ProtocolHeader.cursor] { cursor = value }
        upToDate = caughtUp
        streamClosed = closed
        if closed || (caughtUp && (mode == .catchUp || stopAtUpToDate)) { finished = true }
        return ReadChunk(data: body, offset: nextOffset, cursor: cursor, upToDate: caughtUp, streamClosed: closed)
    }

    /// A catch-up or long-poll request (or its body) failed. A body cut short by the network is retried from
    /// the same offset: reads are idempotent.
    mutating func requestFailed(_ error: DurableStreamError, cancelled: Bool) -> Recovery {
        requestFailures += 1
        guard error.isTransient, requestFailures < policy.maxAttempts, !cancelled else { return .fail }
        // A server asking for a longer wait than the policy honours fails now rather than stalling the read.
        guard policy.honours(retryAfter: error.retryAfter) else { return .fail }
        return .retry(after: policy.delay(beforeRetry: requestFailures, retryAfter: error.retryAfter))
    }

    // MARK: - SSE

    /// An SSE connection answered at `now`.
    mutating func sseConnected(headers: StreamHTTPHeaders, at now: ContinuousClock.Instant) throws(DurableStreamError) {
        let type = headers[ProtocolHeader.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("text/event-stream") else { throw .sseNotSupported }
        sse.open = true
        sse.base64 = headers[ProtocolHeader.sseDataEncoding]?.lowercased() == "base64"
        sse.data = Data()
        sse.connectedAt = now
        sse.sawControl = false
        sse.offsetAtConnect = offset
    }

    /// One event of the open SSE connection.
    mutating func sseEvent(_ event: SSEEvent) throws(DurableStreamError) -> EventOutcome {
        switch event.event ?? "message" {
        case "data", "message":
            let decoded = sse.base64 ? try Data.decodingSSEBase64(event.data) : Data(event.data)
            sse.data.append(decoded)
            guard sse.data.count <= maxResponseBytes else {
                throw .invalidResponse(message: "SSE data without a control event exceeds the response limit")
            }
            return .none
        case "control":
            let control = try SSEControl.parse(event.data)
            sse.sawControl = true
            sse.failures = 0
            let closed = control.streamClosed ?? false
            let caughtUp = (control.upToDate ?? false) || closed
            let chunk = ReadChunk(
                data: sse.data, offset: Offset(rawValue: control.streamNextOffset),
                cursor: control.streamCursor ?? cursor, upToDate: caughtUp, streamClosed: closed)
            sse.data = Data()
            offset = chunk.offset
            cursor = chunk.cursor
            upToDate = caughtUp
            streamClosed = closed
            let stop = closed || (caughtUp && stopAtUpToDate)
            if stop { finish() }
            return .deliver(chunk, stop: stop)
        default:
            if let retry = event.retry { sse.retryDelay = .milliseconds(retry) }
            return .none
        }
    }

    /// The SSE connection ended cleanly at `now`; the next step reconnects.
    mutating func sseEnded(at now: ContinuousClock.Instant) {
        disconnect(at: now)
    }

    /// Reading the SSE connection failed at `now`. Transient failures reconnect after a backoff.
    mutating func sseFailed(_ error: DurableStreamError, cancelled: Bool, at now: ContinuousClock.Instant) -> Recovery {
        guard error.isTransient, !cancelled else { return .fail }
        sse.failures += 1
        guard sse.failures < policy.maxAttempts else { return .fail }
        guard policy.honours(retryAfter: error.retryAfter) else { return .fail }
        disconnect(at: now)
        return .retry(after: policy.delay(beforeRetry: sse.failures, retryAfter: error.retryAfter))
    }

    /// Forgets the connection. Data not yet confirmed by a control event is dropped: the next connection starts
    /// from the last confirmed offset, so nothing is skipped or delivered twice.
    private mutating func disconnect(at now: ContinuousClock.Instant) {
        sse.open = false
        sse.data = Data()
        let lived = sse.connectedAt.map { now - $0 } ?? .zero
        // Short: it ended quickly without moving the read forward (no control event, or only controls that
        // repeat the offset), e.g. a proxy that buffers or cuts event streams.
        if (!sse.sawControl || offset == sse.offsetAtConnect) && lived < Self.minSSEConnectionDuration {
            sse.shortConnections += 1
        } else {
            sse.shortConnections = 0
        }
    }
}

/// One read request the state machine asks for.
@available(OS2022, *)
struct ReadRequest: Sendable, Hashable {
    enum Live: String, Sendable, Hashable {
        case longPoll = "long-poll"
        case sse
    }

    var offset: Offset
    var live: Live?
    var cursor: String?
    /// How long to wait before making it.
    var delay: Duration?

    /// The query items, in the protocol's order.
    var query: [(String, String)] {
        var items = [("offset", offset.rawValue)]
        if let live { items.append(("live", live.rawValue)) }
        if live != nil, let cursor { items.append(("cursor", cursor)) }
        return items
    }
}
