import Foundation

/// When a stream's appends were made, to the second: one mark per second in which the stream was appended to,
/// holding the end of the last append of that second. An append's time is the end of its second, so retention
/// by age may keep an append up to a second longer than asked, never shorter.
@available(OS2022, *)
struct AppendTimes: Sendable, Equatable {
    struct Mark: Sendable, Equatable {
        /// The offset after the last append of the second.
        var end: UInt64
        /// The second (since 1970), rounded down.
        var second: Int64
    }

    private(set) var marks: [Mark] = []

    /// Records appends up to `end` made at `time`.
    mutating func record(end: UInt64, at time: Date) {
        let second = Int64(time.timeIntervalSince1970.rounded(.down))
        if let last = marks.last, last.second >= second {
            marks[marks.count - 1].end = max(last.end, end)
        } else {
            marks.append(Mark(end: end, second: second))
        }
    }

    /// When the append ending at or after `end` was made, at the latest; `nil` when no mark covers it.
    func latestTime(ofAppendEndingAt end: UInt64) -> Date? {
        var low = 0
        var high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if marks[middle].end < end { low = middle + 1 } else { high = middle }
        }
        guard low < marks.count else { return nil }
        return Date(timeIntervalSince1970: Double(marks[low].second + 1))
    }

    /// Forgets the marks of appends that end at or before `start` (they were dropped).
    mutating func forget(upTo start: UInt64) {
        let count = marks.prefix { $0.end <= start }.count
        if count > 0 { marks.removeFirst(count) }
    }
}
