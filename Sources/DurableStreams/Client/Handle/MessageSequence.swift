import Foundation

/// A handle's JSON messages, decoded one by one; the read starts on the first call to `next()`.
///
/// Backpressured like ``ChunkSequence``: the next request is made only when the consumer asks for more.
@available(OS2022, *)
public struct MessageSequence<Element: Decodable & Sendable>: AsyncSequence, Sendable {
    let client: StreamClient
    let offset: Offset
    let live: LiveMode

    /// Starts iterating.
    public func makeAsyncIterator() -> Iterator {
        Iterator(client: client, offset: offset, live: live)
    }

    /// Iterates a ``MessageSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        let client: StreamClient
        let offset: Offset
        let live: LiveMode
        private var inner: ChunkSequence<Element>.Iterator?

        init(client: StreamClient, offset: Offset, live: LiveMode) {
            self.client = client
            self.offset = offset
            self.live = live
        }

        /// The next message, or `nil` once the stream is closed (or, in catch-up mode, at the tail).
        public mutating func next() async throws -> Element? {
            if inner == nil {
                let response = try await StreamResponse.start(client: client, offset: offset, live: live)
                inner = response.jsonItems(as: Element.self).makeAsyncIterator()
            }
            return try await inner?.nextBatch()
        }
    }
}
