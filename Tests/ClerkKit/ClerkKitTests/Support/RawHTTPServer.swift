import CourierTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 and an ephemeral port that answers each request with raw bytes from
/// `respond`, then closes the connection. For transport tests (real sockets, dropped bodies).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class RawHTTPServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let respond: @Sendable (String) -> [UInt8]
    private let lock = NSLock()
    private var received: [String] = []

    /// With `keepAliveThenDrop`, each connection's first request is answered and the connection kept open; the
    /// next request on it is recorded and the connection closed unanswered (a server that dropped it).
    private let keepAliveThenDrop: Bool

    init(keepAliveThenDrop: Bool = false, respond: @escaping @Sendable (_ request: String) -> [UInt8]) throws {
        self.respond = respond
        self.keepAliveThenDrop = keepAliveThenDrop
        let fd = SocketShim.tcpSocket()
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    var requests: [String] { lock.withLock { received } }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            if keepAliveThenDrop {
                Thread { [self] in serveThenDrop(connection) }.start()
                continue
            }
            let request = readRequest(connection)
            lock.withLock { received.append(request) }
            let bytes = respond(request)
            _ = bytes.withUnsafeBytes { SocketShim.send(connection, $0) }
            close(connection)
        }
    }

    private func serveThenDrop(_ connection: Int32) {
        defer { close(connection) }
        let first = readRequest(connection)
        guard !first.isEmpty else { return }
        lock.withLock { received.append(first) }
        let bytes = respond(first)
        _ = bytes.withUnsafeBytes { SocketShim.send(connection, $0) }
        let second = readRequest(connection)
        if !second.isEmpty { lock.withLock { received.append(second) } }
    }

    private func readRequest(_ connection: Int32) -> String {
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
