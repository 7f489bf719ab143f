import DurableStreamsStorage
import Foundation
import LoopbackHTTPServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Servers that do nothing but answer `200` with no body to each request: what bounds the append figures. Driven by the same
/// client as the real servers, they show how fast any server could go on this machine with this client, and how
/// much of our time is the HTTP stack rather than the stream.
@available(OS2023, *)
enum FloorServers {
    /// One thread, `poll` and a fixed answer: the socket floor.
    static func runSocketFloor() throws {
        #if os(Linux)
        try SocketFloor.run()
        #else
        throw BenchmarkError("the socket floor runs on Linux")
        #endif
    }

    /// A thread per connection, appends kept in a plain file, reads answered with `sendfile`: the catch-up floor.
    static func runSendfileFloor() throws {
        #if os(Linux)
        try SendfileFloor.run()
        #else
        throw BenchmarkError("the sendfile floor runs on Linux")
        #endif
    }

    /// swift-nio's HTTP/1.1 pipeline with a task per connection (as Hummingbird serves), answering at once: the
    /// floor of the HTTP stack the server is built on.
    static func runNIOFloor() async throws {
        let server = try await LoopbackHTTPServer { _ in .init(status: 200, body: "") }
        FileHandle.standardOutput.write(Data("port \(server.port)\n".utf8))
        // Serves until the parent's SIGTERM ends the process.
        while true { try await Task.sleep(for: .seconds(3600)) }
    }
}

#if os(Linux)
/// An HTTP/1.1 responder on one thread with `poll`: reads requests (a head, then `Content-Length` bytes of body)
/// and writes a fixed `200` with no body for each, pipelined requests included.
private enum SocketFloor {
    static let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8)

    static func run() throws {
        let (listener, port) = try LoopbackListener.open(backlog: 1024, naming: "the socket floor")
        FileHandle.standardOutput.write(Data("port \(port)\n".utf8))
        var watched = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
        var pending: [Int32: [UInt8]] = [:]
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard poll(&watched, nfds_t(watched.count), -1) > 0 else { continue }
            var closed: Set<Int32> = []
            for entry in watched where entry.revents != 0 {
                let descriptor = entry.fd
                if descriptor == listener {
                    let connection = accept(listener, nil, nil)
                    guard connection >= 0 else { continue }
                    var one: Int32 = 1
                    setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    watched.append(pollfd(fd: connection, events: Int16(POLLIN), revents: 0))
                    continue
                }
                let count = read(descriptor, &chunk, chunk.count)
                guard count > 0 else {
                    close(descriptor)
                    closed.insert(descriptor)
                    pending[descriptor] = nil
                    continue
                }
                var bytes = pending[descriptor] ?? []
                bytes += chunk[0..<count]
                var reply: [UInt8] = []
                while let used = requestLength(bytes) {
                    bytes.removeFirst(used)
                    reply += answer
                }
                pending[descriptor] = bytes
                var sent = 0
                while sent < reply.count {
                    let written = reply.withUnsafeBytes { raw in
                        raw.baseAddress.map { write(descriptor, $0 + sent, raw.count - sent) } ?? -1
                    }
                    guard written > 0 else { break }
                    sent += written
                }
            }
            if !closed.isEmpty { watched.removeAll { closed.contains($0.fd) } }
            for index in watched.indices { watched[index].revents = 0 }
        }
    }

    /// The length of the first whole request in `bytes`, or `nil` while it is incomplete.
    private static func requestLength(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4,
            let end = (0...(bytes.count - 4)).first(where: {
                bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
            })
        else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).lowercased()
        let field = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
        let bodyLength = field.flatMap {
            Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        }
        let total = end + 4 + (bodyLength ?? 0)
        return bytes.count >= total ? total : nil
    }
}
#endif
