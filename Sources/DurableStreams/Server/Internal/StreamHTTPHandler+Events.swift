import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

/// An SSE stream to run: the stream, the first read (already made, so a missing stream is a plain `404`),
/// and the cursor the client echoed.
struct SSEPlan: Sendable {
    let path: StreamPath
    let first: ReadResult
    let cursor: Substring?
}

extension StreamHTTPHandler {
    /// Runs an SSE stream: `data` events for what is in the stream and what is appended, each followed by a
    /// `control` event; a keep-alive `control` event when nothing arrives for a while; the final `control`
    /// event with `streamClosed` when a closed stream has been read to its end; and the end of the response
    /// after ``Settings/sseConnectionLifetime`` (clients reconnect from their offset).
    func streamEvents(
        _ plan: SSEPlan,
        fault: FaultInjector.Fault?,
        to writer: consuming ResponseWriter,
        channel: any Channel
    ) async throws {
        let info = plan.first.info
        let isText = info.configuration.isTextual
        let isJSON = info.configuration.isJSON
        var fields = HTTPFields()
        fields[.contentType] = "text/event-stream"
        fields[.cacheControl] = "no-cache"
        fields[ProtocolHeader.xAccelBuffering] = "no"
        if !isText { fields[ProtocolHeader.streamSSEDataEncoding] = "base64" }
        fields.append(contentsOf: commonFields)
        var body = try await writer.writeHead(HTTPResponse(status: .ok, headerFields: fields))

        var events: [UInt8] = []
        if let injected = fault?.sseEvent {
            SSEEvents.custom(type: injected.type, data: injected.data, into: &events)
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: settings.sseConnectionLifetime)
        var result = plan.first
        await liveWaits.run(on: channel) { cancellation in
            do {
                streaming: while true {
                    if !result.payload.isEmpty {
                        if isJSON {
                            SSEEvents.textData(JSONMessages.array(fromStorageForm: result.payload), into: &events)
                        } else if isText {
                            SSEEvents.textData(result.payload, into: &events)
                        } else {
                            SSEEvents.base64Data(result.payload, into: &events)
                        }
                    }
                    let closed = result.reachedEnd
                    SSEEvents.control(
                        nextOffset: result.next.token,
                        cursor: closed ? nil : settings.cursor.next(after: plan.cursor),
                        upToDate: result.reachedTail,
                        closed: closed,
                        into: &events
                    )
                    try await body.write(ByteBuffer(bytes: events))
                    events.removeAll(keepingCapacity: true)
                    if closed { break streaming }

                    let offset = result.next
                    if result.reachedTail {
                        waiting: while true {
                            let remaining = clock.now.duration(to: deadline)
                            guard remaining > .zero else { break streaming }
                            let timeout = min(settings.sseKeepAliveInterval, remaining)
                            let storage = self.storage
                            let path = plan.path
                            let outcome = await storage.waitForAppend(
                                path,
                                after: offset,
                                timeout: timeout,
                                cancellation: cancellation
                            )
                            switch outcome {
                            case .appended, .closed:
                                break waiting
                            case .timedOut:
                                guard clock.now < deadline else { break streaming }
                                SSEEvents.control(
                                    nextOffset: offset.token,
                                    cursor: settings.cursor.next(after: plan.cursor),
                                    upToDate: true,
                                    closed: false,
                                    into: &events
                                )
                                try await body.write(ByteBuffer(bytes: events))
                                events.removeAll(keepingCapacity: true)
                            case .notFound, .gone, .cancelled, .shutdown:
                                break streaming
                            }
                        }
                    }
                    do {
                        result = try await storage.read(
                            plan.path, from: .offset(offset), maxBytes: settings.maximumReadBytes)
                    } catch {
                        break streaming
                    }
                }
                try await body.finish(nil)
            } catch {
                logger.trace("SSE reader went away", metadata: ["stream": "\(plan.path)"])
            }
        }
    }
}
