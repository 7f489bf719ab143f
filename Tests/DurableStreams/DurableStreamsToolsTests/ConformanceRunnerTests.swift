import Foundation
import Testing

@testable import durable_streams_conformance

/// The runner's behaviour as upstream's runner defines it: a silent adapter fails its case after the command timeout,
/// a case needing a feature the adapter lacks is skipped and counted so, and a status is checked only when reported.
@Suite("The conformance runner")
@MainActor
struct ConformanceRunnerTests {
    /// A JSON text as a case value.
    @available(OS2023, *)
    static func value(_ json: String) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(json.utf8))
    }

    /// An adapter that reads every command and never answers one (its standard output stays open).
    @available(OS2023, *)
    static func muteAdapter() throws -> AdapterProcess {
        try AdapterProcess(executable: "/bin/sh", arguments: ["-c", "while read -r line; do :; done"], verbose: false)
    }

    @available(OS2023, *)
    static func runner(_ adapter: AdapterProcess, features: Set<String>, timeout: Duration) -> CaseRunner {
        CaseRunner(
            adapter: adapter, server: ServerControl(baseURL: "http://127.0.0.1:9"), features: features,
            commandTimeout: timeout)
    }

    /// `operation`'s result, or `nil` when it has not finished within `limit` (it is then left running), so that a
    /// wait that never ends fails the test instead of hanging the test run.
    static func within<Result: Sendable>(
        _ limit: Duration, _ operation: @escaping @MainActor () async -> Result
    ) async -> Result? {
        let (results, continuation) = AsyncStream<Result?>.makeStream()
        Task { @MainActor in continuation.yield(await operation()) }
        let watchdog = Task {
            try? await Task.sleep(for: limit)
            continuation.yield(nil)
        }
        defer { watchdog.cancel() }
        for await first in results { return first }
        return nil
    }

    @Test("A mute adapter fails the case once --timeout passes instead of hanging the run")
    @available(OS2023, *)
    func muteAdapterTimesOut() async throws {
        let options = try #require(
            Options.parse(["--adapter", "a", "--server", "http://s", "--timeout", "0.5", "cases"]))
        #expect(options.commandTimeout == .milliseconds(500))
        let adapter = try Self.muteAdapter()
        defer { adapter.terminate() }
        let runner = Self.runner(adapter, features: ["json"], timeout: options.commandTimeout)
        let test = try Self.value(
            #"{"id":"silent","operations":[{"action":"append","path":"/s","data":"x","expect":{"success":true}}]}"#)
        let clock = ContinuousClock()
        let started = clock.now
        let finished = await Self.within(.seconds(30)) { await runner.run(test, suiteRequires: []) }
        let elapsed = clock.now - started
        guard let outcome = finished else {
            Issue.record("the case still waits for the adapter 30 s after a 0.5 s timeout")
            return
        }
        guard case .failed(let why) = outcome else {
            Issue.record("a case whose command is never answered must fail, got \(outcome)")
            return
        }
        #expect(why.contains("gave no result for append"))
        #expect(runner.adapterLost, "the driver restarts a silent adapter")
        #expect(elapsed >= .milliseconds(500))
    }

    @Test("A timed-out command's late answer goes to no later command")
    @available(OS2023, *)
    func lateAnswerIsDropped() throws {
        var queue = ResultQueue<String, Int>()
        let sentFirst = queue.send()
        let first = try #require(sentFirst)
        #expect(ResultQueueTests.resumed(queue.wait(for: first, 1)).isEmpty)
        #expect(ResultQueueTests.resumed(queue.abandon(first, with: "timed out")) == [1: "timed out"])
        let sentSecond = queue.send()
        let second = try #require(sentSecond)
        #expect(ResultQueueTests.resumed(queue.answer("late")).isEmpty, "the first command's answer is dropped")
        #expect(ResultQueueTests.resumed(queue.answer("second")).isEmpty)
        #expect(ResultQueueTests.resumed(queue.wait(for: second, 2)) == [2: "second"])
    }

    @Test("A case needing a feature the adapter lacks is skipped without a command, and counted as skipped")
    @available(OS2023, *)
    func missingFeatureSkips() async throws {
        let adapter = try Self.muteAdapter()
        defer { adapter.terminate() }
        let runner = Self.runner(adapter, features: ["json", "longPoll"], timeout: .seconds(30))
        let operations = #""operations":[{"action":"read","path":"/s","live":"sse"}]"#
        let byCase = try Self.value(#"{"id":"a","requires":["sse"],"# + operations + "}")
        let bySuite = try Self.value(#"{"id":"b","# + operations + "}")
        let marked = try Self.value(#"{"id":"c","skip":"known client gap","# + operations + "}")
        let runs = try Self.value(#"{"id":"d","requires":["long-poll"],"operations":[]}"#)

        var tally = Tally()
        let outcomes = [
            ("s/a", await runner.run(byCase, suiteRequires: [])),
            ("s/b", await runner.run(bySuite, suiteRequires: ["sse", "batching"])),
            ("s/c", await runner.run(marked, suiteRequires: [])),
            ("s/d", await runner.run(runs, suiteRequires: [])),
        ]
        for (name, outcome) in outcomes { tally.record(name, outcome) }
        #expect(outcomes[0].1 == .skipped("missing features: sse"))
        #expect(outcomes[1].1 == .skipped("missing features: sse, batching"))
        #expect(outcomes[2].1 == .skipped("known client gap"))
        #expect(outcomes[3].1 == .passed, "long-poll maps to the adapter's longPoll feature")
        #expect(tally.summary == "1 passed, 0 failed, 3 skipped")
        #expect(tally.succeeded)
        #expect(!runner.adapterLost, "a skipped case sends the adapter nothing (a mute one would time out)")
        tally.record("s/e", .failed("expected status 200"))
        #expect(tally.summary == "1 passed, 1 failed, 3 skipped")
        #expect(!tally.succeeded)
    }

    @Test("A status the adapter did not report is not checked; one it reported is")
    @available(OS2023, *)
    func statusOnlyWhenReported() throws {
        let expect = try Self.value(#"{"status":201,"success":true}"#)
        let withoutStatus = try Self.value(#"{"type":"create","success":true}"#)
        #expect(Expectations.check(withoutStatus, against: expect) == nil)
        let matching = try Self.value(#"{"type":"create","success":true,"status":201}"#)
        #expect(Expectations.check(matching, against: expect) == nil)
        let other = try Self.value(#"{"type":"create","success":true,"status":200}"#)
        #expect(Expectations.check(other, against: expect) != nil)
    }

    @Test("--timeout takes positive seconds; anything else is a usage error")
    @available(OS2023, *)
    func timeoutOption() {
        let base = ["--adapter", "a", "--server", "http://s", "cases"]
        #expect(Options.parse(base)?.commandTimeout == .seconds(60))
        #expect(Options.parse(base + ["--timeout", "5"])?.commandTimeout == .seconds(5))
        #expect(Options.parse(base + ["--timeout", "0"]) == nil)
        #expect(Options.parse(base + ["--timeout", "soon"]) == nil)
    }

    @Test("The fault-injection options split the cases between a server without faults and one with them")
    @available(OS2023, *)
    func faultPasses() throws {
        let injecting = try Self.value(
            #"{"id":"retry","setup":[{"action":"inject-error","path":"/s","status":503}],"operations":[]}"#)
        let plain = try Self.value(#"{"id":"plain","operations":[{"action":"read","path":"/s"}]}"#)
        let base = ["--adapter", "a", "--server", "http://s", "cases"]
        let all = try #require(Options.parse(base))
        let without = try #require(Options.parse(base + ["--without-fault-injection"]))
        let only = try #require(Options.parse(base + ["--only-fault-injection"]))
        #expect(all.selects(injecting, suite: "s") && all.selects(plain, suite: "s"))
        #expect(!without.selects(injecting, suite: "s") && without.selects(plain, suite: "s"))
        #expect(only.selects(injecting, suite: "s") && !only.selects(plain, suite: "s"))
        #expect(Options.parse(base + ["--without-fault-injection", "--only-fault-injection"]) == nil)
    }
}
