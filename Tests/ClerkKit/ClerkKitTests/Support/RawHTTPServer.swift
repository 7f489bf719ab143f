import CourierPrimitives
import CourierTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 and an ephemeral port that answers each request with raw bytes from
/// `respond`, then closes the connection. For transport tests (real sockets, dropped bodies).
@available(OS2023, *)
final class RawHTTPServer: Sendable {
    var port: Int { server.port }
    private let server: LoopbackSocketServer
    private let received: Locked<[String]>

    /// With `keepAliveThenDrop`, each connection's first request is answered and the connection kept open; the
    /// next request on it is recorded and the connection closed unanswered (a server that dropped it).
    init(keepAliveThenDrop: Bool = false, respond: @escaping @Sendable (_ request: String) -> [UInt8]) throws {
        let received = Locked<[String]>([])
        self.received = received
        server = try LoopbackSocketServer { connection in
            let first = Self.readRequest(connection)
            guard !first.isEmpty else { return }
            received.withLock { $0.append(first) }
            let bytes = respond(first)
            _ = bytes.withUnsafeBytes { SocketShim.send(connection, $0) }
            guard keepAliveThenDrop else { return }
            let second = Self.readRequest(connection)
            if !second.isEmpty { received.withLock { $0.append(second) } }
        }
    }

    var requests: [String] { received.value }

    func stop() {
        server.stop()
    }

    private static func readRequest(_ connection: Int32) -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { break }
            data += buffer[0..<count]
            guard
                let headEnd = (0...(max(0, data.count - 4))).first(where: {
                    Array(data[$0..<min($0 + 4, data.count)]) == separator
                })
            else { continue }
            let head = String(decoding: data[..<headEnd], as: UTF8.self).lowercased()
            let length =
                head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if data.count - (headEnd + 4) >= length { break }
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A full HTTP/1.1 response.
    static func response(
        status: Int = 200, headers: [(String, String)] = [], body: Data, keepAlive: Bool = false
    ) -> [UInt8] {
        var head = "HTTP/1.1 \(status) OK\r\nContent-Length: \(body.count)\r\n"
        if !keepAlive { head += "Connection: close\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + Array(body)
    }
}
