import Foundation

/// The producer's bookkeeping, free of I/O: every event returns the work to do next, which the producer
/// performs outside its lock. One rule holds everywhere: batches start only from ``drain()``, which never
/// exceeds `maxInFlight`, whichever path (append, linger, flush, completion) asked for it.
@available(OS2022, *)
struct ProducerState: Sendable {
    struct Limits: Sendable {
        var maxInFlight: Int
        var maxBatchBytes: Int
        var maxBatchItems: Int?
        var autoClaim: Bool
        var maxGapResends: Int
        var lingerIsZero: Bool
    }

    enum Recovery: Sendable, Equatable {
        /// Renumber every unstored batch from 0 in an epoch of at least this value.
        case newEpoch(atLeast: Int)
    }

    let limits: Limits
    private(set) var epoch: Int
    private(set) var nextSeq = 0
    private var nextBatchID = 0

    // Appends not yet sealed into a batch.
    private(set) var pendingItems: [Data] = []
    private(set) var pendingBytes = 0
    /// Bumped whenever the pending batch is sealed, so a stale linger timer does nothing.
    private(set) var lingerGeneration = 0
    private(set) var lingerArmed = false
    private var lingerExpired = false

    /// Sealed, numbered, not yet sent (in sequence order).
    private(set) var queued: [ProducerBatch] = []
    /// Sent, awaiting an answer, keyed by batch id.
    private(set) var inFlight: [Int: ProducerBatch] = [:]
    /// Answered with a sequence gap; resent once every earlier batch has settled.
    private(set) var waiting: [ProducerBatch] = []
    /// Proven unstored, to be renumbered once in-flight batches settle.
    private var unstored: [ProducerBatch] = []
    private(set) var recovery: Recovery?
    private(set) var fatal: DurableStreamError?

    private(set) var flushWaiters = 0
    private(set) var lastOffset: Offset?
    private(set) var duplicates = 0
    private(set) var errors: [DurableStreamError] = []
    private(set) var acceptsAppends = true

    init(limits: Limits, epoch: Int) {
        self.limits = limits
        self.epoch = epoch
    }

    /// Whether nothing is pending, queued, in flight or waiting.
    var isIdle: Bool {
        pendingItems.isEmpty && queued.isEmpty && inFlight.isEmpty && waiting.isEmpty && unstored.isEmpty
    }

    // MARK: - Events

    enum AppendEffect: Equatable {
        /// Nothing to do now: the batch waits for more appends or for a free slot.
        case none
        /// Start a linger timer for this generation.
        case armLinger(generation: Int)
        /// Send batches now.
        case drain
        /// The producer no longer accepts appends.
        case rejected
    }

    /// Adds one encoded append.
    mutating func append(_ item: Data) -> AppendEffect {
        guard acceptsAppends, fatal == nil else { return .rejected }
        if !pendingItems.isEmpty, pendingBytes + item.count > limits.maxBatchBytes {
            seal()
        }
        pendingItems.append(item)
        pendingBytes += item.count
        let hasSlot = inFlight.count < limits.maxInFlight && recovery == nil
        if pendingBytes >= limits.maxBatchBytes || pendingItems.count >= (limits.maxBatchItems ?? .max) {
            seal()
            return hasSlot ? .drain : .none
        }
        if limits.lingerIsZero || lingerExpired {
            // With every slot busy the append simply joins the pending batch; a completion sends it.
            return hasSlot ? .drain : .none
        }
        if !lingerArmed {
            lingerArmed = true
            return .armLinger(generation: lingerGeneration)
        }
        return .none
    }

    /// The linger timer for `generation` fired.
    mutating func lingerFired(generation: Int) -> Bool {
        guard generation == lingerGeneration, !pendingItems.isEmpty else { return false }
        lingerExpired = true
        return true
    }

    /// A flush started: pending appends may be sent without waiting for the linger time.
    mutating func beginFlush() {
        flushWaiters += 1
    }

    /// A flush finished waiting; returns its result and clears the errors it reports.
    mutating func endFlush() -> Result<FlushResult, DurableStreamError> {
        flushWaiters -= 1
        let result: Result<FlushResult, DurableStreamError>
        if let first = errors.first {
            result = .failure(first)
        } else {
            result = .success(FlushResult(offset: lastOffset ?? .start, duplicateCount: duplicates))
        }
        errors.removeAll()
        return result
    }

    /// Stops accepting appends (close or detach).
    mutating func stopAccepting() {
        acceptsAppends = false
    }

    /// Picks the batches to send now, never exceeding `maxInFlight`.
    mutating func drain() -> [ProducerBatch] {
        guard recovery == nil, fatal == nil else { return [] }
        var started: [ProducerBatch] = []
        while inFlight.count < limits.maxInFlight {
            if let index = readyWaitingIndex() {
                var batch = waiting.remove(at: index)
                batch.gapResends += 1
                inFlight[batch.id] = batch
                started.append(batch)
                continue
            }
            if !queued.isEmpty {
                let batch = queued.removeFirst()
                inFlight[batch.id] = batch
                started.append(batch)
                continue
            }
            // Send a partial batch only when nothing else can use the slot and it has lingered, or a flush
            // asked for it, or the producer is idle enough that waiting gains nothing.
            if !pendingItems.isEmpty, limits.lingerIsZero || lingerExpired || flushWaiters > 0 || !acceptsAppends {
                seal()
                continue
            }
            break
        }
        return started
    }

    /// A batch ended. Returns the errors to report.
    mutating func complete(_ batch: ProducerBatch, _ outcome: BatchOutcome) -> [DurableStreamError] {
        guard inFlight.removeValue(forKey: batch.id) != nil else { return [] }
        var reports: [DurableStreamError] = []
        switch outcome {
        case .stored(let offset, let duplicate):
            if duplicate { duplicates += 1 }
            if let offset, lastOffset.map({ $0 < offset }) ?? true { lastOffset = offset }
        case .gap(let expected):
            if batch.epoch != epoch || recovery != nil {
                unstored.append(batch)
            } else if batch.gapResends >= limits.maxGapResends || expected > batch.seq {
                let error = DurableStreamError.sequenceGap(expected: expected, received: batch.seq)
                reports.append(error)
                errors.append(error)
                requestRecovery(atLeast: epoch + 1)
            } else {
                waiting.append(batch)
            }
        case .staleEpoch(let serverEpoch):
            if limits.autoClaim {
                unstored.append(batch)
                requestRecovery(atLeast: max(serverEpoch + 1, epoch + 1))
            } else {
                failEverything(.staleEpoch(producerId: "", currentEpoch: serverEpoch), first: batch, into: &reports)
            }
        case .failed(let error):
            if case .streamClosed = error {
                failEverything(error, first: batch, into: &reports)
            } else {
                reports.append(error)
                errors.append(error)
                // The batch's fate on the server may be unknown; later batches move to a fresh epoch so that
                // no renumbered batch can ever be mistaken for a stored one.
                requestRecovery(atLeast: epoch + 1)
            }
        }
        if recovery != nil {
            // Batches waiting on a gap were not stored; they join the renumbering.
            unstored.append(contentsOf: waiting)
            waiting.removeAll()
            applyRecoveryIfSettled()
        }
        return reports
    }

    /// The producer's identity is fenced for good: fail what is left.
    mutating func failEverything(
        _ error: DurableStreamError, first: ProducerBatch?, into reports: inout [DurableStreamError]
    ) {
        fatal = error
        acceptsAppends = false
        reports.append(error)
        errors.append(error)
        queued.removeAll()
        waiting.removeAll()
        unstored.removeAll()
        pendingItems.removeAll()
        pendingBytes = 0
        recovery = nil
    }

    // MARK: - Internals

    private mutating func seal() {
        guard !pendingItems.isEmpty else { return }
        let batch = ProducerBatch(
            id: nextBatchID, epoch: epoch, seq: nextSeq, items: pendingItems, byteCount: pendingBytes)
        nextBatchID += 1
        nextSeq += 1
        queued.append(batch)
        pendingItems = []
        pendingBytes = 0
        lingerGeneration += 1
        lingerArmed = false
        lingerExpired = false
    }

    /// The first waiting batch all of whose predecessors have settled.
    private func readyWaitingIndex() -> Int? {
        guard let index = waiting.indices.min(by: { waiting[$0].seq < waiting[$1].seq }) else { return nil }
        let seq = waiting[index].seq
        let earlierInFlight = inFlight.values.contains { $0.epoch == epoch && $0.seq < seq }
        return earlierInFlight ? nil : index
    }

    private mutating func requestRecovery(atLeast minimum: Int) {
        switch recovery {
        case .newEpoch(let current)?: recovery = .newEpoch(atLeast: max(current, minimum))
        case nil: recovery = .newEpoch(atLeast: minimum)
        }
    }

    /// Once nothing is in flight, renumbers every unstored batch (in creation order) in the new epoch.
    private mutating func applyRecoveryIfSettled() {
        guard let recovery, inFlight.isEmpty else { return }
        switch recovery {
        case .newEpoch(let minimum):
            epoch = max(minimum, epoch + 1)
        }
        var batches = (unstored + queued).sorted { $0.id < $1.id }
        for index in batches.indices {
            batches[index].epoch = epoch
            batches[index].seq = index
            batches[index].gapResends = 0
        }
        nextSeq = batches.count
        queued = batches
        unstored.removeAll()
        self.recovery = nil
    }
}
