import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// One event of an SSE stream.
struct SSEEvent: Sendable, Equatable {
    let type: String
    let data: String

    /// The data of a `control` event, parsed.
    var control: [String: Any]? {
        guard type == "control" else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any]
    }
}

/// An open SSE response, parsed incrementally into events (CR, LF and CR LF line ends; `data:` lines joined
/// with LF; one optional space after the colon removed).
final class SSEConnection: Sendable {
    let status: Int
    let headers: HTTPHeaders
    /// The events, in order; finished when the server ends the response.
    let events: AsyncStream<SSEEvent>
    private let reader: Task<Void, Never>

    init(status: Int, headers: HTTPHeaders, body: HTTPClientResponse.Body) {
        self.status = status
        self.headers = headers
        let (events, continuation) = AsyncStream.makeStream(of: SSEEvent.self)
        self.events = events
        reader = Task {
            var pending: [UInt8] = []
            var type = ""
            var data: [String] = []
            var hasData = false
            func dispatch(_ line: [UInt8]) {
                if line.isEmpty {
                    if hasData || !type.isEmpty {
                        continuation.yield(
                            SSEEvent(type: type.isEmpty ? "message" : type, data: data.joined(separator: "\n")))
                    }
                    type = ""
                    data = []
                    hasData = false
                    return
                }
                let text = String(decoding: line, as: UTF8.self)
                guard let colon = text.firstIndex(of: ":") else { return }
                let field = text[..<colon]
                var value = text[text.index(after: colon)...]
                if value.first == " " { value = value.dropFirst() }
                switch field {
                case "event": type = String(value)
                case "data":
                    data.append(String(value))
                    hasData = true
                default: break
                }
            }
            do {
                for try await chunk in body {
                    pending.append(contentsOf: chunk.readableBytesView)
                    var start = 0
                    var index = 0
                    while index < pending.count {
                        let byte = pending[index]
                        if byte == 0x0A || byte == 0x0D {
                            if byte == 0x0D && index + 1 == pending.count { break }
                            dispatch(Array(pending[start..<index]))
                            if byte == 0x0D && pending[index + 1] == 0x0A { index += 1 }
                            start = index + 1
                        }
                        index += 1
                    }
                    pending.removeFirst(start)
                }
            } catch {}
            continuation.finish()
        }
    }

    /// Stops reading (the connection is closed).
    func cancel() {
        reader.cancel()
    }

    deinit {
        reader.cancel()
    }
}
