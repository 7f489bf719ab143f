#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

/// An SSE stream to run: the stream, the first read (already made, so a missing stream is a plain `404`),
/// and the cursor the client echoed.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct SSEPlan: Sendable {
    let path: StreamPath
    let first: ReadResult
    let cursor: Substring?
}

// An idle SSE connection keeps its task's whole async call chain alive, and a task keeps the stack slabs of
// its deepest chain until it ends. So the functions below stay out of line and keep few values across their
// suspension points: header building and event framing are synchronous, and each write and read runs in a
// short-lived frame of its own.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension StreamHTTPHandler {
    /// Runs an SSE stream: `data` events for what is in the stream and what is appended, each followed by a
    /// `control` event; a keep-alive `control` event when nothing arrives for a while; the final `control`
    /// event with `streamClosed` when a closed stream has been read to its end; and the end of the response
    /// after ``Settings/sseConnectionLifetime`` (clients reconnect from their offset).
    @inline(never)
    func streamEvents(
        _ plan: SSEPlan,
        fault: FaultInjector.Fault?,
        to writer: consuming ResponseWriter,
        channel: any Channel,
        exchange: Exchange
    ) async throws {
        defer { logCompletion(exchange, status: 200, bytes: nil, reason: nil) }
        var body = try await Self.openEventStream(writer, head: eventStreamHead(for: plan.first.info))
        var events: [UInt8] = []
        if let injected = fault?.sseEvent {
            SSEEvents.custom(type: injected.type, data: injected.data, into: &events)
        }
        let deadline = ContinuousClock.now.advanced(by: settings.sseConnectionLifetime)
        await liveWaits.run(on: channel) { cancellation in
            do {
                if let tail = try await sendEvents(plan, startingWith: events, to: &body),
                    ContinuousClock.now < deadline, !cancellation.isCancelled
                {
                    await follow(plan, from: tail, until: deadline, channel: channel, cancellation: cancellation)
                }
                try await body.finish(nil)
            } catch {
                logger.trace("SSE reader went away", metadata: ["stream": "\(plan.path)"])
            }
        }
    }

    /// The response head of an event stream.
    private func eventStreamHead(for info: StreamInfo) -> HTTPResponse {
        var fields = HTTPFields()
        fields[.contentType] = "text/event-stream"
        fields[.cacheControl] = "no-cache"
        fields[ProtocolHeader.xAccelBuffering] = "no"
        if !info.configuration.isTextual { fields[ProtocolHeader.streamSSEDataEncoding] = "base64" }
        fields.append(contentsOf: commonFields)
        return HTTPResponse(status: .ok, headerFields: fields)
    }

    /// Writes the response head and returns the writer of the body.
    @inline(never)
    private static func openEventStream(
        _ writer: consuming ResponseWriter,
        head: HTTPResponse
    ) async throws -> some ResponseBodyWriter {
        try await writer.writeHead(head)
    }

    /// Sends the events of the stream up to its tail, `pending` first, through the response writer; returns
    /// the tail, or `nil` when the response should end (a closed stream read to its end, or the stream cannot
    /// be read any more).
    ///
    /// - Throws: When a write fails (the reader went away).
    @inline(never)
    private func sendEvents<Body: ResponseBodyWriter>(
        _ plan: SSEPlan,
        startingWith pending: [UInt8],
        to body: inout Body
    ) async throws -> StreamOffset? {
        var events = pending
        var result = plan.first
        let framing = fanOut.framing
        while true {
            framing.appendData(for: result, into: &events)
            framing.appendControl(after: result, clientCursor: plan.cursor, into: &events)
            try await Self.send(&events, to: &body)
            if result.reachedEnd { return nil }
            if result.reachedTail { return result.next }
            guard let next = await readForEvents(plan.path, from: result.next) else { return nil }
            result = next
        }
    }

    /// Follows the stream from its tail until the response should end: ``SSEFanOut`` writes every append's
    /// events to all the stream's readers at once, with no task or wake-up per reader.
    @inline(never)
    private func follow(
        _ plan: SSEPlan,
        from tail: StreamOffset,
        until deadline: ContinuousClock.Instant,
        channel: any Channel,
        cancellation: WaitCancellation
    ) async {
        let followed = await fanOut.follow(
            plan.path, from: tail, cursor: plan.cursor, deadline: deadline, channel: channel,
            cancellation: cancellation)
        if !followed {
            logger.error("SSE reader cannot be followed: no HTTP/1 encoder", metadata: ["stream": "\(plan.path)"])
        }
    }

    /// Writes the framed events and empties the buffer, keeping its capacity.
    @inline(never)
    private static func send<Body: ResponseBodyWriter>(_ events: inout [UInt8], to body: inout Body) async throws {
        try await body.write(ByteBuffer(bytes: events))
        events.removeAll(keepingCapacity: true)
    }

    /// The next read of an SSE stream, or `nil` when the stream cannot be read any more.
    @inline(never)
    private func readForEvents(_ path: StreamPath, from offset: StreamOffset) async -> ReadResult? {
        try? await storage.read(path, from: .offset(offset), maxBytes: settings.maximumReadBytes)
    }
}
#endif
