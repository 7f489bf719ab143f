import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Loopback traffic from blocking sockets on threads of their own: appends that do not queue behind the
/// benchmark's other tasks (a thousand SSE readers in the same process would otherwise delay each response's
/// delivery to the writer), and the raw socket ping-pong that bounds any request's round trip.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
enum BlockingClient {
    /// `total` 100 B appends to `path`, one at a time over one keep-alive connection.
    static func appends(port: Int, path: String, total: Int) async throws -> Scenarios.AppendFigures {
        try await onThread {
            let socket = try connected(port: port)
            defer { close(socket) }
            let body = String(repeating: "x", count: 100)
            let request = Array(
                "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n\(body)"
                    .utf8)
            let clock = ContinuousClock()
            var samples: [Duration] = []
            samples.reserveCapacity(total)
            let start = clock.now
            for _ in 0..<total {
                let sent = clock.now
                try send(request, on: socket)
                let status = try readResponse(on: socket)
                samples.append(clock.now - sent)
                guard status == 204 || status == 200 else { throw BenchmarkError("append: \(status)") }
            }
            return Scenarios.AppendFigures(rate: rate(total, in: clock.now - start), latency: LatencySummary(samples))
        }
    }

    /// The round trip of 100 B and back over a loopback TCP connection between two threads: the floor of any
    /// request's latency here.
    static func pingPong(count: Int) async throws -> LatencySummary {
        try await onThread {
            let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard listener >= 0 else { throw BenchmarkError("socket failed") }
            defer { close(listener) }
            var address = loopback(port: 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(listener, address, length) == 0 && listen(listener, 1) == 0
                        && getsockname(listener, address, &length) == 0
                }
            }
            guard bound else { throw BenchmarkError("cannot listen") }
            let port = Int(UInt16(bigEndian: address.sin_port))
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
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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

    /// Reads one response (head, then a `Content-Length` body) and returns its status.
    private static func readResponse(on socket: Int32) throws -> Int {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = [13, 10, 13, 10]
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { read(socket, $0, raw.count) } ?? -1
            }
            guard count > 0 else { throw BenchmarkError("connection closed mid-response") }
            received += chunk[0..<count]
            let candidates = received.indices.dropLast(3)
            guard let end = candidates.first(where: { received[$0..<$0 + 4].elementsEqual(separator) }) else {
                continue
            }
            let head = String(decoding: received[0..<end], as: UTF8.self)
            let lines = head.split(separator: "\r\n")
            let length =
                lines.first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            guard received.count >= end + 4 + length else { continue }
            let status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) }
            return status ?? 0
        }
    }
}
