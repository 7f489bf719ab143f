import Foundation

/// Server-Sent Events framing for the protocol's `data` and `control` events.
@available(OS2023, *)
enum SSEEvents {
    /// Base64 data is split into lines of this many characters (the protocol lets clients join them).
    static let base64LineLength = 4096

    /// A `data` event whose payload is text: each line of it becomes a `data:` line, splitting on CR LF,
    /// CR and LF, so no payload can end the event early or inject another one.
    static func textData(_ payload: [UInt8], into event: inout [UInt8]) {
        event.append(contentsOf: Array("event: data\n".utf8))
        var lineStart = 0
        var index = 0
        while index < payload.count {
            let byte = payload[index]
            if byte == 0x0A || byte == 0x0D {
                appendDataLine(payload[lineStart..<index], into: &event)
                if byte == 0x0D && index + 1 < payload.count && payload[index + 1] == 0x0A { index += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        appendDataLine(payload[lineStart..<payload.count], into: &event)
        event.append(0x0A)
    }

    /// A `data` event whose payload is binary, base64-encoded over one or more `data:` lines.
    static func base64Data(_ payload: [UInt8], into event: inout [UInt8]) {
        event.append(contentsOf: Array("event: data\n".utf8))
        let encoded = Array(Data(payload).base64EncodedString().utf8)
        var start = 0
        repeat {
            let end = min(start + base64LineLength, encoded.count)
            appendDataLine(encoded[start..<end], into: &event)
            start = end
        } while start < encoded.count
        event.append(0x0A)
    }

    /// A `control` event.
    static func control(
        nextOffset: String,
        cursor: String?,
        upToDate: Bool,
        closed: Bool,
        into event: inout [UInt8]
    ) {
        var json = "{\"streamNextOffset\":\"\(nextOffset)\""
        if closed {
            json += ",\"streamClosed\":true"
        } else {
            if let cursor { json += ",\"streamCursor\":\"\(cursor)\"" }
            if upToDate { json += ",\"upToDate\":true" }
        }
        json += "}"
        event.append(contentsOf: Array("event: control\ndata: ".utf8))
        event.append(contentsOf: Array(json.utf8))
        event.append(contentsOf: [0x0A, 0x0A])
    }

    /// An arbitrary event (fault injection), each line of `data` on its own `data:` line.
    static func custom(type: String, data: String, into event: inout [UInt8]) {
        let safeType = type.filter { $0 != "\n" && $0 != "\r" }
        event.append(contentsOf: Array("event: \(safeType)\n".utf8))
        for line in data.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            event.append(contentsOf: Array("data: \(line)\n".utf8))
        }
        event.append(0x0A)
    }

    /// `data: ` and the line as it is. A reader removes one space after the colon, so the space written here is
    /// the one it removes, and a line that starts with spaces or tabs arrives with every one of them.
    private static func appendDataLine(_ line: ArraySlice<UInt8>, into event: inout [UInt8]) {
        event.append(contentsOf: dataPrefix)
        event.append(contentsOf: line)
        event.append(0x0A)
    }

    /// `data: `.
    private static let dataPrefix: [UInt8] = Array("data: ".utf8)
}
