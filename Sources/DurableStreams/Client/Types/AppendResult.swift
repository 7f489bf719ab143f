/// The outcome of an acknowledged append.
@available(OS2022, *)
public struct AppendResult: Sendable, Hashable {
    /// The stream's tail offset after the append.
    public let offset: Offset

    /// Whether the server reported the stream as closed after this append.
    public let streamClosed: Bool

    /// Creates a result.
    public init(offset: Offset, streamClosed: Bool = false) {
        self.offset = offset
        self.streamClosed = streamClosed
    }
}

/// The outcome of flushing an idempotent producer.
@available(OS2022, *)
public struct FlushResult: Sendable, Hashable {
    /// The stream's tail offset after the last acknowledged batch (the offset reported by the server).
    public let offset: Offset

    /// How many batches the server reported as duplicates (already stored by an earlier attempt).
    public let duplicateCount: Int

    /// Creates a result.
    public init(offset: Offset, duplicateCount: Int) {
        self.offset = offset
        self.duplicateCount = duplicateCount
    }
}

/// The outcome of closing a stream.
@available(OS2022, *)
public struct CloseResult: Sendable, Hashable {
    /// The stream's final offset: nothing will ever be written past it.
    public let finalOffset: Offset

    /// Creates a result.
    public init(finalOffset: Offset) {
        self.finalOffset = finalOffset
    }
}
