import CourierPrimitives
import Foundation

/// A read in progress, consumed once: with an accumulator (``json(as:)``, ``text()``, ``bytes()``), a stream
/// (``jsonStream(as:)``, ``jsonItems(as:)``, ``byteStream()``, ``textStream()``) or a subscriber
/// (``subscribe(as:onMessage:)``).
///
/// Accumulators read up to the tail and stop. Streams and subscribers follow the live mode: with ``LiveMode/auto``
/// they continue with long-polling; they end when the stream is closed.
@available(OS2022, *)
public struct StreamResponse: Sendable {
    /// The status of the first response.
    public let status: Int

    /// The headers of the first response, names lower-cased.
    public let headers: [String: String]

    /// The offset the read started from.
    public let requestOffset: Offset

    /// The live mode the read was started with.
    public let live: LiveMode

    /// The stream's content type, from the first response.
    public var contentType: String? { headers["content-type"] }

    private let lease: ReaderLease

    init(status: Int, headers: StreamHTTPHeaders, requestOffset: Offset, live: LiveMode, reader: ChunkReader) {
        self.status = status
        self.headers = headers.lowercasedDictionary
        self.requestOffset = requestOffset
        self.live = live
        self.lease = ReaderLease(reader)
    }

    static func start(client: StreamClient, offset: Offset, live: LiveMode) async throws(DurableStreamError)
        -> StreamResponse
    {
        let mode: ChunkReader.Mode =
            switch live {
            case .catchUp: .catchUp
            case .longPoll, .auto: .longPoll
            case .sse: .sse
            }
        let reader = ChunkReader(client: client, offset: offset, mode: mode, stopAtUpToDate: false)
        reader.longPollAtNow = live == .longPoll
        let head = try await reader.start()
        return StreamResponse(
            status: head.status, headers: head.headers, requestOffset: offset, live: live, reader: reader)
    }

    /// Claims the reader; a response can be consumed once.
    func claim(stopAtUpToDate: Bool) throws(DurableStreamError) -> ChunkReader {
        guard let reader = lease.claim() else {
            throw .invalidArgument(message: "this StreamResponse has already been consumed")
        }
        if stopAtUpToDate { reader.stopAtUpToDate = true }
        return reader
    }

    /// Stops the read and its request in flight (only needed when the response is never consumed).
    public func cancel() {
        lease.claim()?.cancel()
    }
}

/// Hands the reader to exactly one consumer.
@available(OS2022, *)
final class ReaderLease: Sendable {
    private let reader: Locked<ChunkReader?>

    init(_ reader: ChunkReader) {
        self.reader = Locked(reader)
    }

    func claim() -> ChunkReader? {
        reader.take()
    }
}
