import DurableStreamsStorage
import NIOCore

/// The events of an SSE response, framed once for every reader that gets them: the `data` event of what a
/// read found, the `control` event after it, keep-alives, and the HTTP/1.1 chunks that carry them.
@available(OS2023, *)
struct SSEFraming: Sendable {
    let cursor: ResponseCursor

    /// The `data` event for what `result` read (encoded as the stream's response head announced), or nothing
    /// when it read nothing.
    func data(for result: ReadResult) -> [UInt8] {
        var event: [UInt8] = []
        appendData(for: result, into: &event)
        return event
    }

    /// Appends the `data` event for what `result` read, if anything.
    func appendData(for result: ReadResult, into events: inout [UInt8]) {
        guard !result.payload.isEmpty else { return }
        let configuration = result.info.configuration
        if configuration.isJSON {
            SSEEvents.textData(JSONMessages.array(fromStorageForm: result.payload), into: &events)
        } else if configuration.isTextual {
            SSEEvents.textData(result.payload, into: &events)
        } else {
            SSEEvents.base64Data(result.payload, into: &events)
        }
    }

    /// Appends the `control` event after `result`, for a reader that echoed `clientCursor`: the stream's end
    /// when a closed stream was read to it.
    func appendControl(after result: ReadResult, clientCursor: Substring?, into events: inout [UInt8]) {
        let closed = result.reachedEnd
        SSEEvents.control(
            nextOffset: result.next.token,
            cursor: closed ? nil : cursor.next(after: clientCursor),
            upToDate: result.reachedTail,
            closed: closed,
            into: &events
        )
    }

    /// The chunk of the `data` event framed by ``data(for:)`` and the `control` event after `result`.
    func events(data: [UInt8], after result: ReadResult, cursor clientCursor: Substring?) -> ByteBuffer {
        var events = data
        appendControl(after: result, clientCursor: clientCursor, into: &events)
        return Self.chunk(events)
    }

    /// The chunk of a keep-alive `control` event for a reader at the tail `offset`.
    func keepAlive(at offset: StreamOffset, cursor clientCursor: Substring?) -> ByteBuffer {
        var events: [UInt8] = []
        SSEEvents.control(
            nextOffset: offset.token,
            cursor: cursor.next(after: clientCursor),
            upToDate: true,
            closed: false,
            into: &events
        )
        return Self.chunk(events)
    }

    /// One chunk of a chunked HTTP/1.1 body: the size in hexadecimal, CR LF, the bytes, CR LF. Never empty (an
    /// empty chunk ends the body).
    static func chunk(_ bytes: [UInt8]) -> ByteBuffer {
        let size = String(bytes.count, radix: 16)
        var buffer = ByteBuffer()
        buffer.reserveCapacity(size.utf8.count + bytes.count + 4)
        buffer.writeString(size)
        buffer.writeBytes([0x0D, 0x0A])
        buffer.writeBytes(bytes)
        buffer.writeBytes([0x0D, 0x0A])
        return buffer
    }
}
