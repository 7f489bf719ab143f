import Foundation
import Testing

@testable import DurableStreamsStorage

@Suite("Append times")
struct AppendTimesTests {
    @Test("Appends of one second share a mark; an append's time is the end of its second, never earlier")
    @available(OS2023, *)
    func marks() {
        var times = AppendTimes()
        let base = Date(timeIntervalSince1970: 1_000)
        times.record(end: 10, at: base.addingTimeInterval(0.2))
        times.record(end: 20, at: base.addingTimeInterval(0.9))
        times.record(end: 30, at: base.addingTimeInterval(1.5))
        #expect(times.marks.count == 2)
        #expect(times.latestTime(ofAppendEndingAt: 10) == base.addingTimeInterval(1))
        #expect(times.latestTime(ofAppendEndingAt: 20) == base.addingTimeInterval(1))
        #expect(times.latestTime(ofAppendEndingAt: 30) == base.addingTimeInterval(2))
        #expect(times.latestTime(ofAppendEndingAt: 31) == nil)
        times.forget(upTo: 20)
        #expect(times.marks == [AppendTimes.Mark(end: 30, second: 1_001)])
        times.record(end: 40, at: base.addingTimeInterval(0.5))
        #expect(times.marks.count == 1, "a clock that steps back never creates an earlier mark")
        #expect(times.latestTime(ofAppendEndingAt: 40) == base.addingTimeInterval(2))
    }
}
