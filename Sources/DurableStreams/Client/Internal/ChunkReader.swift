import Foundation

/// Reads a stream chunk by chunk: catch-up requests, then long-polls or one SSE connection at a time.
///
/// Pull-based: each ``next()`` makes at most the requests needed for one chunk, in the caller's task, so a
/// slow consumer slows the reads (backpressure) and cancelling the consumer cancels the request in flight.
/// One reader has one consumer.
final class ChunkReader: @unchecked Sendable {
    enum Mode: Sendable {
        case catchUp, longPoll, sse
    }

    /// An SSE connection that lasts less than this without delivering a control event counts as short;
    /// after ``maxShortSSEConnections`` short connections in a row the reader falls back to long-polling.
    static let minSSEConnectionDuration: Duration = .seconds(1)
    static let maxShortSSEConnections = 3

    let client: StreamClient
    private(set) var mode: Mode
    private(set) var offset: Offset
    private(set) var cursor: String?
    private(set) var upToDate = false
    private(set) var streamClosed = false
    private(set) var contentType: String?
    /// Whether the read ends at the first chunk that is up to date.
    var stopAtUpToDate: Bool
    /// Whether a read from ``Offset/now`` starts with a long-poll (explicit long-poll mode) rather than a
    /// catch-up request that returns at once.
    var longPollAtNow = false
    private var finished = false
    private var pending: HTTPResponse?
    private var requestedOffset: Offset

    // SSE connection state.
    private var sseBody: HTTPResponseBody?
    private var sseParser: SSEParser
    private var sseBase64 = false
    private var sseEvents: [SSEEvent] = []
    private var sseEventIndex = 0
    private var sseData = Data()
    private var sseConnectedAt: ContinuousClock.Instant = .now
    private var sseSawControl = false
    private var sseShortConnections = 0
    private var sseRetryDelay: Duration?
    private var consecutiveFailures = 0
    private var sseOffsetAtConnect: Offset = .start
    /// Long-polls in a row that came back at once without data.
    private var emptyPolls = 0

    /// A long-poll answered faster than this without data counts as empty; after
    /// ``emptyPollsBeforeBackoff`` of them in a row, the next polls back off.
    static let minLongPollHold: Duration = .milliseconds(250)
    static let emptyPollsBeforeBackoff = 3

    init(client: StreamClient, offset: Offset, mode: Mode, stopAtUpToDate: Bool) {
        self.client = client
        self.offset = offset
        self.requestedOffset = offset
        self.mode = mode
        self.stopAtUpToDate = stopAtUpToDate
        self.sseParser = SSEParser(maxEventBytes: client.http.maxSSEEventBytes)
    }

    /// Makes the first request and keeps its response for the first ``next()``, so errors such as 404 surface
    /// before any consumption starts. Returns the response's status and headers.
    func start() async throws(DurableStreamError) -> (status: Int, headers: HTTPHeaders) {
        let response: HTTPResponse
        if mode == .sse {
            response = try await connectSSE()
        } else {
            // At `now` a long-poll needs no catch-up first: it waits for the next data at once.
            if offset == .now && mode == .longPoll && longPollAtNow {
                upToDate = true
            }
            response = try await request(live: upToDate)
            pending = response
        }
        contentType = response.headers[ProtocolHeader.contentType]
        return (response.status, response.headers)
    }

    /// The next chunk, or `nil` when the read is over (caught up in catch-up mode, or the stream closed).
    func next() async throws(DurableStreamError) -> ReadChunk? {
        guard !finished else { return nil }
        do {
            switch mode {
            case .catchUp, .longPoll:
                return try await nextHTTPChunk()
            case .sse:
                return try await nextSSEChunk()
            }
        } catch {
            cancel()
            finished = true
            throw error
        }
    }

    /// Stops any request in flight; later calls to ``next()`` return `nil`.
    func cancel() {
        sseBody?.cancel()
        sseBody = nil
        pending?.body.cancel()
        pending = nil
        finished = true
    }

    // MARK: - Catch-up and long-poll

    private func request(live: Bool) async throws(DurableStreamError) -> HTTPResponse {
        var query = [("offset", offset.rawValue)]
        var timeout = client.http.timeout
        if live {
            query.append(("live", "long-poll"))
            if let cursor { query.append(("cursor", cursor)) }
            timeout = client.http.longPollTimeout + client.http.timeout
        }
        var context = client.context(.read, .get)
        context.offset = offset
        let client = self.client
        return try await client.send(policy: client.http.readRetryPolicy, context: context) { [query, timeout] in
            await client.makeRequest(.get, query: query, timeout: timeout)
        }
    }

    private func nextHTTPChunk() async throws(DurableStreamError) -> ReadChunk? {
        var failures = 0
        while true {
            let live = mode == .longPoll && upToDate
            do {
                let response: HTTPResponse
                var started = ContinuousClock.now
                if let first = pending {
                    pending = nil
                    response = first
                } else {
                    if live && emptyPolls >= Self.emptyPollsBeforeBackoff {
                        // A server that answers long-polls at once without data must not be hammered.
                        let retry = emptyPolls - Self.emptyPollsBeforeBackoff + 1
                        try await StreamClient.sleep(client.http.readRetryPolicy.delay(beforeRetry: retry))
                    }
                    started = .now
                    response = try await request(live: live)
                }
                let body =
                    response.status == 204
                    ? Data() : try await response.body.collect(upTo: client.http.maxResponseBytes)
                let chunk = try chunk(from: response, body: body)
                if live && body.isEmpty && !chunk.streamClosed
                    && ContinuousClock.now - started < Self.minLongPollHold
                {
                    emptyPolls += 1
                } else {
                    emptyPolls = 0
                }
                return chunk
            } catch let error {
                // A body cut short by the network is retried from the same offset; reads are idempotent.
                failures += 1
                let policy = client.http.readRetryPolicy
                guard error.isTransient, failures < policy.maxAttempts, !Task.isCancelled else { throw error }
                try await StreamClient.sleep(policy.delay(beforeRetry: failures, retryAfter: error.retryAfter))
            }
        }
    }

    private func chunk(from response: HTTPResponse, body: Data) throws(DurableStreamError) -> ReadChunk {
        guard let next = response.headers[ProtocolHeader.nextOffset], !next.isEmpty else {
            throw .invalidResponse(message: "\(client.url.path): response \(response.status) has no Stream-Next-Offset")
        }
        let nextOffset = Offset(rawValue: next)
        let closed = response.headers[ProtocolHeader.streamClosed]?.lowercased() == "true"
        let caughtUp = response.status == 204 || response.headers.contains(ProtocolHeader.upToDate) || closed
        if body.isEmpty, !caughtUp, nextOffset == offset {
            throw .invalidResponse(message: "\(client.url.path): server made no progress at offset \(offset)")
        }
        offset = nextOffset
        if let value = response.headers[ProtocolHeader.cursor] { cursor = value }
        upToDate = caughtUp
        streamClosed = closed
        if closed || (caughtUp && (mode == .catchUp || stopAtUpToDate)) {
            finished = true
        }
        return ReadChunk(data: body, offset: nextOffset, cursor: cursor, upToDate: caughtUp, streamClosed: closed)
    }

    // MARK: - SSE

    private func connectSSE() async throws(DurableStreamError) -> HTTPResponse {
        var query = [("offset", offset.rawValue), ("live", "sse")]
        if let cursor { query.append(("cursor", cursor)) }
        var context = client.context(.read, .get)
        context.offset = offset
        let client = self.client
        let response = try await client.send(policy: client.http.readRetryPolicy, context: context) { [query] in
            await client.makeRequest(
                .get, query: query, headers: ["Accept": "text/event-stream"], timeout: client.http.timeout)
        }
        let type = response.headers[ProtocolHeader.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("text/event-stream") else {
            response.body.cancel()
            throw .sseNotSupported
        }
        sseBase64 = response.headers[ProtocolHeader.sseDataEncoding]?.lowercased() == "base64"
        sseBody = response.body
        sseParser = SSEParser(maxEventBytes: client.http.maxSSEEventBytes)
        sseEvents = []
        sseEventIndex = 0
        sseData = Data()
        sseConnectedAt = .now
        sseSawControl = false
        sseOffsetAtConnect = offset
        return response
    }

    private func nextSSEChunk() async throws(DurableStreamError) -> ReadChunk? {
        while true {
            while sseEventIndex < sseEvents.count {
                let event = sseEvents[sseEventIndex]
                sseEventIndex += 1
                if let chunk = try handle(event) { return chunk }
            }
            guard let body = sseBody else {
                try await reconnectSSE()
                if mode != .sse { return try await nextHTTPChunk() }
                continue
            }
            let bytes: Data?
            do {
                bytes = try await body.next()
            } catch let error {
                guard error.isTransient, !Task.isCancelled else { throw error }
                consecutiveFailures += 1
                guard consecutiveFailures < client.http.readRetryPolicy.maxAttempts else { throw error }
                disconnectSSE()
                try await StreamClient.sleep(client.http.readRetryPolicy.delay(beforeRetry: consecutiveFailures))
                continue
            }
            guard let bytes else {
                disconnectSSE()
                continue
            }
            sseEvents = try sseParser.feed(bytes)
            sseEventIndex = 0
        }
    }

    private func handle(_ event: SSEEvent) throws(DurableStreamError) -> ReadChunk? {
        switch event.event ?? "message" {
        case "data", "message":
            let decoded = sseBase64 ? try Data.decodingSSEBase64(event.data) : Data(event.data)
            sseData.append(decoded)
            guard sseData.count <= client.http.maxResponseBytes else {
                throw .invalidResponse(message: "SSE data without a control event exceeds the response limit")
            }
            return nil
        case "control":
            let control = try SSEControl.parse(event.data)
            sseSawControl = true
            consecutiveFailures = 0
            let closed = control.streamClosed ?? false
            let caughtUp = (control.upToDate ?? false) || closed
            let chunk = ReadChunk(
                data: sseData,
                offset: Offset(rawValue: control.streamNextOffset),
                cursor: control.streamCursor ?? cursor,
                upToDate: caughtUp,
                streamClosed: closed
            )
            sseData = Data()
            offset = chunk.offset
            cursor = chunk.cursor
            upToDate = caughtUp
            streamClosed = closed
            if closed || (caughtUp && stopAtUpToDate) {
                cancel()
            }
            return chunk
        default:
            if let retry = event.retry { sseRetryDelay = .milliseconds(retry) }
            return nil
        }
    }

    /// Forgets the current connection. Data events not yet confirmed by a control event are dropped: the
    /// next connection starts from the last confirmed offset, so nothing is skipped or delivered twice.
    private func disconnectSSE() {
        sseBody?.cancel()
        sseBody = nil
        sseData = Data()
        sseEvents = []
        sseEventIndex = 0
        let lived = ContinuousClock.now - sseConnectedAt
        // Short: it ended quickly without moving the read forward (no control event, or only controls that
        // repeat the offset), e.g. a proxy that buffers or cuts event streams.
        if (!sseSawControl || offset == sseOffsetAtConnect) && lived < Self.minSSEConnectionDuration {
            sseShortConnections += 1
        } else {
            sseShortConnections = 0
        }
    }

    private func reconnectSSE() async throws(DurableStreamError) {
        if sseShortConnections >= Self.maxShortSSEConnections {
            mode = .longPoll
            return
        }
        let delay =
            sseShortConnections > 0
            ? client.http.readRetryPolicy.delay(beforeRetry: sseShortConnections) : (sseRetryDelay ?? .zero)
        try await StreamClient.sleep(delay)
        _ = try await connectSSE()
    }
}
