import Foundation

/// Decides what happens to telemetry, as clerk-ios's collector does: which events are kept (development instances
/// only, sampled, throttled for a day), how they are batched (five at most) and when batches are sent (when five
/// are waiting, when the 30-second timer fires, on request), plus what clerk-ios lacks: a failed batch is sent again
/// at the next flush, a bounded number of times. Pure: the driver feeds it inputs and performs its actions.
@available(OS2023, *)
struct TelemetryCollector: Sendable, Equatable {
    /// Fixed for the collector's life.
    struct Settings: Sendable, Equatable {
        /// ``ClerkOptions/telemetryEnabled``.
        var enabled: Bool
        /// Development or production; production keeps nothing.
        var instanceType: InstanceType
        /// The `pk` of every event.
        var publishableKey: String
        /// The `sdk` of every event.
        var sdk = "clerk-ios"
        /// The `sdkv` of every event.
        var sdkVersion = RequestBuilder.compatibleSDKVersion
        /// The global sampling rate (clerk-ios: 1); each event has its own as well.
        var samplingRate = 1.0
        /// Events per batch; a full buffer is sent at once.
        var maxBufferSize = 5
        /// How long a buffered event waits at most before it is sent.
        var flushInterval: Duration = .seconds(30)
        /// Sends of one batch before it is given up.
        var maxAttempts = 3
        /// Failed batches kept for the next flush; beyond it the oldest is given up.
        var maxDeferredBatches = 4
    }

    /// Why an event was not kept.
    enum DropReason: String, Sendable, Equatable {
        /// ``ClerkOptions/telemetryEnabled`` is `false`.
        case disabled
        /// The instance is not a development instance.
        case notDevelopment
        /// The random draw was above the sampling rate.
        case sampledOut
        /// The same event was kept less than a day ago.
        case throttled
    }

    /// Events sent together in one `POST`.
    struct Batch: Sendable, Equatable {
        /// Names the batch in the send results.
        var id: Int
        /// One to ``Settings/maxBufferSize`` events.
        var events: [TelemetryWireEvent]
        /// How many times it was sent.
        var attempts = 0
    }

    /// What happened.
    enum Input: Sendable, Equatable {
        /// An event was recorded at `now`; `random` is a draw in `0..<1` for sampling.
        case record(ClerkTelemetryEvent, now: Date, random: Double)
        /// The flush timer fired.
        case timerFired
        /// A flush was asked for (the app goes to the background, ``Clerk/flushTelemetry()``).
        case flushRequested
        /// The batch was accepted (a 2xx response).
        case sendSucceeded(batch: Int)
        /// The batch was not accepted (an error status or no response).
        case sendFailed(batch: Int)
    }

    /// What the driver does.
    enum Action: Sendable, Equatable {
        /// The event was not kept.
        case drop(event: String, DropReason)
        /// The event waits in the buffer.
        case buffer(event: String)
        /// Store the throttle cache.
        case persistThrottle(TelemetryThrottle)
        /// Send the batch and report the result.
        case send(Batch)
        /// Report ``Input/timerFired`` after the duration.
        case scheduleFlush(after: Duration)
        /// The batch is dropped unsent: its sends failed too often, or too many failed batches wait.
        case giveUp(Batch)
    }

    let settings: Settings
    private(set) var throttle: TelemetryThrottle
    /// Kept events not yet in a batch.
    private(set) var buffer: [TelemetryWireEvent] = []
    /// Batches to send, oldest first; one is in flight at a time.
    private(set) var ready: [Batch] = []
    /// Failed batches waiting for the next flush.
    private(set) var deferred: [Batch] = []
    /// The batch being sent.
    private(set) var inFlight: Batch?
    /// Whether a ``Input/timerFired`` is expected.
    private(set) var timerScheduled = false
    private var nextBatchID = 1

    init(settings: Settings, throttle: TelemetryThrottle = TelemetryThrottle()) {
        self.settings = settings
        self.throttle = throttle
    }

    /// Nothing is being sent or waiting to be sent now (the buffer and failed batches wait for a later flush).
    var isIdle: Bool { inFlight == nil && ready.isEmpty }

    /// Applies `input`; returns the actions in order.
    mutating func handle(_ input: Input) -> [Action] {
        switch input {
        case .record(let event, let now, let random):
            return record(event, now: now, random: random)
        case .timerFired:
            timerScheduled = false
            return flush()
        case .flushRequested:
            return flush()
        case .sendSucceeded(let id):
            guard inFlight?.id == id else { return [] }
            inFlight = nil
            return sendNext()
        case .sendFailed(let id):
            guard let batch = inFlight, batch.id == id else { return [] }
            inFlight = nil
            return retryLater(batch) + sendNext()
        }
    }

    private mutating func record(_ event: ClerkTelemetryEvent, now: Date, random: Double) -> [Action] {
        guard settings.enabled else { return [.drop(event: event.name, .disabled)] }
        guard settings.instanceType == .development else { return [.drop(event: event.name, .notDevelopment)] }
        guard random <= settings.samplingRate, random <= event.samplingRate else {
            return [.drop(event: event.name, .sampledOut)]
        }
        let wire = TelemetryWireEvent(
            event: event.name, it: settings.instanceType.rawValue, sdk: settings.sdk, sdkv: settings.sdkVersion,
            pk: settings.publishableKey.isEmpty ? nil : settings.publishableKey, payload: event.payload)
        let key = TelemetryThrottle.key(for: wire)
        guard !throttle.isThrottled(key, now: now) else { return [.drop(event: event.name, .throttled)] }
        throttle.remember(key, now: now)
        buffer.append(wire)
        var actions: [Action] = [.persistThrottle(throttle), .buffer(event: event.name)]
        if buffer.count >= max(1, settings.maxBufferSize) {
            cutBatch()
            actions += sendNext()
        } else {
            actions += scheduleTimerIfNeeded()
        }
        return actions
    }

    /// Sends the buffer and the failed batches.
    private mutating func flush() -> [Action] {
        ready += deferred
        deferred = []
        cutBatch()
        return sendNext()
    }

    private mutating func cutBatch() {
        guard !buffer.isEmpty else { return }
        ready.append(Batch(id: nextBatchID, events: buffer))
        nextBatchID += 1
        buffer = []
    }

    private mutating func sendNext() -> [Action] {
        guard inFlight == nil, !ready.isEmpty else { return [] }
        var batch = ready.removeFirst()
        batch.attempts += 1
        inFlight = batch
        return [.send(batch)]
    }

    private mutating func retryLater(_ batch: Batch) -> [Action] {
        guard batch.attempts < max(1, settings.maxAttempts) else { return [.giveUp(batch)] }
        deferred.append(batch)
        var actions: [Action] = []
        while deferred.count > max(0, settings.maxDeferredBatches) {
            actions.append(.giveUp(deferred.removeFirst()))
        }
        return actions + scheduleTimerIfNeeded()
    }

    private mutating func scheduleTimerIfNeeded() -> [Action] {
        guard !timerScheduled, !buffer.isEmpty || !deferred.isEmpty else { return [] }
        timerScheduled = true
        return [.scheduleFlush(after: settings.flushInterval)]
    }
}
