import Foundation

/// Which pass of `scripts/test` is running. Suites that load the whole machine on purpose (tens of thousands of
/// streams, a 100,000-stream data directory) run in a second pass of their own, after the parallel suite, so that
/// neither starves the other of its two cores: mark them `.enabled(if: TestPass.isHeavy)` and add them to
/// `scripts/test`'s heavy filter. So do the few suites that run documentation code verbatim: that code cannot pass a
/// timeout, so it waits as long as the library's defaults (a live reply: 10 s), which a starved parallel pass can exceed.
public enum TestPass {
    /// Whether this is the heavy pass (`COURIER_TEST_PASS=heavy`).
    public static var isHeavy: Bool { ProcessInfo.processInfo.environment["COURIER_TEST_PASS"] == "heavy" }
}
