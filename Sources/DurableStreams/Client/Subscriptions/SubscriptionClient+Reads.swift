import Foundation

@available(OS2022, *)
extension SubscriptionClient {
    /// Reads a subscription's stream from `offset` (by default its acknowledged offset) up to the current tail.
    ///
    /// For a JSON stream each response is a JSON array, so the bytes of a read that took several requests are
    /// several arrays one after the other: use ``read(_:from:as:)`` to get the messages.
    public func read(_ stream: SubscriptionStream, from offset: Offset? = nil) async throws(DurableStreamError)
        -> ByteChunk
    {
        try await catchUp(stream, from: offset).bytes()
    }

    /// Reads a JSON stream of the subscription from `offset` (by default its acknowledged offset) up to the
    /// current tail, decoding each message as `T`; acknowledge the batch's `offset` once they are handled.
    ///
    /// - Throws: ``DurableStreamError/decodingFailed`` if a message does not decode as `T`.
    public func read<T: Decodable & Sendable>(
        _ stream: SubscriptionStream, from offset: Offset? = nil, as type: T.Type
    ) async throws(DurableStreamError) -> JSONBatch<T> {
        try await catchUp(stream, from: offset).json(as: type)
    }

    /// A catch-up read of `stream` from `offset`, or from its acknowledged offset.
    private func catchUp(_ stream: SubscriptionStream, from offset: Offset?) async throws(DurableStreamError)
        -> StreamResponse
    {
        try await DurableStream.stream(
            url: streamURL(stream.path), offset: offset ?? stream.ackedOffset, live: .catchUp,
            configuration: configuration)
    }
}
