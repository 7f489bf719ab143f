import DurableStreamsStorage
import Testing

@testable import DurableStreamsServer

@Suite("Subscription rules as a value (protocol §6–7)")
struct SubscriptionMachineTests {
    @available(OS2023, *)
    private var tokens: CallbackTokens { CallbackTokens(secret: Array(repeating: 7, count: 32)) }

    @available(OS2023, *)
    private func inputs(_ now: Int64 = 1_000, wake: String = "w_1") -> SubscriptionInputs {
        SubscriptionInputs(now: now, wakeId: wake, tokens: tokens)
    }

    @available(OS2023, *)
    private func pullWake(lease: Int = 30_000, pattern: String? = "events/*") -> SubscriptionState {
        let configuration = SubscriptionConfiguration(
            kind: .pullWake, pattern: pattern, streams: [], webhookURL: nil, wakeStream: "wake/pool",
            leaseMilliseconds: lease, description: nil)
        return SubscriptionState(id: "sub-1", configuration: configuration, createdAt: "2026-11-27T00:00:00.000Z")
    }

    @available(OS2023, *)
    private func at(_ position: UInt64) -> StreamOffset { StreamOffset(position: position) }

    @Test("globs: * is one segment, ** zero or more")
    func globs() {
        let cases: [(String, String, Bool)] = [
            ("events/*", "events/a", true), ("events/*", "events/a/b", false), ("events/*", "events", false),
            ("events/**", "events", true), ("events/**", "events/a/b/c", true), ("**", "x/y", true),
            ("a/*/c", "a/b/c", true), ("a/*/c", "a/b/d", false), ("a/**/c", "a/c", true), ("a/**/c", "a/x/y/c", true),
            ("a/**/c", "a/x/y/d", false), ("exact/path", "exact/path", true), ("exact/path", "exact/pat", false),
            ("*", "a", true), ("*", "a/b", false), ("**/z", "z", true), ("**/**/z", "q/z", true),
        ]
        for (pattern, path, expected) in cases {
            #expect(GlobPattern(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
        }
    }

    @Test("an append to a linked stream wakes an idle subscription once, with a wake event")
    @available(OS2023, *)
    func wakesOnce() {
        var state = pullWake()
        state.link("events/a", explicit: false, tail: at(10))
        #expect(!state.hasPendingWork)
        let effects = state.streamChanged("events/a", tail: at(20), inputs())
        let event = WakeEvent(subscriptionId: "sub-1", stream: "events/a", generation: 1, ts: 1_000)
        #expect(effects == [.appendWakeEvent(wakeStream: "wake/pool", event: event)])
        #expect(state.generation == 1 && state.wake?.id == "w_1" && state.wake?.holder == nil)
        #expect(state.streamChanged("events/a", tail: at(30), inputs(wake: "w_2")).isEmpty, "a wake is in flight")
        #expect(state.generation == 1)
        // Unlinked, unmatched streams change nothing.
        #expect(state.streamChanged("other/x", tail: at(5), inputs()).isEmpty)
        #expect(state.links["other/x"] == nil)
    }

    @Test("a new stream matching the pattern is linked from its start")
    @available(OS2023, *)
    func newMatchLinkedFromStart() {
        var state = pullWake()
        #expect(state.streamChanged("events/new", tail: .zero, inputs()).isEmpty)
        #expect(state.links["events/new"] == .init(explicit: false, glob: true, acked: .zero, tail: .zero))
        #expect(state.streamChanged("events/new", tail: at(8), inputs()).count == 1)
    }

    @Test("claim, ack without done (heartbeat), ack with done; the next wake follows pending work")
    @available(OS2023, *)
    func claimAndAck() throws {
        var state = pullWake(lease: 5_000)
        state.link("events/a", explicit: true, tail: at(0))
        _ = state.streamChanged("events/a", tail: at(10), inputs())
        let (grant, effects) = try state.claim(worker: "w1", inputs(2_000))
        #expect(effects.isEmpty, "the wake was already announced")
        #expect(grant.wakeId == "w_1" && grant.generation == 1 && grant.leaseMilliseconds == 5_000)
        #expect(state.wake?.holder == "w1" && state.wake?.leaseDeadline == 7_000)
        var failure = #expect(throws: SubscriptionFailure.self) { try state.claim(worker: "w2", inputs(2_500)) }
        #expect(failure?.code == .alreadyClaimed && failure?.holder == "w1" && failure?.generation == 1)

        var report = WakeReport(wakeId: "w_1", generation: 1, acks: [.init(stream: "events/a", offset: at(5).token)])
        let heartbeat = try state.acknowledge(token: grant.token, report, inputs(6_000))
        #expect(heartbeat.nextWake == false && heartbeat.effects.isEmpty)
        #expect(state.links["events/a"]?.acked == at(5) && state.wake?.leaseDeadline == 11_000)

        _ = state.streamChanged("events/a", tail: at(15), inputs())
        report.acks = [.init(stream: "events/a", offset: at(10).token)]
        report.done = true
        let done = try state.acknowledge(token: grant.token, report, inputs(7_000, wake: "w_2"))
        #expect(done.nextWake, "events arrived after the snapshot")
        #expect(state.generation == 2 && state.wake?.id == "w_2" && state.wake?.holder == nil)
        #expect(done.effects.count == 1)
        // The old token is genuine but stale now.
        failure = #expect(throws: SubscriptionFailure.self) {
            try state.acknowledge(token: grant.token, report, inputs(7_100))
        }
        #expect(failure?.code == .fenced)

        let (second, _) = try state.claim(worker: "w2", inputs(8_000))
        let finish = WakeReport(
            wakeId: "w_2", generation: 2, acks: [.init(stream: "/events/a/", offset: at(15).token)], done: true)
        let last = try state.acknowledge(token: second.token, finish, inputs(8_100))
        #expect(!last.nextWake && state.wake == nil && !state.hasPendingWork)
        failure = #expect(throws: SubscriptionFailure.self) { try state.claim(worker: "w3", inputs(9_000)) }
        #expect(failure?.code == .noPendingWork)
    }

    @Test("bad acks are refused whole: forged token, wrong wake or generation, unknown stream, bad offsets")
    @available(OS2023, *)
    func badAcks() throws {
        var state = pullWake()
        state.link("events/a", explicit: true, tail: at(4))
        state.link("events/b", explicit: true, tail: at(0))
        _ = state.streamChanged("events/a", tail: at(10), inputs())
        _ = state.streamChanged("events/b", tail: at(10), inputs())
        let (grant, _) = try state.claim(worker: "w1", inputs())
        let good = WakeReport.Ack(stream: "events/b", offset: at(10).token)
        let cases: [(String, WakeReport, SubscriptionFailure.Code)] = [
            ("forged", WakeReport(wakeId: "w_1", generation: 1), .tokenInvalid),
            (grant.token, WakeReport(wakeId: "w_9", generation: 1), .fenced),
            (grant.token, WakeReport(wakeId: "w_1", generation: 2), .fenced),
            (grant.token, WakeReport(wakeId: nil, generation: nil), .fenced),
            (
                grant.token, WakeReport(wakeId: "w_1", generation: 1, acks: [good, .init(stream: "x", offset: "0")]),
                .invalidOffset
            ),
            (
                grant.token,
                WakeReport(wakeId: "w_1", generation: 1, acks: [good, .init(stream: "events/a", offset: at(3).token)]),
                .invalidOffset
            ),
            (
                grant.token,
                WakeReport(
                    wakeId: "w_1", generation: 1, acks: [good, .init(stream: "events/a", offset: at(11).token)]),
                .invalidOffset
            ),
            (
                grant.token,
                WakeReport(wakeId: "w_1", generation: 1, acks: [good, .init(stream: "events/a", offset: "-1")]),
                .invalidOffset
            ),
            (String(grant.token.dropLast()) + "A", WakeReport(wakeId: "w_1", generation: 1), .tokenInvalid),
        ]
        let before = state
        for (token, report, code) in cases {
            let failure = #expect(throws: SubscriptionFailure.self) {
                try state.acknowledge(token: token, report, inputs())
            }
            #expect(failure?.code == code, "\(report)")
            #expect(state == before, "nothing applied")
        }
    }

    @Test("a lease that runs out hands the work to the next claimer; the late worker is fenced")
    @available(OS2023, *)
    func leaseExpiry() throws {
        var state = pullWake(lease: 1_000)
        state.link("events/a", explicit: true, tail: at(0))
        _ = state.streamChanged("events/a", tail: at(10), inputs())
        let (first, _) = try state.claim(worker: "w1", inputs(1_000))
        #expect(state.expireLease(inputs(1_999)).isEmpty && state.wake?.holder == "w1", "not yet")
        let effects = state.expireLease(inputs(2_000, wake: "w_2"))
        #expect(effects.count == 1 && state.generation == 2 && state.wake?.holder == nil)
        let (second, _) = try state.claim(worker: "w2", inputs(2_100))
        #expect(second.generation == 2 && second.wakeId == "w_2")
        let late = WakeReport(
            wakeId: "w_1", generation: 1, acks: [.init(stream: "events/a", offset: at(10).token)], done: true)
        let failure = #expect(throws: SubscriptionFailure.self) {
            try state.acknowledge(token: first.token, late, inputs(2_200))
        }
        #expect(failure?.code == .fenced)
        #expect(state.links["events/a"]?.acked == .zero, "the late ack moved nothing")
        // A claim after the deadline, with no timer having run, takes the expired lease over.
        let (third, _) = try state.claim(worker: "w3", inputs(9_000, wake: "w_3"))
        #expect(third.generation == 3 && state.wake?.holder == "w3")
    }

    @Test("release gives the wake back and wakes pending work again")
    @available(OS2023, *)
    func release() throws {
        var state = pullWake()
        state.link("events/a", explicit: true, tail: at(0))
        _ = state.streamChanged("events/a", tail: at(10), inputs())
        let (grant, _) = try state.claim(worker: "w1", inputs())
        let effects = try state.release(
            token: grant.token, WakeReport(wakeId: "w_1", generation: 1), inputs(wake: "w_2"))
        #expect(effects.count == 1 && state.generation == 2 && state.wake?.holder == nil)
        let failure = #expect(throws: SubscriptionFailure.self) {
            try state.release(token: grant.token, WakeReport(wakeId: "w_1", generation: 1), inputs())
        }
        #expect(failure?.code == .fenced)
    }

    @Test("explicit and glob links: removing the explicit link keeps a matching glob link")
    @available(OS2023, *)
    func membership() {
        var state = pullWake()
        state.link("events/a", explicit: false, tail: at(3))
        state.link("events/a", explicit: true, tail: at(3))
        #expect(state.links["events/a"]?.linkType == "explicit")
        state.unlinkExplicit("events/a")
        #expect(state.links["events/a"]?.linkType == "glob")
        state.link("other/x", explicit: true, tail: at(1))
        state.unlinkExplicit("other/x")
        #expect(state.links["other/x"] == nil)
        state.unlinkExplicit("never/linked")
        state.streamDeleted("events/a")
        #expect(state.links.isEmpty)
    }

    @Test("configurations: checked, normalised, and hashed so reordering streams re-confirms")
    @available(OS2023, *)
    func configurations() throws {
        func parse(_ json: String) throws(SubscriptionFailure) -> SubscriptionConfiguration {
            try SubscriptionConfiguration.parse(Array(json.utf8))
        }
        let first = try parse(#"{"type":"pull-wake","streams":["b","/a/"],"wake_stream":"wake","x":1}"#)
        let second = try parse(#"{"type":"pull-wake","streams":["a","b","a"],"wake_stream":"/wake"}"#)
        #expect(first.streams == ["a", "b"] && first.leaseMilliseconds == 30_000)
        #expect(first.hash == second.hash)
        #expect(
            try parse(#"{"type":"pull-wake","streams":["a"],"wake_stream":"w","lease_ttl_ms":1000}"#).hash != first.hash
        )
        let invalid = [
            "", "[]", "nope", #"{"type":"other","streams":["a"]}"#, #"{"type":"pull-wake","wake_stream":"w"}"#,
            #"{"type":"pull-wake","streams":["a"]}"#, #"{"type":"webhook","streams":["a"]}"#,
            #"{"type":"pull-wake","streams":["a"],"wake_stream":"w","lease_ttl_ms":999}"#,
            #"{"type":"pull-wake","streams":["a"],"wake_stream":"w","lease_ttl_ms":600001}"#,
            #"{"type":"pull-wake","streams":["a"],"wake_stream":"w","lease_ttl_ms":1500.5}"#,
            #"{"type":"pull-wake","streams":["a"],"wake_stream":"w","lease_ttl_ms":"30000"}"#,
            #"{"type":"pull-wake","streams":[""],"wake_stream":"w"}"#,
            #"{"type":"pull-wake","streams":[1],"wake_stream":"w"}"#,
            #"{"type":"pull-wake","streams":"a","wake_stream":"w"}"#,
        ]
        for body in invalid {
            let failure = #expect(throws: SubscriptionFailure.self, "\(body)") { try parse(body) }
            #expect(failure?.code == .invalidRequest)
        }
        let many = (0...SubscriptionConfiguration.maximumStreams).map { "\"s\($0)\"" }.joined(separator: ",")
        let failure = #expect(throws: SubscriptionFailure.self) {
            try parse(#"{"type":"pull-wake","wake_stream":"w","streams":[\#(many)]}"#)
        }
        #expect(failure?.message.contains("at most") == true)
    }

    @Test("callback tokens: genuine ones verify with their wake; any change is refused")
    @available(OS2023, *)
    func callbackTokens() {
        let token = tokens.token(subscription: "sub-1", generation: 4, wakeId: "w_abc")
        #expect(tokens.verify(token, subscription: "sub-1")?.generation == 4)
        #expect(tokens.verify(token, subscription: "sub-1")?.wakeId == "w_abc")
        #expect(tokens.verify(token, subscription: "sub-2") == nil)
        #expect(CallbackTokens(secret: Array(repeating: 8, count: 32)).verify(token, subscription: "sub-1") == nil)
        for forged in ["", "4.w_abc", "5" + token.dropFirst(), token + "x", "x.y.z", "-1.w.abc"] {
            #expect(tokens.verify(forged, subscription: "sub-1") == nil, "\(forged)")
        }
    }
}
