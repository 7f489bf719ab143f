import Foundation
import Logging

/// Runs a ``TelemetryCollector``: one task reads its inputs in order from a stream and performs its actions: sends
/// batches through the injected transport to ``ClerkOptions/telemetryEndpoint``, stores the throttle cache, sleeps
/// on the injected clock for the flush timer, and logs (event names and reasons only).
///
/// Recording never waits and never fails: ``record(_:)`` only queues the event. The task ends when the driver is
/// released (its ``Clerk`` is released or reconfigured).
@available(OS2023, *)
final class TelemetryDriver: Sendable {
    enum Message: Sendable {
        case input(TelemetryCollector.Input)
        /// Flush, then resume when nothing is being sent.
        case flush(CheckedContinuation<Void, Never>)
    }

    /// The services the actions use.
    struct Services: Sendable {
        var endpoint: URL
        var transport: any HTTPTransport
        var store: any SecureStore
        var clock: any ClerkClock
        var logger: Logger
        var inputs: AsyncStream<Message>.Continuation
    }

    private let inputs: AsyncStream<Message>.Continuation
    private let clock: any ClerkClock
    private let randomness: any ClerkRandomness

    /// Starts a driver whose throttle cache is read from `dependencies.store`.
    init(settings: TelemetryCollector.Settings, endpoint: URL, dependencies: ClerkDependencies) {
        let (stream, inputs) = AsyncStream.makeStream(of: Message.self)
        self.inputs = inputs
        clock = dependencies.clock
        randomness = dependencies.randomness
        let stored: Data?
        do {
            stored = try dependencies.store.data(forKey: TelemetryThrottle.storeKey)
        } catch {
            dependencies.logger.debug("The telemetry throttle cache cannot be read; starting empty.")
            stored = nil
        }
        let collector = TelemetryCollector(
            settings: settings, throttle: TelemetryThrottle(stored: stored, now: dependencies.clock.now))
        let services = Services(
            endpoint: endpoint, transport: dependencies.transport, store: dependencies.store,
            clock: dependencies.clock, logger: dependencies.logger, inputs: inputs)
        Task { await Self.run(collector, stream, services) }
    }

    deinit {
        inputs.finish()
    }

    /// Queues `event` with the time and a random draw for sampling.
    func record(_ event: ClerkTelemetryEvent) {
        inputs.yield(.input(.record(event, now: clock.now, random: randomness.unitInterval())))
    }

    /// Sends the buffered events and the failed batches now; returns when none is being sent.
    func flush() async {
        await withCheckedContinuation { continuation in
            if case .terminated = inputs.yield(.flush(continuation)) { continuation.resume() }
        }
    }

    private static func run(
        _ initial: TelemetryCollector, _ stream: AsyncStream<Message>, _ services: Services
    ) async {
        var collector = initial
        var waiters: [CheckedContinuation<Void, Never>] = []
        var timer: Task<Void, Never>?
        for await message in stream {
            let actions: [TelemetryCollector.Action]
            switch message {
            case .input(let input):
                actions = collector.handle(input)
            case .flush(let waiter):
                waiters.append(waiter)
                actions = collector.handle(.flushRequested)
            }
            for action in actions {
                if let started = perform(action, services) {
                    timer?.cancel()
                    timer = started
                }
            }
            if collector.isIdle, !waiters.isEmpty {
                for waiter in waiters { waiter.resume() }
                waiters = []
            }
        }
        timer?.cancel()
        for waiter in waiters { waiter.resume() }
    }

    /// Performs `action`; returns the timer task it started, if any.
    private static func perform(_ action: TelemetryCollector.Action, _ services: Services) -> Task<Void, Never>? {
        let logger = services.logger
        switch action {
        case .drop(let event, let reason):
            logger.trace("Telemetry event \(event) not kept: \(reason.rawValue).")
        case .buffer(let event):
            logger.debug("Telemetry event \(event) kept.")
        case .persistThrottle(let throttle):
            do {
                try services.store.set(throttle.stored, forKey: TelemetryThrottle.storeKey)
            } catch {
                logger.debug("The telemetry throttle cache cannot be stored.", metadata: ["error": "\(error.code)"])
            }
        case .send(let batch):
            Task { services.inputs.yield(.input(await send(batch, services))) }
        case .scheduleFlush(let delay):
            return Task {
                do {
                    try await services.clock.sleep(for: delay)
                } catch {
                    return
                }
                services.inputs.yield(.input(.timerFired))
            }
        case .giveUp(let batch):
            logger.debug("Telemetry batch of \(batch.events.count) events dropped after \(batch.attempts) sends.")
        }
        return nil
    }

    /// `POST`s the batch as JSON; a 2xx status is success, anything else (no response included) a failure.
    private static func send(_ batch: TelemetryCollector.Batch, _ services: Services) async
        -> TelemetryCollector.Input
    {
        guard let body = TelemetryWireEvent.body(batch.events) else { return .sendFailed(batch: batch.id) }
        let request = ClerkHTTPRequest(
            method: "POST", url: services.endpoint, headers: ["Content-Type": "application/json"], body: body)
        do {
            let response = try await services.transport.send(request)
            guard (200..<300).contains(response.status) else {
                services.logger.debug("Telemetry batch not accepted: status \(response.status).")
                return .sendFailed(batch: batch.id)
            }
            services.logger.debug("Telemetry batch of \(batch.events.count) events sent.")
            return .sendSucceeded(batch: batch.id)
        } catch {
            services.logger.debug("Telemetry batch not sent.", metadata: ["error": "\(error.code)"])
            return .sendFailed(batch: batch.id)
        }
    }
}
