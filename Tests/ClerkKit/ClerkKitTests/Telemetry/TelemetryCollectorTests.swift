import Foundation
import Testing

@testable import ClerkKit

/// The collector's rules, input by input: what is kept, how it is batched, when batches go out and how failures
/// are retried.
@Suite struct TelemetryCollectorTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let key = "pk_test_bW9jay5jbGVyay5hY2NvdW50cy5kZXYk"

    @available(OS2023, *)
    static func collector(
        enabled: Bool = true, instanceType: InstanceType = .development, samplingRate: Double = 1
    ) -> TelemetryCollector {
        var settings = TelemetryCollector.Settings(
            enabled: enabled, instanceType: instanceType, publishableKey: key)
        settings.samplingRate = samplingRate
        return TelemetryCollector(settings: settings)
    }

    @available(OS2023, *)
    static func record(_ method: String, at offset: TimeInterval = 0, random: Double = 0) -> TelemetryCollector.Input {
        .record(.methodInvoked(method), now: start.addingTimeInterval(offset), random: random)
    }

    @available(OS2023, *)
    static func wire(_ method: String) -> TelemetryWireEvent {
        TelemetryWireEvent(
            event: "METHOD_INVOKED", it: "development", sdk: "clerk-ios", sdkv: "1.4.1", pk: key,
            payload: ["method": .string(method)])
    }

    /// The kinds of the actions, for compact expectations.
    @available(OS2023, *)
    static func kinds(_ actions: [TelemetryCollector.Action]) -> [String] {
        actions.map { action in
            switch action {
            case .drop(_, let reason): "drop(\(reason.rawValue))"
            case .buffer: "buffer"
            case .persistThrottle: "persist"
            case .send(let batch): "send(\(batch.id)x\(batch.events.count)#\(batch.attempts))"
            case .scheduleFlush(let delay): "timer(\(delay))"
            case .giveUp(let batch): "giveUp(\(batch.id))"
            }
        }
    }

    // MARK: Keeping

    @available(OS2023, *)
    @Test func offOrProductionKeepsNothing() {
        var off = Self.collector(enabled: false)
        #expect(off.handle(Self.record("signIn")) == [.drop(event: "METHOD_INVOKED", .disabled)])
        var production = Self.collector(instanceType: .production)
        #expect(production.handle(Self.record("signIn")) == [.drop(event: "METHOD_INVOKED", .notDevelopment)])
        for var collector in [off, production] {
            #expect(collector.buffer.isEmpty && collector.throttle.lastKept.isEmpty)
            #expect(collector.handle(.flushRequested).isEmpty)
            #expect(collector.handle(.timerFired).isEmpty)
        }
    }

    @available(OS2023, *)
    @Test func eachEventIsKeptWithItsSamplingRate() {
        var collector = Self.collector()
        #expect(
            Self.kinds(collector.handle(Self.record("a", random: 0.1))) == ["persist", "buffer", "timer(30.0 seconds)"])
        #expect(Self.kinds(collector.handle(Self.record("b", random: 0.100_001))) == ["drop(sampledOut)"])
        #expect(Self.kinds(collector.handle(Self.record("c", random: 0.999))) == ["drop(sampledOut)"])
        #expect(collector.buffer == [Self.wire("a")])
        // A sampled-out event is not remembered by the throttle: drawn in later, it is kept.
        #expect(Self.kinds(collector.handle(Self.record("b", random: 0))) == ["persist", "buffer"])
    }

    @available(OS2023, *)
    @Test func theGlobalRateAppliesToo() {
        var collector = Self.collector(samplingRate: 0.05)
        #expect(Self.kinds(collector.handle(Self.record("a", random: 0.07))) == ["drop(sampledOut)"])
        #expect(Self.kinds(collector.handle(Self.record("a", random: 0.05))).contains("buffer"))
    }

    @available(OS2023, *)
    @Test func theSameEventIsKeptOnceADay() {
        var collector = Self.collector()
        #expect(Self.kinds(collector.handle(Self.record("signIn"))).contains("buffer"))
        #expect(Self.kinds(collector.handle(Self.record("signIn", at: 60))) == ["drop(throttled)"])
        #expect(Self.kinds(collector.handle(Self.record("signIn", at: 86_400))) == ["drop(throttled)"])
        // Another payload is another event.
        #expect(Self.kinds(collector.handle(Self.record("signUp", at: 86_400))) == ["persist", "buffer"])
        #expect(Self.kinds(collector.handle(Self.record("signIn", at: 86_401))) == ["persist", "buffer"])
        #expect(collector.buffer == [Self.wire("signIn"), Self.wire("signUp"), Self.wire("signIn")])
        // The stored cache is the one in the action, and only keys events kept within the last day.
        guard case .persistThrottle(let cache)? = collector.handle(Self.record("setActive", at: 86_402)).first else {
            Issue.record("no cache to persist")
            return
        }
        #expect(cache == collector.throttle)
        #expect(cache.lastKept.count == 3)  // signIn's entry was renewed, not added
    }

    @available(OS2023, *)
    @Test func aPersistedCacheThrottlesAfterARestart() {
        var first = Self.collector()
        _ = first.handle(Self.record("signIn"))
        let stored = first.throttle.stored
        let settings = first.settings
        var restarted = TelemetryCollector(
            settings: settings, throttle: TelemetryThrottle(stored: stored, now: Self.start.addingTimeInterval(10)))
        #expect(Self.kinds(restarted.handle(Self.record("signIn", at: 10))) == ["drop(throttled)"])
        var dayLater = TelemetryCollector(
            settings: settings, throttle: TelemetryThrottle(stored: stored, now: Self.start.addingTimeInterval(90_000)))
        #expect(dayLater.throttle.lastKept.isEmpty)
        #expect(Self.kinds(dayLater.handle(Self.record("signIn", at: 90_000))).contains("buffer"))
    }

    // MARK: Batching and flushing

    @available(OS2023, *)
    @Test func fiveEventsAreSentAtOnceAndOnlyOneBatchIsInFlight() {
        var collector = Self.collector()
        var all: [String] = []
        for index in 1...4 { all += Self.kinds(collector.handle(Self.record("m\(index)"))) }
        #expect(all.filter { $0.hasPrefix("timer") } == ["timer(30.0 seconds)"])
        #expect(Self.kinds(collector.handle(Self.record("m5"))) == ["persist", "buffer", "send(1x5#1)"])
        #expect(collector.inFlight?.events == (1...5).map { Self.wire("m\($0)") })
        #expect(collector.buffer.isEmpty && !collector.isIdle)
        // Five more while the first batch is in flight: cut, but queued.
        for index in 6...10 { _ = collector.handle(Self.record("m\(index)")) }
        #expect(collector.ready.map(\.id) == [2])
        #expect(Self.kinds(collector.handle(.sendSucceeded(batch: 1))) == ["send(2x5#1)"])
        #expect(Self.kinds(collector.handle(.sendSucceeded(batch: 2))).isEmpty)
        #expect(collector.isIdle)
    }

    @available(OS2023, *)
    @Test func theTimerAndARequestFlushWhatIsBuffered() {
        var collector = Self.collector()
        #expect(collector.handle(.timerFired).isEmpty)
        #expect(collector.handle(.flushRequested).isEmpty)
        _ = collector.handle(Self.record("a"))
        _ = collector.handle(Self.record("b"))
        #expect(collector.timerScheduled)
        #expect(Self.kinds(collector.handle(.timerFired)) == ["send(1x2#1)"])
        #expect(!collector.timerScheduled)
        #expect(Self.kinds(collector.handle(Self.record("c"))) == ["persist", "buffer", "timer(30.0 seconds)"])
        // A requested flush (the app goes to the background) waits for the batch in flight.
        #expect(Self.kinds(collector.handle(.flushRequested)).isEmpty)
        #expect(collector.ready.map(\.events.count) == [1])
        #expect(Self.kinds(collector.handle(.sendSucceeded(batch: 1))) == ["send(2x1#1)"])
        #expect(collector.timerScheduled)  // the earlier timer still fires, finding nothing
        #expect(Self.kinds(collector.handle(.sendSucceeded(batch: 2))).isEmpty)
        #expect(collector.handle(.timerFired).isEmpty)
    }

    // MARK: Failures

    @available(OS2023, *)
    @Test func aFailedBatchIsSentAgainAtTheNextFlushThenGivenUp() {
        var collector = Self.collector()
        _ = collector.handle(Self.record("a"))
        #expect(Self.kinds(collector.handle(.flushRequested)) == ["send(1x1#1)"])
        // The timer scheduled by the record is still pending: no second one.
        #expect(Self.kinds(collector.handle(.sendFailed(batch: 1))).isEmpty)
        #expect(collector.deferred.map(\.id) == [1] && collector.isIdle)
        #expect(Self.kinds(collector.handle(.timerFired)) == ["send(1x1#2)"])
        // Failed again, with no timer pending: one is scheduled, so the retry needs no new event.
        #expect(Self.kinds(collector.handle(.sendFailed(batch: 1))) == ["timer(30.0 seconds)"])
        #expect(Self.kinds(collector.handle(.flushRequested)) == ["send(1x1#3)"])
        #expect(Self.kinds(collector.handle(.sendFailed(batch: 1))) == ["giveUp(1)"])
        #expect(collector.deferred.isEmpty && collector.isIdle)
        #expect(collector.handle(.timerFired).isEmpty)
    }

    @available(OS2023, *)
    @Test func failedBatchesWaitingAreBounded() {
        var collector = Self.collector()
        var gaveUp: [String] = []
        for round in 1...5 {
            // A full buffer is sent without the failed batches, which wait for a flush.
            for index in 1...5 { _ = collector.handle(Self.record("r\(round)m\(index)")) }
            guard let batch = collector.inFlight else {
                Issue.record("nothing sent")
                return
            }
            gaveUp += Self.kinds(collector.handle(.sendFailed(batch: batch.id))).filter { $0.hasPrefix("giveUp") }
        }
        #expect(gaveUp == ["giveUp(1)"])
        #expect(collector.deferred.map(\.id) == [2, 3, 4, 5])
        // The next flush sends them oldest first, one at a time.
        #expect(Self.kinds(collector.handle(.flushRequested)) == ["send(2x5#2)"])
        #expect(collector.ready.map(\.id) == [3, 4, 5])
    }

    @available(OS2023, *)
    @Test func resultsForOtherBatchesAreIgnored() {
        var collector = Self.collector()
        #expect(collector.handle(.sendSucceeded(batch: 7)).isEmpty)
        #expect(collector.handle(.sendFailed(batch: 7)).isEmpty)
        _ = collector.handle(Self.record("a"))
        _ = collector.handle(.flushRequested)
        let before = collector
        #expect(collector.handle(.sendFailed(batch: 2)).isEmpty)
        #expect(collector.handle(.sendSucceeded(batch: 2)).isEmpty)
        #expect(collector == before)
    }

    // MARK: Shape

    @available(OS2023, *)
    @Test func eventsHaveClerkIOSShape() throws {
        var collector = Self.collector()
        _ = collector.handle(
            .record(.viewDidAppear("AuthView", payload: ["isDismissible": .bool(true)]), now: Self.start, random: 0))
        _ = collector.handle(Self.record("signIn"))
        let body = try #require(TelemetryWireEvent.body(collector.buffer))
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"{"events":[{"event":"VIEW_DID_APPEAR","it":"development","payload":{"isDismissible":true,"view":"AuthView"},"#
                + #""pk":"\#(Self.key)","sdk":"clerk-ios","sdkv":"1.4.1"},{"event":"METHOD_INVOKED","it":"development","#
                + #""payload":{"method":"signIn"},"pk":"\#(Self.key)","sdk":"clerk-ios","sdkv":"1.4.1"}]}"#)
        #expect(
            ClerkTelemetryEvent.methodInvoked("signIn", payload: ["method": .string("other")]).payload == [
                "method": .string("other")
            ])
        #expect(ClerkTelemetryEvent.methodInvoked("x").samplingRate == 0.1)
        #expect(ClerkTelemetryEvent.viewDidAppear("x").samplingRate == 0.1)
    }
}
