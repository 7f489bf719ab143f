import CourierTestSupport
import DurableStreamsServer
import DurableStreamsStorage
import DurableStreamsTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Catch-up reads from the file store, whose big appends are sent from the log with `sendfile`.
@Suite("Zero-copy catch-up reads")
struct ZeroCopyReadTests {
    /// Appends of 100 B, 64 KiB, 20 KiB, 100 B, 1 MiB, 40 KiB: the small ones are copied, the others sent from the log.
    static let payloads: [[UInt8]] = [100, 64 * 1024, 20 * 1024, 100, 1 << 20, 40 * 1024].enumerated().map {
        index, count in (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) }
    }

    @Test("A catch-up from the file store sends the appends' bytes exactly, with the offsets and validators of a read")
    @available(OS2023, *)
    func bytesAndHeaders() async throws {
        let directory = try TemporaryDirectory(prefix: "ds-zero-copy")
        defer { directory.remove() }
        let store = try await FileStreamStorage.open(at: directory.path)
        let configuration = DurableStreamsServer.Configuration.forTests {
            $0.storage = .custom(store)
            $0.maximumReadBytes = 256 * 1024
        }
        try await ServerHarness.run(configuration) { server async throws in
            let path = ServerHarness.uniquePath()
            #expect(try await server.create(path, contentType: "application/octet-stream").status == 201)
            for payload in Self.payloads {
                let appended = try await server.send(
                    .POST, path, headers: [("Content-Type", "application/octet-stream")], body: payload)
                #expect(appended.status == 204)
            }
            let stream = try StreamPath(validating: path)
            var offset = "-1"
            var received: [UInt8] = []
            var start = ReadStart.beginning
            while true {
                let response = try await server.read(path, query: "offset=\(offset)")
                let expected = try await store.read(stream, from: start, maxBytes: 256 * 1024)
                #expect(response.status == 200)
                #expect(response.body == expected.payload)
                #expect(response.header("Content-Length") == String(expected.payload.count))
                #expect(response.nextOffset == expected.next.token)
                let etag = "\"\(expected.info.incarnation):\(expected.start.token):\(expected.next.token)\""
                #expect(response.header("ETag") == etag)
                // A repeated read is answered from the validator, and sends no file.
                let again = try await server.read(path, query: "offset=\(offset)", headers: [("If-None-Match", etag)])
                #expect(again.status == 304)
                #expect(again.body.isEmpty)
                received += response.body
                if response.header("Stream-Up-To-Date") == "true" { break }
                offset = try #require(response.nextOffset)
                start = .offset(expected.next)
            }
            #expect(received == Self.payloads.flatMap { $0 })
        }
        await store.shutdown()
    }

    @Test("JSON messages sent from the log still form one JSON array")
    @available(OS2023, *)
    func jsonFromTheLog() async throws {
        let directory = try TemporaryDirectory(prefix: "ds-zero-copy")
        defer { directory.remove() }
        try await ServerHarness.run(.forTests { $0.storage = .directory(directory.path) }) { server async throws in
            let path = ServerHarness.uniquePath()
            #expect(try await server.create(path, contentType: "application/json").status == 201)
            let big = String(repeating: "z", count: 40 * 1024)
            for text in ["{\"a\":1}", "[\"\(big)\",2]", "\"\(big)\""] {
                #expect(try await server.append(path, text, contentType: "application/json").status == 204)
            }
            let response = try await server.read(path, query: "offset=-1")
            #expect(response.status == 200)
            #expect(response.text == "[{\"a\":1},\"\(big)\",2,\"\(big)\"]")
        }
    }

    @Test("Retention releases nothing a response still sends from the log: the bytes arrive intact, then go")
    @available(OS2023, *)
    func retentionDuringSend() async throws {
        let directory = try TemporaryDirectory(prefix: "ds-zero-copy")
        defer { directory.remove() }
        let store = try await FileStreamStorage.open(at: directory.path)
        let configuration = DurableStreamsServer.Configuration.forTests {
            $0.storage = .custom(store)
            $0.maximumReadBytes = 64 << 20
        }
        try await ServerHarness.run(configuration) { server async throws in
            let path = ServerHarness.uniquePath()
            #expect(try await server.create(path, contentType: "application/octet-stream").status == 201)
            let payloads = (0..<16).map { index in [UInt8](repeating: UInt8(index + 1), count: 1 << 20) }
            for payload in payloads {
                let appended = try await server.send(
                    .POST, path, headers: [("Content-Type", "application/octet-stream")], body: payload)
                #expect(appended.status == 204)
            }
            let log = try Self.logPath(in: directory.path)
            let blocks = try Self.blocks(log)
            // A reader that takes the 16 MiB slowly: its response waits in the server, mostly as file regions.
            let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
            let reader = try SlowReader(port: port)
            try reader.send("GET \(path)?offset=-1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            // The head arrived: the read is done, and its response is on its way.
            var received = try await reader.receiveHead()
            // Keep only the last append: the others are dropped, and due for release from the log.
            let stream = try StreamPath(validating: path)
            let info = try await store.setRetention(stream, StreamRetention(maxBytes: 1))
            #expect(info.retainedStart > .zero)
            #expect(try Self.blocks(log) == blocks, "nothing is released while the response sends from the log")
            received += try await reader.receiveUntilClosed()
            #expect(String(decoding: received.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
            let separator = Array("\r\n\r\n".utf8)
            let headEnd = try #require(
                (0...(received.count - separator.count)).first { Array(received[$0..<$0 + 4]) == separator })
            let body = Array(received[(headEnd + 4)...])
            #expect(body.count == 16 << 20)
            let expected = payloads.flatMap { $0 }
            let mismatch = zip(body, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(mismatch == nil, "the dropped appends arrive as they were appended")
            #expect(
                try await eventually { try Self.blocks(log) < blocks / 2 },
                "the release waits for the response, then happens")
        }
        await store.shutdown()
    }

    static func logPath(in directory: String) throws -> String {
        let id = try #require(try FileManager.default.contentsOfDirectory(atPath: directory + "/streams").first)
        return directory + "/streams/" + id + "/log"
    }

    /// The blocks the file occupies (a released range occupies none).
    static func blocks(_ path: String) throws -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { throw HarnessError("stat \(path)") }
        return Int(status.st_blocks)
    }
}

/// A client that reads slowly: a small receive buffer, and reads only when asked, on a queue of its own.
@available(OS2023, *)
private final class SlowReader: Sendable {
    private let fd: Int32
    private static let queue = DispatchQueue(label: "SlowReader")

    init(port: Int) throws {
        fd = System.tcpSocket()
        guard fd >= 0 else { throw HarnessError("socket") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var size: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(fd)
            throw HarnessError("connect")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw HarnessError("write")
        }
    }

    /// Reads a kibibyte at a time until the response's head has arrived; returns what was read.
    func receiveHead() async throws -> [UInt8] {
        try await receive { received in
            received.count >= 4
                && (0...(received.count - 4)).contains { Array(received[$0..<$0 + 4]) == [13, 10, 13, 10] }
        }
    }

    /// Reads until the server closes the connection.
    func receiveUntilClosed() async throws -> [UInt8] {
        try await receive { _ in false }
    }

    private func receive(until done: @escaping @Sendable ([UInt8]) -> Bool) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            Self.queue.async {
                continuation.resume(
                    with: Result {
                        var received: [UInt8] = []
                        var buffer = [UInt8](repeating: 0, count: 1024)
                        while !done(received) {
                            let count = buffer.withUnsafeMutableBytes { read(self.fd, $0.baseAddress, $0.count) }
                            if count == 0 { return received }
                            guard count > 0 else { throw HarnessError("read") }
                            received += buffer[0..<count]
                        }
                        return received
                    })
            }
        }
    }
}
