import CourierPrimitives

/// The body of an append as it arrives: byte chunks pulled one at a time, so a store that can write them as they
/// come (see ``StreamStorage/streamedAppendLimit``) never holds the whole body.
///
/// A body is read once, by one task, in order. ``next()`` returns `nil` at the end of the body, and throws when the
/// body cannot be read to its end (the client went away, sent it too slowly or malformed it, or sent more than the
/// limit): the append must then store nothing.
@available(OS2022, *)
public struct AppendBody: Sendable {
    /// The body's length when the client announced it (`Content-Length`), `nil` when it did not (chunked).
    public let expectedLength: Int?
    private let source: @Sendable () async throws(StreamStorageError) -> [UInt8]?

    /// Creates a body whose chunks come from `next`, which returns `nil` at the end and is called by one task at a
    /// time, until it returns `nil` or throws.
    public init(
        expectedLength: Int? = nil, next: @escaping @Sendable () async throws(StreamStorageError) -> [UInt8]?
    ) {
        self.expectedLength = expectedLength
        self.source = next
    }

    /// Creates a body of bytes already in memory, in one chunk.
    public init(_ bytes: [UInt8]) {
        let remaining = Locked<[UInt8]?>(bytes)
        self.init(expectedLength: bytes.count) { () throws(StreamStorageError) -> [UInt8]? in
            remaining.withLock { remaining in
                defer { remaining = nil }
                return remaining
            }
        }
    }

    /// The next chunk of the body (never empty), or `nil` at its end.
    public func next() async throws(StreamStorageError) -> [UInt8]? {
        while true {
            guard let chunk = try await source() else { return nil }
            if !chunk.isEmpty { return chunk }
        }
    }

    /// Reads the rest of the body into memory.
    ///
    /// - Throws: ``StreamStorageError/Code/invalidPayload`` when it holds more than `limit` bytes, and whatever
    ///   ``next()`` throws.
    public func collect(upTo limit: Int) async throws(StreamStorageError) -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = try await next() {
            guard chunk.count <= limit - bytes.count else {
                throw StreamStorageError(.invalidPayload, "the append is larger than the limit of \(limit) bytes")
            }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }
}
