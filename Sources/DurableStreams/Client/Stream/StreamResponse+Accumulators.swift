import Foundation

@available(OS2022, *)
extension StreamResponse {
    /// Reads every JSON message up to the tail and decodes each as `U`.
    ///
    /// Messages decode as `JSONDecoder` with its default options decodes them, with the same results and errors,
    /// several times faster.
    ///
    /// - Parameter type: The message type.
    /// - Returns: The messages and the offset to resume from.
    /// - Throws: ``DurableStreamError``; ``DurableStreamError/decodingFailed`` if a message does not
    ///   decode as `U`.
    public func json<U: Decodable & Sendable>(as type: U.Type) async throws(DurableStreamError) -> JSONBatch<U> {
        let reader = try claim(stopAtUpToDate: true)
        var items: [U] = []
        var last = ReadChunk(data: Data(), offset: requestOffset, upToDate: false, streamClosed: false)
        var next = try await reader.next()
        while let chunk = next {
            // The next page is fetched while this one decodes: the reader is still used by one task at a time,
            // and a catch-up of many pages costs about max(requests, decoding) instead of their sum.
            async let following = Self.nextChunk(of: reader)
            items.append(contentsOf: try JSONMessages.decode([U].self, from: chunk.data))
            last = chunk
            next = try await following.get()
        }
        return JSONBatch(
            items: items, offset: last.offset, upToDate: last.upToDate, streamClosed: last.streamClosed,
            cursor: last.cursor)
    }

    /// The reader's next chunk as a `Result`, so that a concurrent fetch keeps its typed error.
    private static func nextChunk(of reader: ChunkReader) async -> Result<ReadChunk?, DurableStreamError> {
        do {
            return .success(try await reader.next())
        } catch {
            return .failure(error)
        }
    }

    /// Reads all text up to the tail.
    ///
    /// - Returns: The text (decoded as UTF-8) and the offset to resume from.
    /// - Throws: ``DurableStreamError``.
    public func text() async throws(DurableStreamError) -> TextResult {
        let result = try await bytes()
        return TextResult(
            text: String(decoding: result.data, as: UTF8.self), offset: result.offset, upToDate: result.upToDate,
            streamClosed: result.streamClosed)
    }

    /// Reads all bytes up to the tail.
    ///
    /// - Returns: The bytes and the offset to resume from.
    /// - Throws: ``DurableStreamError``.
    public func bytes() async throws(DurableStreamError) -> ByteResult {
        let reader = try claim(stopAtUpToDate: true)
        var data = Data()
        var last = ReadChunk(data: Data(), offset: requestOffset, upToDate: false, streamClosed: false)
        while let chunk = try await reader.next() {
            data.append(chunk.data)
            last = chunk
        }
        return ByteResult(data: data, offset: last.offset, upToDate: last.upToDate, streamClosed: last.streamClosed)
    }

    /// Delivers JSON batches to `onMessage` until it answers ``SubscriberAction/stop`` or the stream ends.
    ///
    /// The next request is made only after `onMessage` returns, so a slow subscriber slows the reads.
    /// - Parameters:
    ///   - type: The message type.
    ///   - onMessage: Handles each batch and says whether to continue, stop, or pause first.
    /// - Throws: ``DurableStreamError`` if reading or decoding fails.
    public func subscribe<U: Decodable & Sendable>(
        as type: U.Type,
        onMessage: @escaping @Sendable (JSONBatch<U>) async -> SubscriberAction
    ) async throws(DurableStreamError) {
        var iterator = jsonStream(as: type).makeAsyncIterator()
        while let batch = try await iterator.nextBatch() {
            switch await onMessage(batch) {
            case .continue:
                continue
            case .stop:
                iterator.cancel()
                return
            case .pauseFor(let duration):
                try await StreamClient.sleep(duration)
            }
        }
    }
}

/// Decoding of JSON-mode bodies: a JSON array of messages (empty body means no messages), decoded as
/// `JSONDecoder` with its default options would decode it (``FastJSONDecoding``).
@available(OS2022, *)
enum JSONMessages {
    static func decode<T: Decodable>(_ type: [T].Type, from data: Data) throws(DurableStreamError) -> [T] {
        guard !data.isEmpty else { return [] }
        do {
            return try FastJSONDecoding.decode(type, from: data)
        } catch {
            throw .decodingFailed(message: "\(error)")
        }
    }
}
