import CourierPrimitives
import DurableStreamsStorage
import Foundation

#if canImport(Glibc)
import Glibc
#endif

#if os(Linux)
/// The catch-up floor: an HTTP/1.1 server, a thread per connection, that appends each `POST` body to a plain file
/// per path and answers each `GET ?offset=N` with up to 1 MiB of that file by one `sendfile`, with the offsets a
/// stream server sends (`Stream-Next-Offset`, `Stream-Up-To-Date`). No framing, no index, no copy: how fast any
/// server could answer a catch-up on this machine with this client.
enum SendfileFloor {
    static let readBytes = 1 << 20

    /// Each path's file (unlinked: it goes with the process) and length.
    private static let files = Locked([String: (fd: Int32, length: Int)]())

    static func run() throws {
        let (listener, port) = try LoopbackListener.open(backlog: 1024, naming: "the sendfile floor")
        FileHandle.standardOutput.write(Data("port \(port)\n".utf8))
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            var one: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            Thread { serve(connection) }.start()
        }
    }

    /// Answers requests on one connection until it closes.
    private static func serve(_ connection: Int32) {
        defer { close(connection) }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard let end = headEnd(pending) else {
                let count = read(connection, &chunk, chunk.count)
                guard count > 0 else { return }
                pending += chunk[0..<count]
                continue
            }
            let head = String(decoding: pending[0..<end], as: UTF8.self)
            pending.removeFirst(end + 4)
            let lines = head.split(separator: "\r\n")
            let parts = lines.first?.split(separator: " ") ?? []
            guard parts.count >= 2 else { return }
            let method = String(parts[0])
            let target = parts[1].split(separator: "?", maxSplits: 1)
            let path = String(target[0])
            let field = lines.first { $0.lowercased().hasPrefix("content-length:") }
            let bodyLength =
                field.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            while pending.count < bodyLength {
                let count = read(connection, &chunk, chunk.count)
                guard count > 0 else { return }
                pending += chunk[0..<count]
            }
            let body = Array(pending[0..<bodyLength])
            pending.removeFirst(bodyLength)
            switch method {
            case "PUT":
                create(path)
                send(connection, "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n")
            case "POST":
                append(body, to: path)
                send(connection, "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n")
            default:
                let query = target.count > 1 ? target[1] : ""
                let offset =
                    query.split(separator: "&").first { $0.hasPrefix("offset=") }
                    .flatMap { Int($0.dropFirst("offset=".count)) } ?? 0
                guard let (fd, total) = files.withLock({ $0[path] }) else {
                    send(connection, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
                    continue
                }
                let start = min(max(0, offset), total)
                let count = min(readBytes, total - start)
                let upToDate = start + count == total ? "Stream-Up-To-Date: true\r\n" : ""
                send(
                    connection,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(count)\r\n"
                        + "Stream-Next-Offset: \(start + count)\r\n\(upToDate)\r\n")
                var position = off_t(start)
                var left = count
                while left > 0 {
                    let sent = sendfile(connection, fd, &position, left)
                    guard sent > 0 else { return }
                    left -= sent
                }
            }
        }
    }

    private static func create(_ path: String) {
        files.withLock { files in
            guard files[path] == nil else { return }
            let name = NSTemporaryDirectory() + "ds-sendfile-floor-\(getpid())-\(files.count)"
            let fd = open(name, O_RDWR | O_CREAT | O_TRUNC, 0o600)
            unlink(name)
            files[path] = (fd, 0)
        }
    }

    private static func append(_ body: [UInt8], to path: String) {
        files.withLock { files in
            guard let (fd, length) = files[path] else { return }
            let written = body.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(length)) }
            files[path] = (fd, length + max(0, written))
        }
    }

    private static func send(_ connection: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { write(connection, $0 + sent, raw.count - sent) } ?? -1
            }
            guard written > 0 else { return }
            sent += written
        }
    }

    /// Where the first request head ends (the index of its blank line), or `nil` while it is incomplete.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first {
            bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
        }
    }
}
#endif
