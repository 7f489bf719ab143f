import CourierPrimitives
import CourierTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deliberately broken HTTP server on 127.0.0.1 with an ephemeral port: for each connection it reads the
/// request head and answers with whatever bytes `respond` returns (possibly malformed, truncated, or
/// nothing at all, holding the connection open until the server stops).
@available(OS2023, *)
final class HostileServer: Sendable {
    enum Reply {
        /// Send these bytes, then close.
        case bytes(Data)
        /// Send these bytes, then keep the connection open without another byte.
        case bytesThenHang(Data)
        /// Send nothing and keep the connection open.
        case hang
        /// Send these bytes (a keep-alive response), then read the next request on the connection and close it
        /// unanswered: a server that dropped a kept-alive connection.
        case bytesThenDropNext(Data)
    }

    /// The heads of every request received, in order.
    var requests: [String] { received.value }

    var port: Int { server.port }
    private let server: LoopbackSocketServer
    private let received: Locked<[String]>

    init(respond: @escaping @Sendable (_ requestHead: String) -> Reply) throws {
        let received = Locked<[String]>([])
        self.received = received
        server = try LoopbackSocketServer { connection in
            Self.serve(connection, respond: respond, received: received)
        }
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops accepting and drops every connection still open.
    func stop() {
        server.stop()
    }

    private static func serve(
        _ fd: Int32, respond: @Sendable (String) -> Reply, received: Locked<[String]>
    ) {
        guard let head = readHead(fd, received: received) else { return }
        switch respond(head) {
        case .bytes(let data):
            write(fd, data)
        case .bytesThenHang(let data):
            write(fd, data)
            LoopbackSocketServer.waitForClose(fd)
        case .hang:
            LoopbackSocketServer.waitForClose(fd)
        case .bytesThenDropNext(let data):
            write(fd, data)
            _ = readHead(fd, received: received)
        }
    }

    /// Reads one request head (and whatever body bytes came with it) and records it.
    private static func readHead(_ fd: Int32, received: Locked<[String]>) -> String? {
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.contains(Data("\r\n\r\n".utf8)) {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            head.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: head, as: UTF8.self)
        received.withLock { $0.append(text) }
        return text
    }

    private static func write(_ fd: Int32, _ data: Data) {
        var remaining = data[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { SocketShim.send(fd, $0) }
            guard written > 0 else { return }
            remaining = remaining.dropFirst(written)
        }
    }
}

@available(OS2023, *)
extension HostileServer {
    /// An HTTP/1.1 response head plus body bytes.
    static func response(
        status: Int = 200,
        headers: [String: String],
        body: Data,
        contentLength: Int? = nil,
        keepAlive: Bool = false
    ) -> Data {
        var text = "HTTP/1.1 \(status) Status\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let contentLength {
            text += "Content-Length: \(contentLength)\r\n"
        } else if headers["Transfer-Encoding"] == nil {
            text += "Content-Length: \(body.count)\r\n"
        }
        text += keepAlive ? "\r\n" : "Connection: close\r\n\r\n"
        return Data(text.utf8) + body
    }
}
