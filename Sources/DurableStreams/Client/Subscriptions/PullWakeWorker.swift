import CourierPrimitives
import Foundation

/// A pull-wake worker: the claimed wakes of one subscription, as an `AsyncSequence`.
///
/// ```swift
/// let worker = PullWakeWorker(client: subscriptions, subscription: "orders", worker: "worker-1")
/// for try await wake in worker {
///     for stream in wake.pending {
///         let batch = try await wake.read(stream)          // from the acknowledged offset to the tail
///         try process(batch.data)
///         try await wake.ack(stream, through: batch.offset) // durable; also renews the lease
///     }
///     try await wake.finish()                              // done: the next wake comes when work is pending
/// }
/// ```
///
/// Between wakes the worker follows the subscription's wake stream with long-polls, so it claims as soon as work
/// arrives; when another worker holds the lease it waits for the next wake event the same way. While a wake is
/// out, its lease is renewed in the background (a heartbeat at a third of the lease). A wake that the loop leaves
/// without ``WakeSession/finish()`` is released when the next one is requested; when the loop ends (or its task is
/// cancelled) the heartbeat stops and the lease runs out. A worker that crashes leaves its wake to the next claimer
/// the same way: acknowledged offsets are never processed again, and nothing unacknowledged is lost.
@available(OS2022, *)
public struct PullWakeWorker: AsyncSequence, Sendable {
    /// Each claimed wake.
    public typealias Element = WakeSession

    let client: SubscriptionClient
    let subscription: String
    let worker: String

    /// A worker named `worker` (unique among the subscription's workers) for `subscription`.
    public init(client: SubscriptionClient, subscription: String, worker: String) {
        self.client = client
        self.subscription = subscription
        self.worker = worker
    }

    /// Starts claiming.
    public func makeAsyncIterator() -> Iterator {
        Iterator(worker: self)
    }

    /// Claims the next wake, waiting for one.
    public struct Iterator: AsyncIteratorProtocol {
        private static func claim(_ client: SubscriptionClient, _ subscription: String, _ worker: String) async
            -> Result<ClaimedWake, DurableStreamError>
        {
            do {
                return .success(try await client.claim(subscription, worker: worker))
            } catch {
                return .failure(error)
            }
        }

        let worker: PullWakeWorker
        private var wakeStream: URL?
        private var previous: WakeSession?

        init(worker: PullWakeWorker) {
            self.worker = worker
        }

        /// The next claimed wake; releases the previous one if it was not finished. Ends only by throwing
        /// (``DurableStreamError/cancelled`` when the task is cancelled, or a failure such as
        /// ``DurableStreamError/notFound`` for a deleted subscription).
        public mutating func next() async throws -> WakeSession? {
            if let previous {
                await previous.close()
                self.previous = nil
            }
            let client = worker.client
            if wakeStream == nil {
                let described = try await client.get(worker.subscription)
                guard let path = described.wakeStream else {
                    throw DurableStreamError.invalidArgument(
                        message: "\(worker.subscription) is not a pull-wake subscription")
                }
                wakeStream = client.streamURL(path)
            }
            guard let wakeStream else { return nil }
            while true {
                try Task.checkCancellation()
                // The wake stream's tail before the claim: an event written after it wakes the wait below.
                let tail = try await DurableStreamHandle.head(
                    url: wakeStream, configuration: HandleConfiguration(http: client.configuration)
                ).offset
                switch await Self.claim(client, worker.subscription, worker.worker) {
                case .success(let claim):
                    let session = WakeSession(client: client, claim: claim)
                    previous = session
                    return session
                case .failure(let error) where error.code == .noPendingWork || error.code == .alreadyClaimed:
                    _ = try await DurableStream.stream(
                        url: wakeStream, offset: tail, live: .longPoll, configuration: client.configuration
                    ).bytes()
                case .failure(let error):
                    throw error
                }
            }
        }
    }
}

/// One claimed wake: the pending streams, reads from their acknowledged offsets, acks, and the end of the wake.
@available(OS2022, *)
public final class WakeSession: Sendable {
    /// The claim.
    public let claim: ClaimedWake
    let client: SubscriptionClient
    private let state: Locked<State>

    private struct State {
        var acked: [String: Offset]
        var heartbeat: Task<Void, Never>?
        var closed = false
    }

    init(client: SubscriptionClient, claim: ClaimedWake) {
        self.client = client
        self.claim = claim
        let acked = Dictionary(uniqueKeysWithValues: claim.streams.map { ($0.path, $0.ackedOffset) })
        state = Locked(State(acked: acked))
        let interval = max(claim.leaseTTL / 3, .milliseconds(100))
        let heartbeat = Task { [client, claim] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                // An ack without offsets or `done` only renews the lease; a fenced wake stops renewing.
                if let failure = await Self.renew(client, claim), failure == .fenced || failure == .unauthorized {
                    return
                }
            }
        }
        state.withLock { $0.heartbeat = heartbeat }
    }

    /// Renews the lease; the code of a failure, if any.
    private static func renew(_ client: SubscriptionClient, _ claim: ClaimedWake) async -> DurableStreamError.Code? {
        do {
            try await client.ack(claim)
            return nil
        } catch {
            return error.code
        }
    }

    deinit {
        state.withLock { $0.heartbeat?.cancel() }
    }

    /// The streams with pending work when the wake was claimed.
    public var pending: [SubscriptionStream] { claim.pending }

    /// Reads `stream` from its acknowledged offset up to its current tail.
    ///
    /// For a JSON stream, use ``read(_:as:)``: a read that takes several requests holds several JSON arrays.
    public func read(_ stream: SubscriptionStream) async throws(DurableStreamError) -> ByteChunk {
        try await client.read(stream, from: state.withLock { $0.acked[stream.path] })
    }

    /// Reads the JSON stream `stream` from its acknowledged offset up to its current tail, decoding each message
    /// as `T`; acknowledge the batch's `offset` once the messages are handled.
    ///
    /// - Throws: ``DurableStreamError/decodingFailed`` if a message does not decode as `T`.
    public func read<T: Decodable & Sendable>(_ stream: SubscriptionStream, as type: T.Type)
        async throws(DurableStreamError) -> JSONBatch<T>
    {
        try await client.read(stream, from: state.withLock { $0.acked[stream.path] }, as: type)
    }

    /// Acknowledges `stream` up to `offset` (the offset a read returned) and renews the lease.
    ///
    /// - Throws: ``DurableStreamError/fenced`` if the lease ran out and the work went to another worker.
    public func ack(_ stream: SubscriptionStream, through offset: Offset) async throws(DurableStreamError) {
        try await client.ack(claim, [stream.path: offset])
        state.withLock { $0.acked[stream.path] = offset }
    }

    /// Ends the wake (`done`); the server issues the next wake if work is pending.
    ///
    /// - Returns: Whether a next wake was issued.
    @discardableResult
    public func finish() async throws(DurableStreamError) -> Bool {
        stopHeartbeat()
        return try await client.ack(claim, done: true)
    }

    /// Gives the wake back unacknowledged; the work is offered to the next claimer.
    public func release() async throws(DurableStreamError) {
        stopHeartbeat()
        try await client.release(claim)
    }

    /// Releases the wake unless it has ended already.
    func close() async {
        let open = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        guard open else { return }
        try? await release()
    }

    private func stopHeartbeat() {
        state.withLock { state in
            state.heartbeat?.cancel()
            state.closed = true
        }
    }
}
