import Foundation

/// The decisions of one URLSession request, as a value: the response head and body chunks arrive from the
/// session's delegate, one reader awaits them, and the body is buffered, paused or failed. Generic over the
/// waiters (continuations in the transport, plain values in tests); it does no I/O.
@available(OS2022, *)
struct ExchangeStateMachine<Head, HeadWaiter, ChunkWaiter> {
    /// How much body may wait for the reader.
    struct Limits: Sendable, Hashable {
        /// Above this many buffered bytes the request is paused (where the platform can pause it).
        var highWaterMark: Int
        /// Where a request cannot be paused, buffering more than this fails the request.
        var maxBufferedBytes: Int
        /// Whether the request can be paused (FoundationNetworking traps when a receiving task is suspended).
        var canPause: Bool
    }

    /// What to do with a body chunk from the delegate.
    enum DataAction {
        /// Hand it straight to the waiting reader.
        case deliver(ChunkWaiter)
        /// Buffered; pause the request until the reader catches up.
        case pause
        /// Buffered over the limit of a request that cannot pause: cancel the request (the reader gets the error).
        case cancel
        /// Buffered, or dropped after the end.
        case none
    }

    /// What a reader asking for the next chunk gets.
    enum ReadAction {
        /// This chunk; resume the paused request when `resume` is set.
        case chunk(Data, resume: Bool)
        /// The body is over: nil at its end, or the request's failure.
        case end(DurableStreamError?)
        /// Nothing yet: the reader waits.
        case wait
    }

    /// What a caller awaiting the head gets.
    enum HeadAction {
        case head(Head)
        case fail(DurableStreamError)
        case wait
    }

    /// Which waiters to wake when the request completes.
    struct Completion {
        var head: HeadWaiter?
        var reader: ChunkWaiter?
        /// What the head waiter gets: the failure, or a protocol error when the request ended without a head.
        var headFailure: DurableStreamError
        /// What the reader gets: nil at the body's end.
        var readerFailure: DurableStreamError?
    }

    let limits: Limits
    private var headWaiter: HeadWaiter?
    /// The response head when it arrived before anyone awaited it.
    private var earlyHead: Head?
    private(set) var headDelivered = false
    private var chunks: [Data] = []
    private(set) var buffered = 0
    private(set) var finished = false
    private var failure: DurableStreamError?
    private var reader: ChunkWaiter?
    private(set) var paused = false
    /// Whether the task was asked to cancel (by the machine or by ``cancel()``).
    private(set) var cancelRequested = false

    init(limits: Limits) {
        self.limits = limits
    }

    /// Someone awaits the head.
    mutating func awaitHead(_ waiter: HeadWaiter) -> HeadAction {
        if let head = earlyHead {
            earlyHead = nil
            return .head(head)
        }
        if finished && !headDelivered { return .fail(failure ?? Self.noResponse) }
        headWaiter = waiter
        return .wait
    }

    /// Whether a head from the delegate is still wanted (the first one wins).
    var wantsHead: Bool { !headDelivered }

    /// The head arrived; returns the waiter to resume with it, if one waits.
    mutating func received(head: Head) -> HeadWaiter? {
        guard !headDelivered else { return nil }
        headDelivered = true
        defer { headWaiter = nil }
        if headWaiter == nil { earlyHead = head }
        return headWaiter
    }

    /// A body chunk arrived.
    mutating func received(_ data: Data) -> DataAction {
        if finished { return .none }
        if let reader {
            self.reader = nil
            return .deliver(reader)
        }
        chunks.append(data)
        buffered += data.count
        if limits.canPause {
            if buffered > limits.highWaterMark && !paused {
                paused = true
                return .pause
            }
        } else if buffered > limits.maxBufferedBytes {
            chunks.removeAll()
            buffered = 0
            finished = true
            failure = .connectionFailed(underlying: BufferLimitExceeded(limit: limits.maxBufferedBytes))
            cancelRequested = true
            return .cancel
        }
        return .none
    }

    /// The reader asks for the next chunk.
    mutating func read(_ waiter: ChunkWaiter) -> ReadAction {
        if !chunks.isEmpty {
            let chunk = chunks.removeFirst()
            buffered -= chunk.count
            let resume = paused && buffered <= limits.highWaterMark / 2
            if resume { paused = false }
            return .chunk(chunk, resume: resume)
        }
        if finished { return .end(failure) }
        reader = waiter
        return .wait
    }

    /// Someone wants the request cancelled; true when the task is to be cancelled now. At most once, and never
    /// once the request has completed: FoundationNetworking traps when a task is cancelled while it completes, so
    /// the driver asks on the queue that delivers the completion. With `failure`, the waiters get it instead of
    /// the cancellation.
    mutating func cancel(failing failure: DurableStreamError? = nil) -> Bool {
        guard !finished, !cancelRequested else { return false }
        cancelRequested = true
        if self.failure == nil { self.failure = failure }
        return true
    }

    /// The request completed, with `failure` or cleanly. A failure recorded earlier (buffer overflow) wins.
    mutating func complete(_ failure: DurableStreamError?) -> Completion? {
        if finished && headDelivered && self.failure != nil { return nil }
        finished = true
        if self.failure == nil { self.failure = failure }
        defer {
            headWaiter = nil
            reader = nil
        }
        let failure = self.failure
        return Completion(
            head: headWaiter, reader: reader, headFailure: failure ?? Self.noResponse, readerFailure: failure)
    }

    private static var noResponse: DurableStreamError { .invalidResponse(message: "no response") }
}

/// The error for a request that libcurl was about to send again after its body had left (see
/// ``URLSessionTransport``).
struct ResendRefused: Error, CustomStringConvertible {
    var description: String {
        "the connection closed after the request body was sent; it is not sent again, as the server may have it"
    }
}

/// The error for a reader that fell too far behind where the request cannot be paused.
struct BufferLimitExceeded: Error, CustomStringConvertible {
    let limit: Int
    var description: String { "the reader fell more than \(limit) bytes behind the response" }
}
