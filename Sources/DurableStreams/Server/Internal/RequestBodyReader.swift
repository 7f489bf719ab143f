#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import CourierPrimitives
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

/// Reads a request body part by part with the server's checks: only the `chunked` transfer coding, no
/// `Content-Encoding`, at most `limit` bytes (`413`, from `Content-Length` up front and while counting), all of it
/// within the body timeout (`408`), and exactly the announced length (`400` for a body that ends early).
///
/// ``StreamHTTPHandler/collectBody(_:channel:)`` reads a body whole with it; a streamed append hands it to the
/// store, which pulls the parts as they arrive.
@available(OS2023, *)
final class RequestBodyReader: @unchecked Sendable {
    // `@unchecked`: the iterator and the counters are used by one task at a time (the handler, or the store it
    // lends the body to, which `quiesce()` waits for); everything else is behind locks.
    private var iterator: RequestBody.AsyncIterator
    private let limit: Int
    private let expectedLength: Int?
    private let channel: any Channel
    private let deadline: UInt64
    private let activity = Locked(Activity())
    /// The body bytes read so far.
    private(set) var count = 0
    /// Whether the body was read to its end.
    private(set) var isFinished = false
    /// Why the body could not be read, once it could not.
    private(set) var failure: RequestFailure?

    private struct Activity {
        /// The body timeout passed.
        var expired = false
        var reading = false
        var stopped = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    /// Checks the request's framing headers and starts the body timeout.
    init(_ request: Request, channel: any Channel, limit: Int, timeout: Duration) throws(RequestFailure) {
        let expectedLength = request.headers[.contentLength].flatMap(Int.init)
        if let expectedLength, expectedLength > limit { throw RequestFailure(StreamHTTPHandler.tooLarge(limit)) }
        // `chunked` is the only transfer coding the server decodes: with any other (`gzip, chunked`) the
        // bytes are still encoded, so storing them would store something the client did not mean.
        // Over the fields, so that a request without the header (most) builds no arrays.
        let coding = request.headers.lazy.filter { $0.name == .transferEncoding }.flatMap { field in
            field.value.split(separator: ",").lazy.map { HeaderText.folded($0) }
        }.first { $0 != "chunked" }
        if let coding {
            var reply = Reply.error(.notImplemented, "Transfer-Encoding \(coding) is not supported (only chunked)")
            reply.closesConnection = true
            throw RequestFailure(reply)
        }
        if let encoding = Self.contentCoding(of: request) {
            throw RequestFailure(
                .error(.unsupportedMediaType, "Content-Encoding \(encoding) is not supported for request bodies"))
        }
        self.iterator = request.body.makeAsyncIterator()
        self.limit = limit
        self.expectedLength = expectedLength
        self.channel = channel
        // A client that sends its body too slowly gets 408: the deadline stops the reading, the answer goes
        // out, and the connection is closed after it.
        // On the shared timer rather than the event loop's: no allocation of a scheduled task, no hop to the loop.
        let activity = self.activity
        self.deadline = DeadlineTimer.shared.schedule(after: timeout) {
            activity.withLock { $0.expired = true }
            channel.close(mode: .input, promise: nil)
        }
    }

    deinit { DeadlineTimer.shared.cancel(deadline) }

    /// The request body's `Content-Encoding`, folded, when it is one the server refuses (`415`): any but `identity`.
    static func contentCoding(of request: Request) -> String? {
        guard let encoding = request.headers[.contentEncoding].map({ HeaderText.folded($0[...]) }),
            !encoding.isEmpty, encoding != "identity"
        else { return nil }
        return encoding
    }

    /// The next part of the body, or `nil` at its end.
    func next() async throws(RequestFailure) -> ByteBuffer? {
        if let failure { throw failure }
        guard !isFinished else { return nil }
        let started = activity.withLock { activity -> Bool in
            guard !activity.stopped else { return false }
            activity.reading = true
            return true
        }
        guard started else { throw fail(Self.abandoned) }
        defer {
            let waiter = activity.withLock { activity in
                activity.reading = false
                defer { activity.waiter = nil }
                return activity.waiter
            }
            waiter?.resume()
        }
        let part: ByteBuffer?
        do {
            part = try await iterator.next()
        } catch {
            // The body could not be decoded (a malformed chunk, or a connection closed mid-body).
            throw fail(isExpired ? Self.timedOut : Self.malformed)
        }
        if isExpired { throw fail(Self.timedOut) }
        guard let part else {
            if let expectedLength, count != expectedLength { throw fail(Self.malformed) }
            isFinished = true
            DeadlineTimer.shared.cancel(deadline)
            return nil
        }
        guard part.readableBytes <= limit - count else { throw fail(StreamHTTPHandler.tooLarge(limit)) }
        count += part.readableBytes
        return part
    }

    /// Stops the reading for good: a read in progress (by a store that gave up on the body) is ended by closing
    /// the connection's input, and this returns once it has; later reads fail. Afterwards the connection must be
    /// closed once answered.
    func quiesce() async {
        guard !isFinished else { return }
        let reading = activity.withLock { activity -> Bool in
            activity.stopped = true
            return activity.reading
        }
        guard reading else { return }
        try? await channel.close(mode: .input)
        await withCheckedContinuation { continuation in
            let waiting = activity.withLock { activity -> Bool in
                guard activity.reading else { return false }
                activity.waiter = continuation
                return true
            }
            if !waiting { continuation.resume() }
        }
    }

    private var isExpired: Bool { activity.withLock { $0.expired } }

    private func fail(_ reply: Reply) -> RequestFailure {
        let failure = RequestFailure(reply)
        self.failure = failure
        DeadlineTimer.shared.cancel(deadline)
        return failure
    }

    private static var timedOut: Reply {
        var reply = Reply.error(.requestTimeout, "The request body was not received in time")
        reply.closesConnection = true
        return reply
    }

    private static var malformed: Reply {
        // The connection's framing is lost.
        var reply = Reply.error(.badRequest, "Malformed request body")
        reply.closesConnection = true
        return reply
    }

    private static var abandoned: Reply {
        var reply = Reply.error(.serviceUnavailable, "The request body was abandoned")
        reply.closesConnection = true
        return reply
    }
}
#endif
