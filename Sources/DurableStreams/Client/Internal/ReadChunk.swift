import Foundation

/// One unit a read produces: a response body (catch-up, long-poll) or an SSE data event with its control
/// event. Empty chunks carry state changes (caught up, closed) without data.
@available(OS2022, *)
struct ReadChunk: Sendable {
    var data: Data
    var offset: Offset
    var cursor: String?
    var upToDate: Bool
    var streamClosed: Bool
}

/// The JSON body of an SSE `control` event.
@available(OS2022, *)
struct SSEControl: Decodable {
    var streamNextOffset: String
    var streamCursor: String?
    var upToDate: Bool?
    var streamClosed: Bool?

    static func parse(_ bytes: [UInt8]) throws(DurableStreamError) -> SSEControl {
        let control: SSEControl
        do {
            control = try FastJSONDecoding.decode(SSEControl.self, from: Data(bytes))
        } catch {
            let text = String(decoding: bytes.prefix(120), as: UTF8.self)
            throw .invalidResponse(message: "malformed SSE control event (\(text)): \(error)")
        }
        guard !control.streamNextOffset.isEmpty else {
            throw .invalidResponse(message: "SSE control event has an empty streamNextOffset")
        }
        return control
    }
}

@available(OS2022, *)
extension Data {
    /// Decodes base64 after removing the line breaks SSE may insert between `data:` lines.
    static func decodingSSEBase64(_ bytes: [UInt8]) throws(DurableStreamError) -> Data {
        let cleaned = bytes.filter { $0 != 0x0A && $0 != 0x0D }
        if cleaned.isEmpty { return Data() }
        guard cleaned.count % 4 == 0, let data = Data(base64Encoded: Data(cleaned)) else {
            throw .invalidResponse(message: "SSE data event is not valid base64 (\(cleaned.count) characters)")
        }
        return data
    }
}
