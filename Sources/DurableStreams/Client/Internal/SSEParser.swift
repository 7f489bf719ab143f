import Foundation

/// One Server-Sent Event.
@available(OS2022, *)
struct SSEEvent: Sendable, Hashable {
    /// The `event:` field; `nil` means the default type, "message".
    var event: String?
    /// The `data:` lines joined with "\n", as bytes.
    var data: [UInt8]
    /// The `id:` field.
    var id: String?
    /// The `retry:` field in milliseconds.
    var retry: Int?

    var dataText: String { String(decoding: data, as: UTF8.self) }
}

/// An incremental Server-Sent Events parser (WHATWG event-stream rules) that takes bytes as they arrive.
///
/// It accepts `\n`, `\r\n` and `\r` line endings split anywhere across chunks, joins multi-line data, skips
/// comments, and bounds memory: an event (or a line) larger than `maxEventBytes` is an error, not a buffer
/// that grows forever. Unlike a browser, it also dispatches events whose only data line is empty, so a
/// `control` event with empty data reaches the client and is rejected there rather than vanishing.
@available(OS2022, *)
struct SSEParser: Sendable {
    let maxEventBytes: Int

    private var line: [UInt8] = []
    private var skipLeadingLineFeed = false
    private var eventType: String?
    private var data: [UInt8] = []
    private var hasData = false
    private var id: String?
    private var retry: Int?
    private var eventBytes = 0
    private var isFirstLine = true

    init(maxEventBytes: Int = 16 * 1024 * 1024) {
        self.maxEventBytes = maxEventBytes
    }

    /// Parses the next chunk of the stream and returns the events it completed.
    mutating func feed(_ chunk: Data) throws(DurableStreamError) -> [SSEEvent] {
        var events: [SSEEvent] = []
        var failure: DurableStreamError?
        chunk.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            let count = bytes.count
            if skipLeadingLineFeed, count > 0 {
                skipLeadingLineFeed = false
                if bytes[0] == 0x0A { index = 1 }
            }
            var lineStart = index
            while index < count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]))
                    do throws(DurableStreamError) {
                        if let event = try processLine() { events.append(event) }
                    } catch {
                        failure = error
                        return
                    }
                    line.removeAll(keepingCapacity: true)
                    if byte == 0x0D {
                        if index + 1 < count {
                            if bytes[index + 1] == 0x0A { index += 1 }
                        } else {
                            skipLeadingLineFeed = true
                        }
                    }
                    index += 1
                    lineStart = index
                } else {
                    index += 1
                }
            }
            if lineStart < count {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<count]))
                if line.count + eventBytes > maxEventBytes {
                    failure = .invalidResponse(message: "SSE event exceeds \(maxEventBytes) bytes")
                }
            }
        }
        if let failure { throw failure }
        return events
    }

    /// Handles one complete line; returns an event when the line is blank and ends one.
    private mutating func processLine() throws(DurableStreamError) -> SSEEvent? {
        if isFirstLine {
            isFirstLine = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        if line.isEmpty {
            return dispatch()
        }
        eventBytes += line.count + 1
        guard eventBytes <= maxEventBytes else {
            throw .invalidResponse(message: "SSE event exceeds \(maxEventBytes) bytes")
        }
        if line[0] == UInt8(ascii: ":") {
            return nil
        }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = colon.map { line[..<$0] } ?? line[...]
        var value = colon.map { line[($0 + 1)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: name, as: UTF8.self) {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        case "id":
            if !value.contains(0) { id = String(decoding: value, as: UTF8.self) }
        case "retry":
            if let milliseconds = Int(String(decoding: value, as: UTF8.self)), milliseconds >= 0 {
                retry = milliseconds
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> SSEEvent? {
        defer {
            eventType = nil
            data = []
            hasData = false
            retry = nil
            eventBytes = 0
        }
        guard hasData || eventType != nil else { return nil }
        return SSEEvent(event: eventType, data: data, id: id, retry: retry)
    }
}
