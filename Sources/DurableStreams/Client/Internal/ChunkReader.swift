import Foundation

/// Reads a stream chunk by chunk: the thin driver of ``ReadStateMachine``, which it asks what to do and tells
/// what happened. It owns the I/O: requests, the response in hand, the SSE connection and its parser.
///
/// Pull-based: each ``next()`` makes at most the requests needed for one chunk, in the caller's task, so a
/// slow consumer slows the reads (backpressure) and cancelling the consumer cancels the request in flight.
///
/// `@unchecked Sendable`: one consumer at a time drives a reader (``ReaderLease`` hands it out once, and
/// ``ChunkSequence`` iterates it from one task); only that consumer's task touches its mutable state.
@available(OS2022, *)
final class ChunkReader: @unchecked Sendable {
    typealias Mode = ReadStateMachine.Mode

    let client: StreamClient
    private var machine: ReadStateMachine
    /// The first response, made by ``start()`` and consumed by the first ``next()``.
    private var pending: StreamHTTPResponse?
    private var sseBody: StreamHTTPResponseBody?
    private var sseParser: SSEParser
    private var sseEvents: ArraySlice<SSEEvent> = []
    private(set) var contentType: String?

    init(client: StreamClient, offset: Offset, mode: Mode, stopAtUpToDate: Bool) {
        self.client = client
        self.machine = ReadStateMachine(
            offset: offset, mode: mode, stopAtUpToDate: stopAtUpToDate, policy: client.http.readRetryPolicy,
            maxResponseBytes: client.http.maxResponseBytes, path: client.url.path)
        self.sseParser = SSEParser(maxEventBytes: client.http.maxSSEEventBytes)
    }

    /// Whether the read ends at the first chunk that is up to date.
    var stopAtUpToDate: Bool {
        get { machine.stopAtUpToDate }
        set { machine.stopAtUpToDate = newValue }
    }

    /// Whether a read from ``Offset/now`` starts with a long-poll rather than a catch-up request.
    var longPollAtNow: Bool {
        get { machine.longPollAtNow }
        set { machine.longPollAtNow = newValue }
    }

    /// Makes the first request and keeps its response for the first ``next()``, so errors such as 404 surface
    /// before any consumption starts. Returns the response's status and headers.
    func start() async throws(DurableStreamError) -> (status: Int, headers: StreamHTTPHeaders) {
        let response: StreamHTTPResponse
        switch machine.start() {
        case .connectSSE(let request):
            response = try await connectSSE(request)
        case .request(let request):
            response = try await send(request)
            pending = response
        case .readSSE, .finished:
            throw .invalidResponse(message: "the read ended before it started")
        }
        contentType = response.headers[ProtocolHeader.contentType]
        return (response.status, response.headers)
    }

    /// The next chunk, or `nil` when the read is over (caught up in catch-up mode, or the stream closed).
    func next() async throws(DurableStreamError) -> ReadChunk? {
        do {
            while !machine.finished {
                if let chunk = try nextBufferedEvent() { return chunk }
                switch machine.next() {
                case .finished:
                    return nil
                case .request(let request):
                    if let chunk = try await httpChunk(request) { return chunk }
                case .connectSSE(let request):
                    try await StreamClient.sleep(request.delay ?? .zero)
                    _ = try await connectSSE(request)
                case .readSSE:
                    try await readSSE()
                }
            }
            return nil
        } catch {
            cancel()
            throw error
        }
    }

    /// Stops any request in flight; later calls to ``next()`` return `nil`.
    func cancel() {
        closeSSE()
        pending?.body.cancel()
        pending = nil
        machine.finish()
    }

    // MARK: - Catch-up and long-poll

    /// One attempt at a catch-up or long-poll chunk; nil when it failed and the machine asks to retry.
    private func httpChunk(_ request: ReadRequest) async throws(DurableStreamError) -> ReadChunk? {
        var started = ContinuousClock.now
        do {
            let response: StreamHTTPResponse
            if let first = pending {
                pending = nil
                response = first
            } else {
                try await StreamClient.sleep(request.delay ?? .zero)
                started = .now
                response = try await send(request)
            }
            let body =
                response.status == 204 ? Data() : try await response.body.collect(upTo: client.http.maxResponseBytes)
            return try machine.received(
                status: response.status, headers: response.headers, body: body, elapsed: .now - started)
        } catch {
            switch machine.requestFailed(error, cancelled: Task.isCancelled) {
            case .fail: throw error
            case .retry(let delay): try await StreamClient.sleep(delay)
            }
            return nil
        }
    }

    private func send(_ request: ReadRequest) async throws(DurableStreamError) -> StreamHTTPResponse {
        let live = request.live == .longPoll
        let timeout = live ? client.http.longPollTimeout + client.http.timeout : client.http.timeout
        var context = client.context(.read, .get)
        context.offset = request.offset
        let client = self.client
        let query = request.query
        return try await client.send(policy: client.http.readRetryPolicy, context: context) {
            () throws(DurableStreamError) in
            try await client.makeRequest(.get, query: query, timeout: timeout)
        }
    }

    // MARK: - SSE

    private func connectSSE(_ request: ReadRequest) async throws(DurableStreamError) -> StreamHTTPResponse {
        var context = client.context(.read, .get)
        context.offset = request.offset
        let client = self.client
        let query = request.query
        let response = try await client.send(policy: client.http.readRetryPolicy, context: context) {
            () throws(DurableStreamError) in
            try await client.makeRequest(
                .get, query: query, headers: ["Accept": "text/event-stream"], timeout: client.http.timeout)
        }
        do {
            try machine.sseConnected(headers: response.headers, at: .now)
        } catch {
            response.body.cancel()
            throw error
        }
        sseBody = response.body
        sseParser = SSEParser(maxEventBytes: client.http.maxSSEEventBytes)
        sseEvents = []
        return response
    }

    /// Reads the open SSE connection's next bytes into events, or handles its end or failure.
    private func readSSE() async throws(DurableStreamError) {
        guard let body = sseBody else { return machine.sseEnded(at: .now) }
        let bytes: Data?
        do {
            bytes = try await body.next()
        } catch {
            switch machine.sseFailed(error, cancelled: Task.isCancelled, at: .now) {
            case .fail: throw error
            case .retry(let delay):
                closeSSE()
                try await StreamClient.sleep(delay)
            }
            return
        }
        guard let bytes else {
            closeSSE()
            return machine.sseEnded(at: .now)
        }
        sseEvents = try sseParser.feed(bytes)[...]
    }

    /// The chunk of the next parsed event that completes one, if any.
    private func nextBufferedEvent() throws(DurableStreamError) -> ReadChunk? {
        while let event = sseEvents.popFirst() {
            if case .deliver(let chunk, let stop) = try machine.sseEvent(event) {
                if stop { cancel() }
                return chunk
            }
        }
        return nil
    }

    private func closeSSE() {
        sseBody?.cancel()
        sseBody = nil
        sseEvents = []
    }
}
