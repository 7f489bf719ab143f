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
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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

    let port: Int
    private let listener: Int32
    private let respond: @Sendable (String) -> Reply
    private let open = Locked<[Int32]>([])
    private let stopped = Locked(false)
    private let received = Locked<[String]>([])

    init(respond: @escaping @Sendable (_ requestHead: String) -> Reply) throws {
        self.respond = respond
        let fd = SocketShim.tcpSocket()
        guard fd >= 0 else { throw TestFailure("socket failed") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
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
            throw TestFailure("bind/listen failed")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in open.withLock({ fds in
            defer { fds = [] }
            return fds
        }) {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    private func acceptLoop() {
        while !stopped.value {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            open.withLock { $0.append(client) }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ fd: Int32) {
        guard let head = readHead(fd) else { return }
        switch respond(head) {
        case .bytes(let data):
            write(fd, data)
            shutdown(fd, Int32(SHUT_RDWR))
        case .bytesThenHang(let data):
            write(fd, data)
        case .hang:
            break
        case .bytesThenDropNext(let data):
            write(fd, data)
            _ = readHead(fd)
            shutdown(fd, Int32(SHUT_RDWR))
        }
    }

    /// Reads one request head (and whatever body bytes came with it) and records it.
    private func readHead(_ fd: Int32) -> String? {
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

    private func write(_ fd: Int32, _ data: Data) {
        var remaining = data[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { SocketShim.send(fd, $0) }
            guard written > 0 else { return }
            remaining = remaining.dropFirst(written)
        }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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
