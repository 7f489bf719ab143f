import DurableStreamsStorage
import Foundation
import Testing

@Suite("Retention rules")
struct RetentionRulesTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Every combination: no limit or a limit of each kind; an oldest append younger than, exactly at, and older
    /// than the maximum age; a stream keeping fewer, exactly, and more bytes than the maximum; the oldest append
    /// the newest one or not.
    @Test("The verdict on the oldest append, for every combination of policy, age, size and position")
    @available(OS2023, *)
    func verdictTable() {
        let maxAge: UInt64 = 10
        let maxBytes: UInt64 = 100
        var cases = 0
        for ageLimit in [nil, maxAge] {
            for byteLimit in [nil, maxBytes] {
                for age in [9.0, 10.0, 11.0] {
                    for kept in [maxBytes - 1, maxBytes, maxBytes + 1] {
                        for isNewest in [true, false] {
                            let tail: UInt64 = 1_000
                            let start = tail - kept
                            let end = isNewest ? tail : start + 1
                            let oldest = RetentionRules.Append(
                                start: start, end: end, appendedAt: Self.now.addingTimeInterval(-age))
                            let policy = StreamRetention(maxAge: ageLimit, maxBytes: byteLimit)
                            let expected: RetentionRules.Verdict =
                                if ageLimit != nil && age >= Double(maxAge) {
                                    .dropForAge
                                } else if byteLimit != nil && kept > maxBytes && !isNewest {
                                    .dropForBytes
                                } else {
                                    .keep
                                }
                            let verdict = RetentionRules.verdict(
                                oldest: oldest, tail: tail, policy: policy, now: Self.now)
                            #expect(
                                verdict == expected,
                                "age limit \(String(describing: ageLimit)), byte limit \(String(describing: byteLimit)), age \(age), kept \(kept), newest \(isNewest)"
                            )
                            cases += 1
                        }
                    }
                }
            }
        }
        #expect(cases == 72)
    }

    @Test("A pass drops oldest appends while the verdict says so, stops at the first kept, and within its budget")
    @available(OS2023, *)
    func pass() {
        // Five appends of 10 bytes: [0,10) … [40,50), made 50, 40, 30, 20 and 10 seconds ago.
        func appends(_ start: UInt64) -> RetentionRules.Append? {
            guard start % 10 == 0, start < 50 else { return nil }
            return .init(start: start, end: start + 10, appendedAt: Self.now.addingTimeInterval(-Double(50 - start)))
        }
        let byAge = RetentionRules.pass(
            from: 0, tail: 50, policy: .init(maxAge: 25), now: Self.now, budget: 100, appends: appends)
        #expect(byAge.start == 30 && byAge.dropped == 3)
        let bySize = RetentionRules.pass(
            from: 0, tail: 50, policy: .init(maxBytes: 15), now: Self.now, budget: 100, appends: appends)
        #expect(bySize.start == 40 && bySize.dropped == 4, "the newest append is kept, however small the limit")
        let everything = RetentionRules.pass(
            from: 0, tail: 50, policy: .init(maxAge: 5), now: Self.now, budget: 100, appends: appends)
        #expect(everything.start == 50 && everything.dropped == 5, "by age, even the newest append goes")
        let bounded = RetentionRules.pass(
            from: 0, tail: 50, policy: .init(maxAge: 5), now: Self.now, budget: 2, appends: appends)
        #expect(bounded.start == 20 && bounded.dropped == 2)
        let resumed = RetentionRules.pass(
            from: bounded.start, tail: 50, policy: .init(maxAge: 5), now: Self.now, budget: 2, appends: appends)
        #expect(resumed.start == 40)
        let none = RetentionRules.pass(from: 0, tail: 50, policy: .none, now: Self.now, budget: 100, appends: appends)
        #expect(none.start == 0 && none.dropped == 0)
        let unknown = RetentionRules.pass(
            from: 5, tail: 50, policy: .init(maxAge: 5), now: Self.now, budget: 100, appends: appends)
        #expect(unknown.start == 5, "a start that is no append's start is left alone")
    }
}
