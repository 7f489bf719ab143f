import DurableStreamsStorage
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The swift-nio buffer a store copies a read's payload into, sent as it is.
struct BodyBytes: ReadBodyBuffer {
    var buffer: ByteBuffer

    init(capacity: Int) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    init(_ buffer: ByteBuffer) {
        self.buffer = buffer
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.writeBytes(bytes)
    }
}

@available(OS2023, *)
extension StreamOperations {
    /// Reads from `start` into swift-nio buffers, a file store's appends of at least `fileRegionsFrom` bytes left
    /// in its files to send from there; a store that cannot answers with its plain read.
    func readBody(_ path: StreamPath, from start: ReadStart, maxBytes: Int, fileRegionsFrom: Int?)
        async throws(StreamStorageError) -> BodyRead<BodyBytes>
    {
        if let storage = storage as? any BodyReadingStorage {
            let read = try await storage.readBody(
                path, from: start, maxBytes: maxBytes, fileRegionsFrom: fileRegionsFrom)
            let parts = read.body.parts.map { part -> ResponseBody.Part in
                switch part {
                case .bytes(let bytes, let count): .bytes(BodyBytes(ByteBuffer(bytes: bytes)), count: count)
                case .file(let descriptor, let offset, let count):
                    .file(descriptor: descriptor, offset: offset, count: count)
                }
            }
            return BodyRead(
                result: read.result, body: ResponseBody(parts: parts, count: read.body.count, lease: read.body.lease))
        }
        let read = try await storage.read(path, from: start, maxBytes: maxBytes)
        return BodyRead(
            result: ReadResult(info: read.info, payload: [], start: read.start, next: read.next),
            body: .bytes(read.payload))
    }
}

/// A read's payload as a response body: buffers, and stretches of log files sent from the file (`sendfile`).
typealias ResponseBody = ReadBody<BodyBytes>

extension ReadBody where Buffer == BodyBytes {
    /// A body of `bytes`.
    static func bytes(_ bytes: [UInt8]) -> ResponseBody {
        guard !bytes.isEmpty else { return ResponseBody(parts: [], count: 0, lease: nil) }
        return ResponseBody(
            parts: [.bytes(BodyBytes(ByteBuffer(bytes: bytes)), count: bytes.count)], count: bytes.count, lease: nil)
    }

    /// The JSON array of messages in storage form (each followed by a comma): `[`, the bytes without their last
    /// comma, `]`. No byte is copied.
    func jsonArray() -> ResponseBody {
        var parts = self.parts
        switch parts.popLast() {
        case .bytes(let bytes, let count)?:
            if count > 1, let head = bytes.buffer.getSlice(at: bytes.buffer.readerIndex, length: count - 1) {
                parts.append(.bytes(BodyBytes(head), count: count - 1))
            }
        case .file(let descriptor, let offset, let count)?:
            if count > 1 { parts.append(.file(descriptor: descriptor, offset: offset, count: count - 1)) }
        case nil:
            return ResponseBody(parts: [Self.byte("["), Self.byte("]")], count: 2, lease: lease)
        }
        return ResponseBody(parts: [Self.byte("[")] + parts + [Self.byte("]")], count: count + 1, lease: lease)
    }

    private static func byte(_ character: Unicode.Scalar) -> Part {
        .bytes(BodyBytes(ByteBuffer(integer: UInt8(ascii: character))), count: 1)
    }

    /// The body in one swift-nio buffer (a slice of the store's buffer when it is one part), the file stretches
    /// read in; the lease is released. `nil` when a file could not be read.
    func contiguous() -> ByteBuffer? {
        if parts.count == 1, case .bytes(let bytes, let count) = parts[0],
            let slice = bytes.buffer.getSlice(at: bytes.buffer.readerIndex, length: count)
        {
            lease?.release()
            return slice
        }
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        for part in parts {
            guard case .bytes(let bytes, let count) = part else { return collected().map { ByteBuffer(bytes: $0) } }
            buffer.writeImmutableBuffer(
                bytes.buffer.getSlice(at: bytes.buffer.readerIndex, length: count) ?? bytes.buffer)
        }
        lease?.release()
        return buffer
    }

    /// The bytes in one array, the file stretches read in (for a body to compress or to change by an injected
    /// fault); the lease is released. `nil` when a file could not be read.
    func collected() -> [UInt8]? {
        defer { lease?.release() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for part in parts {
            switch part {
            case .bytes(let buffer, let count):
                bytes.append(contentsOf: buffer.buffer.readableBytesView.prefix(count))
            case .file(let descriptor, let offset, let count):
                let start = bytes.count
                bytes.append(contentsOf: repeatElement(0, count: count))
                var done = 0
                while done < count {
                    let got = bytes.withUnsafeMutableBytes { raw in
                        pread(
                            descriptor, raw.baseAddress.map { $0 + start + done }, count - done,
                            off_t(offset) + off_t(done))
                    }
                    if got < 0 && errno == EINTR { continue }
                    guard got > 0 else { return nil }
                    done += got
                }
            }
        }
        return bytes
    }
}
