public import Foundation

/// A batch of JSON messages read from a stream.
@available(OS2022, *)
public struct JSONBatch<T: Sendable>: Sendable {
    /// The decoded messages, in stream order.
    public let items: [T]

    /// The offset after the last message: resume from here.
    public let offset: Offset

    /// Whether the read had caught up with the tail when this batch was produced.
    public let upToDate: Bool

    /// Whether the stream is closed and this batch ends it.
    public let streamClosed: Bool

    /// The cursor the server returned with this batch (echoed on the next long-poll).
    public let cursor: String?

    /// Creates a batch.
    public init(items: [T], offset: Offset, upToDate: Bool, streamClosed: Bool = false, cursor: String? = nil) {
        self.items = items
        self.offset = offset
        self.upToDate = upToDate
        self.streamClosed = streamClosed
        self.cursor = cursor
    }
}

/// A chunk of bytes read from a stream.
@available(OS2022, *)
public struct ByteChunk: Sendable, Hashable {
    /// The bytes, exactly as stored (base64 transport encoding already removed).
    public let data: Data

    /// The offset after this chunk: resume from here.
    public let offset: Offset

    /// Whether the read had caught up with the tail when this chunk was produced.
    public let upToDate: Bool

    /// Whether the stream is closed and this chunk ends it.
    public let streamClosed: Bool

    /// The cursor the server returned with this chunk.
    public let cursor: String?

    /// Creates a chunk.
    public init(data: Data, offset: Offset, upToDate: Bool, streamClosed: Bool = false, cursor: String? = nil) {
        self.data = data
        self.offset = offset
        self.upToDate = upToDate
        self.streamClosed = streamClosed
        self.cursor = cursor
    }
}

/// A chunk of UTF-8 text read from a stream.
@available(OS2022, *)
public struct TextChunk: Sendable, Hashable {
    /// The text of the chunk.
    public let text: String

    /// The offset after this chunk: resume from here.
    public let offset: Offset

    /// Whether the read had caught up with the tail when this chunk was produced.
    public let upToDate: Bool

    /// Whether the stream is closed and this chunk ends it.
    public let streamClosed: Bool

    /// Creates a chunk.
    public init(text: String, offset: Offset, upToDate: Bool, streamClosed: Bool = false) {
        self.text = text
        self.offset = offset
        self.upToDate = upToDate
        self.streamClosed = streamClosed
    }
}

/// All the text of a stream up to its tail, with the resumption offset: one chunk holding it all.
@available(OS2022, *)
public typealias TextResult = TextChunk

/// All the bytes of a stream up to its tail, with the resumption offset: one chunk holding them all.
@available(OS2022, *)
public typealias ByteResult = ByteChunk

/// What a subscriber asks for after handling a batch.
@available(OS2022, *)
public enum SubscriberAction: Sendable, Hashable {
    /// Keep delivering batches.
    case `continue`

    /// End the subscription.
    case stop

    /// Wait this long before fetching more (backpressure), then continue.
    case pauseFor(Duration)
}
