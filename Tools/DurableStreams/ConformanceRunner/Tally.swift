/// The run's count of cases by outcome, as upstream's runner keeps it: a skipped case is neither passed nor failed.
@available(OS2023, *)
struct Tally: Equatable {
    private(set) var passed = 0
    /// `suite/case: why`, in the order they failed.
    private(set) var failures: [String] = []
    private(set) var skipped = 0

    /// Counts the outcome of case `name`.
    mutating func record(_ name: String, _ outcome: CaseRunner.Outcome) {
        switch outcome {
        case .passed: passed += 1
        case .failed(let why): failures.append("\(name): \(why)")
        case .skipped: skipped += 1
        }
    }

    /// A failure outside any case (the adapter could not start).
    mutating func recordRunnerFailure(_ why: String) {
        failures.append("runner: \(why)")
    }

    /// The closing line: `N passed, N failed, N skipped`.
    var summary: String { "\(passed) passed, \(failures.count) failed, \(skipped) skipped" }

    /// Whether the run succeeded: nothing failed (skipped cases do not fail it).
    var succeeded: Bool { failures.isEmpty }
}
