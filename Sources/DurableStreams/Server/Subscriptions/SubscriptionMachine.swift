import DurableStreamsStorage

/// What an operation may need from outside: the time, a wake id in case it issues a wake, and the token signer.
@available(OS2023, *)
struct SubscriptionInputs: Sendable {
    /// Milliseconds since 1970.
    var now: Int64
    var wakeId: String
    var tokens: CallbackTokens
}

/// What the driver must do after an operation changed a subscription.
@available(OS2023, *)
enum SubscriptionEffect: Sendable, Equatable {
    /// Append a wake event to the pull-wake subscription's wake stream (stream-root-relative).
    case appendWakeEvent(wakeStream: String, event: WakeEvent)
    /// Deliver the wake in flight to the webhook (when ``SubscriptionState/retry`` allows).
    case deliverWebhook
}

/// A pull-wake wake event, as appended to the wake stream.
@available(OS2023, *)
struct WakeEvent: Sendable, Equatable, Codable {
    var type = "wake"
    var subscriptionId: String
    var stream: String
    var generation: Int
    var ts: Int64
}

/// What a successful claim hands the worker.
@available(OS2023, *)
struct ClaimGrant: Sendable, Equatable {
    var wakeId: String
    var generation: Int
    var token: String
    var leaseMilliseconds: Int
}

/// An ack, callback or release request, as the protocol's JSON gives it.
@available(OS2023, *)
struct WakeReport: Sendable, Equatable {
    struct Ack: Sendable, Equatable {
        var stream: String
        var offset: String
    }

    var wakeId: String?
    var generation: Int?
    var acks: [Ack] = []
    var done = false
}

/// The subscription rules (protocol §6–7) as operations on a ``SubscriptionState``: each checks its request,
/// changes the state, and returns what the driver must do. No I/O, no clock, no randomness: the driver passes
/// ``SubscriptionInputs``.
@available(OS2023, *)
extension SubscriptionState {
    // MARK: Membership

    /// Links a stream at `tail` (an existing stream joins at its tail, so history is not replayed), or marks an
    /// existing link explicit or glob.
    mutating func link(_ path: String, explicit: Bool, tail: StreamOffset, ackedFrom acked: StreamOffset? = nil) {
        if var existing = links[path] {
            if explicit { existing.explicit = true } else { existing.glob = true }
            existing.tail = max(existing.tail, tail)
            links[path] = existing
        } else {
            links[path] = Link(explicit: explicit, glob: !explicit, acked: acked ?? tail, tail: tail)
        }
    }

    /// Removes the explicit link of `path`; a glob link stays while the pattern matches.
    mutating func unlinkExplicit(_ path: String) {
        guard var link = links[path] else { return }
        link.explicit = false
        links[path] = link.glob ? link : nil
    }

    /// A stream was deleted: its link goes.
    mutating func streamDeleted(_ path: String) {
        links[path] = nil
    }

    /// A stream under the root changed (created or appended to) and now ends at `tail`. A new stream that the
    /// pattern matches is linked from its start, so its first data wakes the subscription.
    mutating func streamChanged(_ path: String, tail: StreamOffset, _ inputs: SubscriptionInputs)
        -> [SubscriptionEffect]
    {
        if links[path] == nil, let pattern = configuration.pattern, GlobPattern(pattern).matches(path) {
            link(path, explicit: false, tail: tail, ackedFrom: .zero)
        } else if var link = links[path] {
            link.tail = max(link.tail, tail)
            links[path] = link
        } else {
            return []
        }
        return wakeIfIdle(triggeredBy: path, inputs)
    }

    // MARK: Wakes

    /// Issues a wake when there is pending work and no wake in flight.
    mutating func wakeIfIdle(triggeredBy path: String? = nil, _ inputs: SubscriptionInputs) -> [SubscriptionEffect] {
        guard wake == nil, hasPendingWork else { return [] }
        return issueWake(triggeredBy: path, inputs)
    }

    private mutating func issueWake(triggeredBy path: String?, _ inputs: SubscriptionInputs) -> [SubscriptionEffect] {
        generation += 1
        // Only the pending streams: `done` acknowledges up to these tails, and the others have nothing to ack.
        wake = Wake(id: inputs.wakeId, snapshot: links.filter { $0.value.hasPending }.mapValues(\.tail))
        if configuration.kind == .webhook {
            // A webhook's lease starts with the wake; callbacks extend it.
            wake?.leaseDeadline = inputs.now + Int64(configuration.leaseMilliseconds)
            return [.deliverWebhook]
        }
        guard let wakeStream = configuration.wakeStream else { return [] }
        let stream = path.flatMap { links[$0]?.hasPending == true ? $0 : nil } ?? firstPending ?? ""
        let event = WakeEvent(subscriptionId: id, stream: stream, generation: generation, ts: inputs.now)
        return [.appendWakeEvent(wakeStream: wakeStream, event: event)]
    }

    /// A worker asks for the wake (pull-wake).
    ///
    /// - Throws: ``SubscriptionFailure`` `ALREADY_CLAIMED` while another lease is held, `NO_PENDING_WORK` when
    ///   every stream is acknowledged up to its tail, `INVALID_REQUEST` for a webhook subscription.
    mutating func claim(worker: String, _ inputs: SubscriptionInputs) throws(SubscriptionFailure) -> (
        ClaimGrant, [SubscriptionEffect]
    ) {
        guard configuration.kind == .pullWake else {
            throw SubscriptionFailure(.invalidRequest, "Subscription is not pull-wake")
        }
        var effects = expireLease(inputs)
        if let holder = wake?.holder {
            throw SubscriptionFailure(
                .alreadyClaimed, "Subscription is claimed by \(holder)", holder: holder, generation: generation)
        }
        guard hasPendingWork else {
            throw SubscriptionFailure(.noPendingWork, "Subscription has no pending work")
        }
        if wake == nil { effects += issueWake(triggeredBy: nil, inputs) }
        let wakeId = wake?.id ?? inputs.wakeId
        let token = inputs.tokens.token(subscription: id, generation: generation, wakeId: wakeId)
        wake?.holder = worker
        wake?.leaseDeadline = inputs.now + Int64(configuration.leaseMilliseconds)
        let grant = ClaimGrant(
            wakeId: wakeId, generation: generation, token: token, leaseMilliseconds: configuration.leaseMilliseconds)
        return (grant, effects)
    }

    /// An ack (pull-wake) or callback (webhook): applies the acks, extends the lease, and with `done` ends the wake
    /// and issues the next one if work is pending. Returns whether a next wake was issued.
    ///
    /// - Throws: ``SubscriptionFailure`` `TOKEN_INVALID`, `FENCED` for another wake or generation,
    ///   `INVALID_OFFSET` for an unknown stream, a malformed offset, a regression or an offset beyond the tail;
    ///   nothing is applied then.
    mutating func acknowledge(token: String, _ report: WakeReport, _ inputs: SubscriptionInputs)
        throws(SubscriptionFailure) -> (nextWake: Bool, effects: [SubscriptionEffect])
    {
        try checkFence(token: token, report, inputs.tokens)
        var updates: [(String, StreamOffset)] = []
        for ack in report.acks {
            let path = SubscriptionConfiguration.normalize(ack.stream)
            guard let link = links[path] else {
                throw SubscriptionFailure(.invalidOffset, "Ack references an unknown subscription stream: \(path)")
            }
            guard let offset = StreamOffset(token: ack.offset) else {
                throw SubscriptionFailure(.invalidOffset, "Ack offset is not an offset of this server: \(ack.offset)")
            }
            guard offset >= link.acked else {
                throw SubscriptionFailure(.invalidOffset, "Ack offset regresses the committed cursor")
            }
            guard offset <= link.tail else {
                throw SubscriptionFailure(.invalidOffset, "Ack offset is beyond stream tail")
            }
            updates.append((path, offset))
        }
        for (path, offset) in updates { links[path]?.acked = offset }
        wake?.leaseDeadline = inputs.now + Int64(configuration.leaseMilliseconds)
        guard report.done else { return (false, []) }
        wake = nil
        let effects = wakeIfIdle(inputs)
        return (!effects.isEmpty || wake != nil, effects)
    }

    /// A worker gives the wake back without acknowledging; pending work is woken again.
    mutating func release(token: String, _ report: WakeReport, _ inputs: SubscriptionInputs)
        throws(SubscriptionFailure) -> [SubscriptionEffect]
    {
        guard configuration.kind == .pullWake else {
            throw SubscriptionFailure(.invalidRequest, "Subscription is not pull-wake")
        }
        try checkFence(token: token, report, inputs.tokens)
        wake = nil
        return wakeIfIdle(inputs)
    }

    /// Ends a lease whose deadline has passed; pending work is woken again.
    mutating func expireLease(_ inputs: SubscriptionInputs) -> [SubscriptionEffect] {
        guard let deadline = wake?.leaseDeadline, deadline <= inputs.now else { return [] }
        wake = nil
        return wakeIfIdle(inputs)
    }

    // MARK: Webhook delivery

    /// The webhook answered the delivery of `wakeId` with a 2xx. With `{"done": true}` the wake's snapshot is
    /// acknowledged and the wake ends; pending work is woken again.
    mutating func webhookDelivered(wakeId: String, done: Bool, _ inputs: SubscriptionInputs) -> [SubscriptionEffect] {
        guard let wake, wake.id == wakeId else { return [] }
        retry = nil
        guard done else { return [] }
        for (path, tail) in wake.snapshot {
            guard var link = links[path] else { continue }
            link.acked = max(link.acked, tail)
            links[path] = link
        }
        self.wake = nil
        return wakeIfIdle(inputs)
    }

    /// The delivery of `wakeId` failed: the next attempt is due after an exponential backoff from 1 s to 60 s,
    /// shortened or lengthened by `jitter` (within ±0.2).
    mutating func webhookFailed(wakeId: String, jitter: Double, _ inputs: SubscriptionInputs) {
        guard wake?.id == wakeId else { return }
        let failures = (retry?.failures ?? 0) + 1
        let base = min(1_000 * pow2(failures - 1), 60_000)
        let delay = Int64((Double(base) * (1 + min(max(jitter, -0.2), 0.2))).rounded())
        retry = Retry(failures: failures, nextAttemptAt: inputs.now + max(0, delay))
    }

    private func pow2(_ exponent: Int) -> Int64 { exponent >= 16 ? 1 << 16 : 1 << Int64(max(0, exponent)) }

    /// The token must be genuine for this subscription, and it and the report must name the wake in flight and
    /// the current generation; a claimed wake must still hold its lease.
    private func checkFence(token: String, _ report: WakeReport, _ tokens: CallbackTokens) throws(SubscriptionFailure) {
        guard let issued = tokens.verify(token, subscription: id) else {
            throw SubscriptionFailure(.tokenInvalid, "Token invalid")
        }
        guard let wake, issued.generation == generation, issued.wakeId == wake.id, report.generation == generation,
            report.wakeId == wake.id
        else { throw .fenced }
    }
}
