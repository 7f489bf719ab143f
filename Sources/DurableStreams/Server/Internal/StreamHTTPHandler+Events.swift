#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

/// An SSE stream to run: the stream, the first read (already made, so a missing stream is a plain `404`),
/// and the cursor the client echoed.
@available(OS2023, *)
struct SSEPlan: Sendable {
    let path: StreamPath
    let first: ReadResult
    let cursor: Substring?
}

@available(OS2023, *)
extension StreamHTTPHandler {
    /// Runs an SSE stream: `data` events for what is in the stream and what is appended, each followed by a
    /// `control` event; a keep-alive `control` event when nothing arrives for a while; the final `control`
    /// event with `streamClosed` when a closed stream has been read to its end; and the end of the response
    /// after ``Settings/sseConnectionLifetime`` (clients reconnect from their offset).
    @inline(never)
    func streamEvents(
        _ plan: SSEPlan,
        fault: FaultInjector.Fault?,
        to writer: consuming HTTP1ResponseWriter,
        channel: any Channel,
        exchange: Exchange
    ) async throws {
        var body = try await Self.openEventStream(writer, head: eventStreamHead(for: plan.first.info))
        var events: [UInt8] = []
        if let injected = fault?.sseEvent {
            SSEEvents.custom(type: injected.type, data: injected.data, into: &events)
        }
        let deadline = ContinuousClock.now.advanced(by: settings.sseConnectionLifetime)
        liveWaits.enter()
        do {
            if let tail = try await sendEvents(plan, startingWith: events, to: &body),
                ContinuousClock.now < deadline, !liveWaits.isStopped
            {
                // The fan-out ends the response, the live read's count and its log line.
                fanOut.follow(
                    plan.path, from: tail, cursor: plan.cursor, deadline: deadline, response: body.handOff(),
                    exchange: exchange)
                return
            }
            try await body.finish(nil)
        } catch {
            logger.trace("SSE reader went away", metadata: ["stream": "\(plan.path)"])
        }
        liveWaits.leave()
        logCompletion(exchange, status: 200, bytes: nil, reason: nil)
    }

    /// The response head of an event stream.
    private func eventStreamHead(for info: StreamInfo) -> HTTPResponse {
        var fields = HTTPFields()
        fields[.contentType] = "text/event-stream"
        fields[.cacheControl] = "no-cache"
        fields[ProtocolHeader.streamIncarnation] = info.incarnation
        fields[ProtocolHeader.xAccelBuffering] = "no"
        if !info.configuration.isTextual { fields[ProtocolHeader.streamSSEDataEncoding] = "base64" }
        fields.append(contentsOf: commonFields)
        return HTTPResponse(status: .ok, headerFields: fields)
    }

    /// Writes the response head and returns the writer of the body.
    @inline(never)
    private static func openEventStream(
        _ writer: consuming HTTP1ResponseWriter,
        head: HTTPResponse
    ) async throws -> HTTP1BodyWriter {
        try await writer.writeHead(head)
    }

    /// Sends the events of the stream up to its tail, `pending` first, through the response writer; returns
    /// the tail, or `nil` when the response should end (a closed stream read to its end, or the stream cannot
    /// be read any more).
    ///
    /// - Throws: When a write fails (the reader went away).
    @inline(never)
    private func sendEvents(
        _ plan: SSEPlan,
        startingWith pending: [UInt8],
        to body: inout HTTP1BodyWriter
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

    /// Writes the framed events and empties the buffer, keeping its capacity.
    @inline(never)
    private static func send(_ events: inout [UInt8], to body: inout HTTP1BodyWriter) async throws {
        try await body.write(ByteBuffer(bytes: events))
        events.removeAll(keepingCapacity: true)
    }

    /// The next read of an SSE stream, or `nil` when the stream cannot be read any more.
    @inline(never)
    private func readForEvents(_ path: StreamPath, from offset: StreamOffset) async -> ReadResult? {
        try? await operations.read(path, from: .offset(offset), maxBytes: settings.maximumReadBytes)
    }
}
#endif
