import CourierTestSupport
import DurableStreamsStorage
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Reads that leave big payloads in the log files, for a server to send with `sendfile`.
@Suite("File store reads as file stretches")
struct FileRegionReadTests {
    /// Payloads of 100 B, 64 KiB, 20 KiB, 100 B, 40 KiB: two small ones copied, three left in the log.
    static let payloads: [[UInt8]] = [100, 64 * 1024, 20 * 1024, 100, 40 * 1024].enumerated().map { index, count in
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
    }

    @Test("Big payloads come as stretches of the log, small ones as bytes; offsets and bytes match a plain read")
    @available(OS2023, *)
    func stretchesMatchPlainReads() async throws {
        try await withTemporaryDirectory(prefix: "ds-regions") { directory in
            let store = try await FileStreamStorage.open(at: directory.path)
            let stream = try path("/big")
            try await Self.fill(store, stream)
            for maxBytes in [1, 70 * 1024, 1 << 20] {
                var start = ReadStart.beginning
                var kinds: [String] = []
                while true {
                    let plain = try await store.read(stream, from: start, maxBytes: maxBytes)
                    let read = try await store.readBody(
                        stream, from: start, maxBytes: maxBytes, fileRegionsFrom: 16 * 1024)
                    #expect(read.result.next == plain.next, "maxBytes \(maxBytes)")
                    #expect(read.result.start == plain.start)
                    #expect(read.result.info == plain.info)
                    #expect(try Self.bytes(of: read.body) == plain.payload, "maxBytes \(maxBytes)")
                    #expect(read.body.count == plain.payload.count)
                    kinds += read.body.parts.map { if case .file = $0 { "file" } else { "bytes" } }
                    #expect(
                        (read.body.lease != nil)
                            == read.body.parts.contains { if case .file = $0 { true } else { false } })
                    read.body.lease?.release()
                    if plain.reachedTail { break }
                    start = .offset(plain.next)
                }
                // The first append of each read is read whole, to verify its checksum, and copied.
                let expected: [Int: [String]] = [
                    1: ["bytes", "bytes", "bytes", "bytes", "bytes"], 70 * 1024: ["bytes", "file", "bytes", "file"],
                    1 << 20: ["bytes", "file", "file", "bytes", "file"],
                ]
                #expect(kinds == expected[maxBytes], "maxBytes \(maxBytes)")
            }
            // Without a minimum, everything is copied.
            let copied = try await store.readBody(
                stream, from: .beginning, maxBytes: 1 << 20, fileRegionsFrom: nil)
            #expect(copied.body.parts.count == 1)
            #expect(copied.body.lease == nil)
            await store.shutdown()
        }
    }

    @Test("An offset inside a payload is refused even when the payload holds something shaped like a header")
    @available(OS2023, *)
    func firstRecordIsVerified() async throws {
        try await withTemporaryDirectory(prefix: "ds-regions") { directory in
            let store = try await FileStreamStorage.open(at: directory.path)
            let stream = try path("/forged")
            _ = try await store.create(stream, CreateRequest(configuration: StreamConfiguration(contentType: "a/b")))
            // A forged header (magic, no flags, payload length 20 KiB) 8 bytes into the payload.
            var payload = [UInt8](repeating: 0, count: 8) + Array("DSR1".utf8) + [0, 0, 0, 0, 0, 0x50, 0, 0]
            payload += [UInt8](repeating: 0, count: 20) + [UInt8](repeating: 7, count: 40 * 1024)
            _ = try await store.append(stream, AppendRequest(payload: payload, contentType: "a/b"))
            let inside = StreamOffset(position: UInt64(32 + 8))
            await #expect(throws: StreamStorageError.invalidOffset(inside)) {
                try await store.readBody(
                    stream, from: .offset(inside), maxBytes: 1 << 20, fileRegionsFrom: 1024)
            }
            await store.shutdown()
        }
    }

    @Test("Retention releases no byte a lease holds, and releases them once it ends")
    @available(OS2023, *)
    func retentionWaitsForLeases() async throws {
        try await withTemporaryDirectory(prefix: "ds-regions") { directory in
            let store = try await FileStreamStorage.open(at: directory.path)
            let stream = try path("/retained")
            try await Self.fill(store, stream)
            let read = try await store.readBody(
                stream, from: .beginning, maxBytes: 1 << 20, fileRegionsFrom: 16 * 1024)
            let expected = Self.payloads.flatMap { $0 }
            #expect(try Self.bytes(of: read.body) == expected)
            let log = try Self.logPath(in: directory.path)
            let blocks = try Self.blocks(log)
            // Keep only the last append: the stretches of the first four are dropped and due for release.
            _ = try await store.setRetention(stream, StreamRetention(maxBytes: 1))
            #expect(try await store.info(stream).retainedStart > .zero)
            #expect(try Self.blocks(log) == blocks, "nothing is released while the lease holds the bytes")
            #expect(try Self.bytes(of: read.body) == expected, "the stretches still hold the payloads")
            read.body.lease?.release()
            var released = false
            for _ in 0..<1000 where !released {
                released = try Self.blocks(log) < blocks
                if !released { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(released, "the postponed release runs once the lease ends")
            await store.shutdown()
        }
    }

    @Test("A deleted stream's stretches stay readable until the lease ends")
    @available(OS2023, *)
    func deletionWaitsForLeases() async throws {
        try await withTemporaryDirectory(prefix: "ds-regions") { directory in
            let store = try await FileStreamStorage.open(at: directory.path)
            let stream = try path("/deleted")
            try await Self.fill(store, stream)
            let read = try await store.readBody(
                stream, from: .beginning, maxBytes: 1 << 20, fileRegionsFrom: 16 * 1024)
            try await store.delete(stream)
            _ = try await store.makeText(stream, String(repeating: "n", count: 64 * 1024))
            #expect(try Self.bytes(of: read.body) == Self.payloads.flatMap { $0 })
            read.body.lease?.release()
            await store.shutdown()
        }
    }

    @Test("A fork's inherited big payloads come from its source's log")
    @available(OS2023, *)
    func forkStretches() async throws {
        try await withTemporaryDirectory(prefix: "ds-regions") { directory in
            let store = try await FileStreamStorage.open(at: directory.path)
            let source = try path("/source")
            try await Self.fill(store, source)
            let fork = try path("/fork")
            _ = try await store.fork(fork, from: source)
            _ = try await store.append(fork, AppendRequest(payload: Self.payloads[1], contentType: "a/b"))
            let plain = try await store.readAll(fork)
            let read = try await store.readBody(
                fork, from: .beginning, maxBytes: 1 << 20, fileRegionsFrom: 16 * 1024)
            #expect(read.result.reachedTail)
            #expect(try Self.bytes(of: read.body) == plain)
            #expect(plain == Self.payloads.flatMap { $0 } + Self.payloads[1])
            #expect(read.body.parts.filter { if case .file = $0 { true } else { false } }.count == 4)
            read.body.lease?.release()
            await store.shutdown()
        }
    }

    // MARK: - Helpers

    @available(OS2023, *)
    static func fill(_ store: FileStreamStorage, _ stream: StreamPath) async throws {
        _ = try await store.create(stream, CreateRequest(configuration: StreamConfiguration(contentType: "a/b")))
        for payload in payloads {
            _ = try await store.append(stream, AppendRequest(payload: payload, contentType: "a/b"))
        }
    }

    /// The body's bytes, its file stretches read with `pread` as `sendfile` would read them.
    static func bytes(of body: ReadBody<[UInt8]>) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for part in body.parts {
            switch part {
            case .bytes(let buffer, let count):
                #expect(buffer.count == count)
                bytes += buffer
            case .file(let descriptor, let offset, let count):
                var chunk = [UInt8](repeating: 0, count: count)
                let got = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
                guard got == count else { throw StreamStorageError(.storageFailure) }
                bytes += chunk
            }
        }
        return bytes
    }

    static func logPath(in directory: String) throws -> String {
        let id = try #require(try FileManager.default.contentsOfDirectory(atPath: directory + "/streams").first)
        return directory + "/streams/" + id + "/log"
    }

    /// The blocks the file occupies (a released range occupies none).
    static func blocks(_ path: String) throws -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { throw StreamStorageError(.storageFailure) }
        return Int(status.st_blocks)
    }
}
