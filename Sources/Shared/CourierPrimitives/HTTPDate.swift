package import Foundation

/// HTTP dates (RFC 9110 §5.6.7), as in `Date`, `Retry-After` and `Expires`.
///
/// Parsing accepts the three forms a recipient must accept: the preferred IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`, two-digit years
/// read as the nearest century that is not more than 50 years ahead) and asctime (`Sun Nov  6 08:49:37 1994`).
/// Formatting always writes IMF-fixdate.
package enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let shortDays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let longDays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The instant an HTTP date names, or `nil` if `text` is not one (out-of-range fields included).
    package static func parse(_ text: String, now: Date = Date()) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        scanner.skipSpaces()
        if let weekday = scanner.word(), scanner.take(",") {
            scanner.skipSpaces()
            if shortDays.contains(weekday) {
                // IMF-fixdate: 06 Nov 1994 08:49:37 GMT
                guard let day = scanner.number(2), scanner.take(" "), let month = scanner.month(), scanner.take(" "),
                    let year = scanner.number(4), scanner.take(" ")
                else { return nil }
                return finish(&scanner, year: year, month: month, day: day)
            }
            guard longDays.contains(weekday), let day = scanner.number(2), scanner.take("-"),
                let month = scanner.month(), scanner.take("-"), let shortYear = scanner.number(2), scanner.take(" ")
            else { return nil }
            return finish(&scanner, year: rfc850Year(shortYear, now: now), month: month, day: day)
        }
        // asctime: Sun Nov  6 08:49:37 1994
        scanner = Scanner(Array(text.utf8))
        scanner.skipSpaces()
        guard let weekday = scanner.word(), shortDays.contains(weekday), scanner.take(" "), let month = scanner.month(),
            scanner.take(" ")
        else { return nil }
        _ = scanner.take(" ")
        guard let day = scanner.number(1...2), scanner.take(" "), let time = scanner.time(), scanner.take(" "),
            let year = scanner.number(4)
        else { return nil }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        return instant(year: year, month: month, day: day, time: time)
    }

    /// `date` as an IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` (fractions of a second are dropped).
    package static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let secondsOfDay = ((total % 86_400) + 86_400) % 86_400
        let days = (total - secondsOfDay) / 86_400
        let (year, month, day) = CivilCalendar.date(days: days)
        func pad(_ value: Int, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let time = "\(pad(secondsOfDay / 3600)):\(pad(secondsOfDay / 60 % 60)):\(pad(secondsOfDay % 60))"
        return "\(shortDays[CivilCalendar.weekday(days: days)]), \(pad(day)) \(months[month - 1]) \(pad(year, 4)) "
            + "\(time) GMT"
    }

    private static func finish(_ scanner: inout Scanner, year: Int, month: Int, day: Int) -> Date? {
        guard let time = scanner.time(), scanner.take(" "), scanner.word() == "GMT" else { return nil }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        return instant(year: year, month: month, day: day, time: time)
    }

    private static func instant(year: Int, month: Int, day: Int, time: (Int, Int, Int)) -> Date? {
        let (hour, minute, second) = time
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year), hour < 24,
            minute < 60, second <= 60
        else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// RFC 9110: a two-digit year more than 50 years in the future is in the previous century.
    private static func rfc850Year(_ shortYear: Int, now: Date) -> Int {
        let days = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        let current = CivilCalendar.date(days: days).year
        var year = current - current % 100 + shortYear
        if year > current + 50 { year -= 100 }
        return year
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// A run of ASCII letters.
        mutating func word() -> String? {
            let start = index
            while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"),
                (bytes[index] | 0x20) <= UInt8(ascii: "z")
            {
                index += 1
            }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        mutating func month() -> Int? {
            guard let name = word(), let position = HTTPDate.months.firstIndex(of: name) else { return nil }
            return position + 1
        }

        mutating func number(_ width: Int) -> Int? { number(width...width) }

        mutating func number(_ widths: ClosedRange<Int>) -> Int? {
            var value = 0
            let start = index
            while index < bytes.count, index - start < widths.upperBound, bytes[index] >= UInt8(ascii: "0"),
                bytes[index] <= UInt8(ascii: "9")
            {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return widths.contains(index - start) ? value : nil
        }

        mutating func time() -> (Int, Int, Int)? {
            guard let hour = number(2), take(":"), let minute = number(2), take(":"), let second = number(2) else {
                return nil
            }
            return (hour, minute, second)
        }
    }
}
