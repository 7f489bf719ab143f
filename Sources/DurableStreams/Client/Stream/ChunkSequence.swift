import Foundation

/// The values of a read, as an asynchronous sequence with backpressure: the next request is made only when
/// the consumer asks for the next value, and cancelling the consuming task (or dropping the iterator) stops
/// the request in flight.
///
/// Errors thrown are ``DurableStreamError`` values. A sequence is iterated once.
@available(OS2022, *)
public struct ChunkSequence<Element: Sendable>: AsyncSequence, Sendable {
    typealias Transform = @Sendable (ReadChunk) throws(DurableStreamError) -> [Element]

    private let response: StreamResponse
    private let transform: Transform

    init(response: StreamResponse, transform: @escaping Transform) {
        self.response = response
        self.transform = transform
    }

    /// Starts iterating (claims the response).
    public func makeAsyncIterator() -> Iterator {
        do {
            return Iterator(reader: try response.claim(stopAtUpToDate: false), transform: transform, failure: nil)
        } catch {
            return Iterator(reader: nil, transform: transform, failure: error)
        }
    }

    /// Iterates a ``ChunkSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        private let owner: ReaderOwner?
        private let transform: Transform
        private var failure: DurableStreamError?
        private var buffer: [Element] = []
        private var index = 0
        private var lastUpToDate = false
        private var delivered = false

        init(reader: ChunkReader?, transform: @escaping Transform, failure: DurableStreamError?) {
            self.owner = reader.map(ReaderOwner.init)
            self.transform = transform
            self.failure = failure
        }

        /// The next value, or `nil` when the read is over.
        public mutating func next() async throws -> Element? {
            try await nextBatch()
        }

        /// The next value, with a typed error.
        mutating func nextBatch() async throws(DurableStreamError) -> Element? {
            if let failure {
                self.failure = nil
                throw failure
            }
            while true {
                if index < buffer.count {
                    defer { index += 1 }
                    return buffer[index]
                }
                guard let reader = owner?.reader, let chunk = try await reader.next() else { return nil }
                // Empty chunks matter only when they change what the consumer knows: caught up, or closed.
                let changesState = chunk.streamClosed || (chunk.upToDate && !lastUpToDate) || !delivered
                lastUpToDate = chunk.upToDate
                guard !chunk.data.isEmpty || changesState else { continue }
                delivered = true
                buffer = try transform(chunk)
                index = 0
            }
        }

        /// Stops the read.
        func cancel() {
            owner?.reader.cancel()
        }
    }
}

/// Cancels the reader's request when the last iterator copy goes away.
@available(OS2022, *)
final class ReaderOwner: Sendable {
    let reader: ChunkReader

    init(_ reader: ChunkReader) {
        self.reader = reader
    }

    deinit {
        reader.cancel()
    }
}

@available(OS2022, *)
extension StreamResponse {
    /// JSON batches as they arrive, each decoded as `[U]` with the offset to resume from.
    public func jsonStream<U: Decodable & Sendable>(as type: U.Type) -> ChunkSequence<JSONBatch<U>> {
        ChunkSequence(response: self) { chunk throws(DurableStreamError) in
            let items = try JSONMessages.decode([U].self, from: chunk.data)
            return [
                JSONBatch(
                    items: items, offset: chunk.offset, upToDate: chunk.upToDate, streamClosed: chunk.streamClosed,
                    cursor: chunk.cursor)
            ]
        }
    }

    /// JSON messages one by one (use ``jsonStream(as:)`` to track offsets per batch).
    public func jsonItems<U: Decodable & Sendable>(as type: U.Type) -> ChunkSequence<U> {
        ChunkSequence(response: self) { chunk throws(DurableStreamError) in
            try JSONMessages.decode([U].self, from: chunk.data)
        }
    }

    /// Byte chunks as they arrive.
    public func byteStream() -> ChunkSequence<ByteChunk> {
        ChunkSequence(response: self) { chunk in
            [
                ByteChunk(
                    data: chunk.data, offset: chunk.offset, upToDate: chunk.upToDate,
                    streamClosed: chunk.streamClosed, cursor: chunk.cursor)
            ]
        }
    }

    /// Text chunks as they arrive (decoded as UTF-8).
    public func textStream() -> ChunkSequence<TextChunk> {
        ChunkSequence(response: self) { chunk in
            [
                TextChunk(
                    text: String(decoding: chunk.data, as: UTF8.self), offset: chunk.offset,
                    upToDate: chunk.upToDate, streamClosed: chunk.streamClosed)
            ]
        }
    }
}
