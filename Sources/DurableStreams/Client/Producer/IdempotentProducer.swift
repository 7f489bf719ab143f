import CourierPrimitives
public import Foundation

/// Exactly-once appends to one stream: fire-and-forget ``append(_:)``, batching by bytes and linger time,
/// up to `maxInFlight` batches pipelined, and server-side deduplication by `(producerId, epoch, seq)`.
///
/// Every batch keeps the sequence number it was sealed with for as long as its fate on the server is unknown,
/// so a retry is always recognised as a duplicate (204) and never stored twice; batches answered with a
/// sequence gap (409) wait until every earlier batch has settled and are then resent with the same number.
/// Only batches proven unstored are ever renumbered, and then in a fresh epoch. A 403 (newer epoch) claims
/// the next epoch when `autoClaimOnStaleEpoch` is on, and fails the producer otherwise. Failures reach
/// `onError` and the next ``flush()``.
@available(OS2022, *)
public final class IdempotentProducer: Sendable {
    /// The producer's identity.
    public let producerId: String

    /// The stream's content type; JSON streams get batches as JSON arrays.
    public let contentType: String

    private let client: StreamClient
    private let configuration: IdempotentProducerConfiguration
    private let linger: Duration
    private let isJSON: Bool
    private let state: Locked<Shared>

    private struct Shared {
        var machine: ProducerState
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var closeResult: CloseResult?
    }

    init(
        client: StreamClient,
        contentType: String,
        configuration: IdempotentProducerConfiguration,
        batching: BatchingConfiguration
    ) throws(DurableStreamError) {
        try configuration.validate()
        self.producerId = configuration.producerId
        self.contentType = contentType
        self.client = client
        self.configuration = configuration
        self.linger = configuration.lingerTime ?? batching.lingerTime
        self.isJSON = contentType.lowercased().hasPrefix("application/json")
        let maxBytes = configuration.maxBatchBytes ?? batching.maxBytes
        let limits = ProducerState.Limits(
            maxInFlight: configuration.maxInFlight,
            maxBatchBytes: max(1, maxBytes),
            maxBatchItems: maxBytes <= 0 ? 1 : configuration.maxBatchItems,
            autoClaim: configuration.autoClaimOnStaleEpoch,
            maxGapResends: 8,
            lingerIsZero: linger <= .zero
        )
        self.state = Locked(Shared(machine: ProducerState(limits: limits, epoch: configuration.initialEpoch)))
    }

    /// The epoch the producer is writing in now.
    public var epoch: Int { state.withLock { $0.machine.epoch } }

    // MARK: - Appending

    /// Enqueues one JSON value (encoded now) and returns at once.
    public func append<T: Encodable>(_ value: T) {
        do {
            enqueue(try JSONEncoder().encode(value))
        } catch {
            report([.encodingFailed(message: "\(error)")])
        }
    }

    /// Enqueues raw bytes (for JSON streams: one JSON value, already encoded) and returns at once.
    public func appendBytes(_ data: Data) {
        enqueue(data)
    }

    private func enqueue(_ item: Data) {
        let effect = state.withLock { $0.machine.append(item) }
        switch effect {
        case .none:
            break
        case .armLinger(let generation):
            armLinger(generation)
        case .drain:
            startBatches()
        case .rejected:
            report([state.withLock { $0.machine.fatal } ?? .producerClosed])
        }
    }

    private func armLinger(_ generation: Int) {
        let linger = self.linger
        Task { [weak self] in
            try? await Task.sleep(for: linger)
            guard let self else { return }
            if self.state.withLock({ $0.machine.lingerFired(generation: generation) }) {
                self.drain()
            }
        }
    }

    // MARK: - Flush, close, detach

    /// Waits until every append made so far has been acknowledged (or has failed).
    ///
    /// - Returns: The tail offset after the last acknowledged batch and the number of duplicate batches.
    /// - Throws: The first failure since the previous flush (``DurableStreamError``).
    @discardableResult
    public func flush() async throws(DurableStreamError) -> FlushResult {
        state.withLock { $0.machine.beginFlush() }
        drain()
        await waitUntilIdle()
        switch state.withLock({ $0.machine.endFlush() }) {
        case .success(let result):
            return result
        case .failure(let error) where error.code == .staleEpoch:
            throw .staleEpoch(producerId: producerId, currentEpoch: error.context.producerEpoch ?? -1)
        case .failure(let error):
            throw error
        }
    }

    /// Flushes, then stops accepting appends without closing the stream.
    ///
    /// - Throws: The first failure since the previous flush.
    public func detach() async throws(DurableStreamError) {
        state.withLock { $0.machine.stopAccepting() }
        try await flush()
    }

    /// Flushes, then closes the stream, optionally with a final append in the same request. Calling it again
    /// returns the first result.
    ///
    /// - Parameter finalData: Bytes (one encoded JSON value for JSON streams) appended atomically with the close.
    /// - Returns: The stream's final offset.
    /// - Throws: ``DurableStreamError``; ``DurableStreamError/streamClosed`` if someone else
    ///   closed the stream first.
    public func closeStream(finalData: Data? = nil) async throws(DurableStreamError) -> CloseResult {
        if let done = state.withLock({ $0.closeResult }) { return done }
        try await flush()
        state.withLock { $0.machine.stopAccepting() }
        let (epoch, seq) = state.withLock { ($0.machine.epoch, $0.machine.nextSeq) }
        var body: Data?
        if let finalData {
            body =
                isJSON
                ? ProducerBatch(id: 0, epoch: epoch, seq: seq, items: [finalData], byteCount: finalData.count)
                    .body(json: true) : finalData
        }
        var headers = producerHeaders(epoch: epoch, seq: seq)
        headers[ProtocolHeader.streamClosed] = "true"
        if body != nil { headers[ProtocolHeader.contentType] = contentType }
        var context = client.context(.close, .post)
        context.producerId = producerId
        let client = self.client
        let response = try await client.send(policy: configuration.retryPolicy, context: context) {
            [headers, body] () throws(DurableStreamError) in
            try await client.makeRequest(.post, headers: headers, body: body, timeout: client.http.timeout)
        }
        await response.body.drain()
        let final = response.headers[ProtocolHeader.nextOffset].map(Offset.init(rawValue:))
        let result = CloseResult(finalOffset: final ?? state.withLock { $0.machine.lastOffset } ?? .start)
        state.withLock { $0.closeResult = result }
        return result
    }

    // MARK: - Sending

    /// Starts whatever batches the state machine allows, then wakes flushes if everything is settled.
    private func drain() {
        startBatches()
        resumeIdleWaitersIfIdle()
    }

    private func startBatches() {
        let batches = state.withLock { $0.machine.drain() }
        for batch in batches {
            Task { await self.send(batch) }
        }
    }

    private func send(_ batch: ProducerBatch) async {
        let outcome = await deliver(batch)
        let reports = state.withLock { $0.machine.complete(batch, outcome) }
        report(reports)
        drain()
    }

    /// Sends one batch, retrying transient failures with the same sequence number.
    private func deliver(_ batch: ProducerBatch) async -> BatchOutcome {
        var headers = producerHeaders(epoch: batch.epoch, seq: batch.seq)
        headers[ProtocolHeader.contentType] = contentType
        let body = batch.body(json: isJSON)
        var context = client.context(.producerAppend, .post)
        context.producerId = producerId
        let client = self.client
        do {
            let response = try await client.send(policy: configuration.retryPolicy, context: context) {
                [headers] () throws(DurableStreamError) in
                try await client.makeRequest(.post, headers: headers, body: body, timeout: client.http.timeout)
            }
            await response.body.drain()
            let offset = response.headers[ProtocolHeader.nextOffset].map(Offset.init(rawValue:))
            return .stored(offset: offset, duplicate: response.status == 204)
        } catch {
            if error.code == .sequenceGap, let expected = error.context.expectedSequence {
                return .gap(expected: expected)
            }
            if error.code == .staleEpoch, let current = error.context.producerEpoch {
                return .staleEpoch(serverEpoch: current)
            }
            return .failed(error)
        }
    }

    private func producerHeaders(epoch: Int, seq: Int) -> [String: String] {
        [
            ProtocolHeader.producerId: producerId,
            ProtocolHeader.producerEpoch: String(epoch),
            ProtocolHeader.producerSeq: String(seq),
        ]
    }

    private func report(_ errors: [DurableStreamError]) {
        guard let onError = configuration.onError else { return }
        for error in errors {
            if error.code == .staleEpoch, let epoch = error.context.producerEpoch {
                onError(.staleEpoch(producerId: producerId, currentEpoch: epoch))
            } else {
                onError(error)
            }
        }
    }

    // MARK: - Idle waiting

    private func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { shared -> Bool in
                if shared.machine.isIdle || shared.machine.fatal != nil && shared.machine.inFlight.isEmpty {
                    return true
                }
                shared.idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }

    private func resumeIdleWaitersIfIdle() {
        let waiters = state.withLock { shared -> [CheckedContinuation<Void, Never>] in
            guard shared.machine.isIdle || shared.machine.fatal != nil && shared.machine.inFlight.isEmpty else {
                return []
            }
            defer { shared.idleWaiters.removeAll() }
            return shared.idleWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
