import BenchmarkSupport
import DurableStreamsStorage
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loopback traffic from blocking sockets on threads of their own: appends that do not queue behind the
/// benchmark's other tasks (a thousand SSE readers in the same process would otherwise delay each response's
/// delivery to the writer), and the raw socket ping-pong that bounds any request's round trip.
@available(OS2023, *)
enum BlockingClient {
    /// `total` 100 B appends to `path`, one at a time over one keep-alive connection.
    static func appends(port: Int, path: String, total: Int) async throws -> Scenarios.AppendFigures {
        let clock = ContinuousClock()
        let start = clock.now
        let samples = try await appendSamples(port: port, path: path, count: total)
        return Scenarios.AppendFigures(rate: rate(total, in: clock.now - start), latency: LatencySummary(samples))
    }

    /// The latency of each of `count` 100 B appends to `path`, one at a time over one keep-alive connection;
    /// `headers` gives each append's extra header lines (`Name: value\r\n`) from its index.
    static func appendSamples(
        port: Int, path: String, count: Int, headers: @escaping @Sendable (Int) -> String = { _ in "" }
    ) async throws -> [Duration] {
        try await onThread {
            let socket = try connected(port: port)
            defer { close(socket) }
            let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: text/plain\r\n"
            let tail = Array("Content-Length: 100\r\n\r\n\(String(repeating: "x", count: 100))".utf8)
            let fixed = Array(head.utf8) + tail
            let clock = ContinuousClock()
            var samples: [Duration] = []
            samples.reserveCapacity(count)
            var response = ResponseReader()
            for index in 0..<count {
                let extra = headers(index)
                let request = extra.isEmpty ? fixed : Array(head.utf8) + Array(extra.utf8) + tail
                let sent = clock.now
                try send(request, on: socket)
                let status = try response.next(on: socket)
                samples.append(clock.now - sent)
                guard status == 204 || status == 200 else { throw BenchmarkError("append: \(status)") }
            }
            return samples
        }
    }

    /// The round trip of 100 B and back over a loopback TCP connection between two threads: the floor of any
    /// request's latency here.
    static func pingPong(count: Int) async throws -> LatencySummary {
        try await onThread {
            let (listener, port) = try LoopbackListener.open(backlog: 1, naming: "the ping-pong")
            defer { close(listener) }
            let echo = Thread {
                let peer = accept(listener, nil, nil)
                guard peer >= 0 else { return }
                defer { close(peer) }
                var one: Int32 = 1
                setsockopt(peer, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                var buffer = [UInt8](repeating: 0, count: 100)
                while (try? receive(&buffer, on: peer)) != nil, (try? send(buffer, on: peer)) != nil {}
            }
            echo.start()
            let socket = try connected(port: port)
            defer { close(socket) }
            let message = [UInt8](repeating: 0x78, count: 100)
            var reply = [UInt8](repeating: 0, count: 100)
            let clock = ContinuousClock()
            var samples: [Duration] = []
            for _ in 0..<count {
                let sent = clock.now
                try send(message, on: socket)
                try receive(&reply, on: socket)
                samples.append(clock.now - sent)
            }
            return LatencySummary(samples)
        }
    }

    private static func onThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws
        -> Value
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func connected(port: Int) throws -> Int32 {
        let socket = System.tcpSocket()
        guard socket >= 0 else { throw BenchmarkError("socket failed") }
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socket)
            throw BenchmarkError("cannot connect to port \(port)")
        }
        return socket
    }

    private static func send(_ bytes: [UInt8], on socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { write(socket, $0 + sent, raw.count - sent) } ?? -1
            }
            guard count > 0 else { throw BenchmarkError("write failed") }
            sent += count
        }
    }

    /// Fills `buffer` from the socket.
    private static func receive(_ buffer: inout [UInt8], on socket: Int32) throws {
        var received = 0
        while received < buffer.count {
            let count = buffer.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { read(socket, $0 + received, raw.count - received) } ?? -1
            }
            guard count > 0 else { throw BenchmarkError("connection closed") }
            received += count
        }
    }

    /// Reads responses (a head, then a `Content-Length` body) from a connection, keeping bytes that arrive
    /// early for the next.
    private struct ResponseReader {
        private var received: [UInt8] = []
        private var chunk = [UInt8](repeating: 0, count: 4096)

        /// The next response's status.
        mutating func next(on socket: Int32) throws -> Int {
            while true {
                if let (status, length) = Self.parse(received) {
                    received.removeFirst(length)
                    return status
                }
                let count = chunk.withUnsafeMutableBytes { raw in
                    raw.baseAddress.map { read(socket, $0, raw.count) } ?? -1
                }
                guard count > 0 else { throw BenchmarkError("connection closed mid-response") }
                received += chunk[0..<count]
            }
        }

        /// The status and length of the first whole response in `bytes`, or `nil` while it is incomplete.
        private static func parse(_ bytes: [UInt8]) -> (status: Int, length: Int)? {
            guard bytes.count >= 16,
                let end = (0...(bytes.count - 4)).first(where: {
                    bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
                })
            else { return nil }
            let head = String(decoding: bytes[0..<end], as: UTF8.self).lowercased()
            let lines = head.split(separator: "\r\n")
            // `HTTP/1.1 204 …`: the status is bytes 9 to 11.
            let status = Int(String(decoding: bytes[9..<12], as: UTF8.self)) ?? 0
            if lines.contains(where: { $0.hasPrefix("transfer-encoding:") && $0.hasSuffix("chunked") }) {
                // A chunked body: up to the last chunk and the empty trailer.
                let body = bytes[(end + 4)...]
                let last: [UInt8] = Array("0\r\n\r\n".utf8)
                guard body.count >= 5,
                    let start = (body.startIndex...(body.endIndex - 5)).first(where: {
                        ($0 == body.startIndex || bytes[$0 - 1] == 10) && bytes[$0..<$0 + 5].elementsEqual(last)
                    })
                else { return nil }
                return (status, start + 5)
            }
            let field = lines.first { $0.hasPrefix("content-length:") }
            let bodyLength =
                field.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            guard bytes.count >= end + 4 + bodyLength else { return nil }
            return (status, end + 4 + bodyLength)
        }
    }
}
