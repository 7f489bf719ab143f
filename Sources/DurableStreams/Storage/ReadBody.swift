import CourierPrimitives

/// Memory a store copies a read's payload into when a server sends it without a copy of its own: the server's
/// I/O buffer (a swift-nio `ByteBuffer`), or an array.
package protocol ReadBodyBuffer: Sendable {
    /// An empty buffer with room for about `capacity` bytes.
    init(capacity: Int)
    /// Appends bytes.
    mutating func append(_ bytes: UnsafeRawBufferPointer)
}

extension Array: ReadBodyBuffer where Element == UInt8 {
    package init(capacity: Int) {
        self.init()
        reserveCapacity(capacity)
    }

    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        // Typed, so the copy is one `memcpy` rather than a loop over a raw buffer's bytes.
        append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }
}

/// A read's payload as parts ready to send, in order: bytes in buffers, and stretches of log files that a server
/// sends from the file (`sendfile`) without reading them into memory.
package struct ReadBody<Buffer: ReadBodyBuffer>: Sendable {
    /// One part of the payload.
    package enum Part: Sendable {
        /// Bytes copied out of the store.
        case bytes(Buffer, count: Int)
        /// `count` bytes of an open file, from `offset`; the file stays open and these bytes in place until the
        /// body's ``lease`` is released.
        case file(descriptor: Int32, offset: Int64, count: Int)
    }

    /// The parts, in order.
    package var parts: [Part]
    /// The payload's length.
    package var count: Int
    /// Keeps the files of the `.file` parts open and their bytes in place; `nil` when there are none. Release it
    /// once they are sent (or will not be).
    package let lease: ReadLease?

    package init(parts: [Part], count: Int, lease: ReadLease?) {
        self.parts = parts
        self.count = count
        self.lease = lease
    }
}

/// Holds what the `.file` parts of a ``ReadBody`` need until they are sent: the log files open, and retention from
/// releasing their bytes. Released once, by ``release()`` or when the last reference goes.
package final class ReadLease: Sendable {
    private let onRelease: Locked<(@Sendable () -> Void)?>

    init(_ onRelease: @escaping @Sendable () -> Void) {
        self.onRelease = Locked(onRelease)
    }

    /// Ends the lease: the files may close, retention may release their bytes. Later calls do nothing.
    package func release() {
        let action = onRelease.withLock { action -> (@Sendable () -> Void)? in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        release()
    }
}

/// A read answered as a ``ReadBody``: ``ReadResult/payload`` is empty, the bytes are in ``body``.
@available(OS2022, *)
package struct BodyRead<Buffer: ReadBodyBuffer>: Sendable {
    /// The read's metadata (its payload is empty).
    package let result: ReadResult
    /// The payload.
    package let body: ReadBody<Buffer>

    package init(result: ReadResult, body: ReadBody<Buffer>) {
        self.result = result
        self.body = body
    }
}

/// A store that may answer a read with stretches of its files to send from the file
/// (``ReadBody/Part/file(descriptor:offset:count:)``).
///
/// Not generic over the buffer: a generic read called from another module runs unspecialised, which cost more
/// per append than the copy it saved.
@available(OS2022, *)
package protocol BodyReadingStorage: StreamStorage {
    /// Reads like ``StreamStorage/read(_:from:maxBytes:)``. Appends with at least `fileRegionsFrom` bytes of
    /// payload may come as file stretches (never when it is `nil`).
    func readBody(_ path: StreamPath, from start: ReadStart, maxBytes: Int, fileRegionsFrom: Int?)
        async throws(StreamStorageError) -> BodyRead<[UInt8]>
}

/// Gathers a read's payload into ``ReadBody`` parts: bytes into buffers, big payloads as file stretches.
struct BodyCollector<Buffer: ReadBodyBuffer> {
    private(set) var parts: [ReadBody<Buffer>.Part] = []
    /// The payload's length so far.
    private(set) var count = 0
    private var buffer: Buffer?
    private var buffered = 0
    /// Room to reserve for the bytes still to come.
    private var expected: Int

    init(expected: Int) {
        self.expected = expected
    }

    var isEmpty: Bool { count == 0 }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if buffer == nil { buffer = Buffer(capacity: max(bytes.count, expected - count)) }
        buffer?.append(bytes)
        buffered += bytes.count
        count += bytes.count
    }

    mutating func appendFile(descriptor: Int32, offset: UInt64, count length: Int) {
        flushBuffer()
        parts.append(.file(descriptor: descriptor, offset: Int64(offset), count: length))
        count += length
    }

    /// Whether any part is a file stretch.
    var hasFiles: Bool {
        parts.contains { if case .file = $0 { true } else { false } }
    }

    /// The parts, the bytes gathered last included.
    mutating func finish() -> [ReadBody<Buffer>.Part] {
        flushBuffer()
        return parts
    }

    private mutating func flushBuffer() {
        guard let buffer, buffered > 0 else { return }
        parts.append(.bytes(buffer, count: buffered))
        self.buffer = nil
        buffered = 0
    }
}
