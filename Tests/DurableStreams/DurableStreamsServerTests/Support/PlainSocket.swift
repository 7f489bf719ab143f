import DurableStreamsStorage
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP connection to 127.0.0.1 for tests that must hold many sockets, or one socket across several
/// requests, without an event loop. Every receive gives up after 30 seconds (a loaded machine is slow to accept).
///
/// Reads wait on a dispatch queue so that a slow server never holds one of the few cooperative threads; each
/// socket is used by one test at a time.
@available(OS2023, *)
final class PlainSocket: Sendable {
    private let fd: Int32

    /// Connects; `receiveBufferBytes` shrinks the socket's receive buffer (a reader that falls behind soon).
    init(port: Int, receiveBufferBytes: Int32? = nil) throws {
        fd = socket(AF_INET, System.streamSocket, 0)
        guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBufferBytes {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw HarnessError("connect: \(reason)")
        }
    }

    deinit { close(fd) }

    /// Sends `text` whole.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard result > 0 else { throw HarnessError("write: \(String(cString: strerror(errno)))") }
            sent += result
        }
    }

    private static let readers = DispatchQueue(label: "PlainSocket.readers", attributes: .concurrent)

    /// Reads one response: its head and a body of `Content-Length` bytes.
    func receiveResponse() async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Self.readers.async { continuation.resume(with: Result { try self.receiveResponseBlocking() }) }
        }
    }

    private func receiveResponseBlocking() throws -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else {
                throw HarnessError("read: \(count == 0 ? "closed" : String(cString: strerror(errno)))")
            }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            guard let headEnd = text.range(of: "\r\n\r\n") else { continue }
            let length =
                text[..<headEnd.lowerBound].lowercased().split(separator: "\r\n")
                .first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if text.utf8.count - text[..<headEnd.upperBound].utf8.count >= length { return text }
        }
    }

    /// Closes the sending side (a half-close: the server reads end of input).
    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Reads until the server closes the connection, and returns what arrived; fails when nothing arrives for
    /// 30 seconds.
    func receiveUntilClosed() async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            Self.readers.async {
                continuation.resume(
                    with: Result {
                        var received: [UInt8] = []
                        var buffer = [UInt8](repeating: 0, count: 65_536)
                        while true {
                            let count = buffer.withUnsafeMutableBytes { read(self.fd, $0.baseAddress, $0.count) }
                            if count == 0 { return received }
                            guard count > 0 else {
                                throw HarnessError("read: \(String(cString: strerror(errno)))")
                            }
                            received += buffer[0..<count]
                        }
                    })
            }
        }
    }

    /// Reads until what was received ends with `suffix`, and returns it all.
    func receive(untilEndingWith suffix: String) async throws -> [UInt8] {
        let end = Array(suffix.utf8)
        return try await withCheckedThrowingContinuation { continuation in
            Self.readers.async {
                continuation.resume(
                    with: Result {
                        var received: [UInt8] = []
                        var buffer = [UInt8](repeating: 0, count: 65_536)
                        while !received.ends(with: end) {
                            let count = buffer.withUnsafeMutableBytes { read(self.fd, $0.baseAddress, $0.count) }
                            guard count > 0 else {
                                throw HarnessError("read: \(count == 0 ? "closed" : String(cString: strerror(errno)))")
                            }
                            received += buffer[0..<count]
                        }
                        return received
                    })
            }
        }
    }
}

extension Array where Element: Equatable {
    /// Whether the array ends with `suffix`.
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
