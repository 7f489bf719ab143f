import CourierPrimitives
import Foundation
import Testing

@Suite("HTTP dates")
struct HTTPDateTests {
    /// 1994-11-06 08:49:37 UTC, RFC 9110's example.
    private let example = Date(timeIntervalSince1970: 784_111_777)

    @Test("the three forms RFC 9110 requires recipients to accept name the same instant")
    func threeForms() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == example)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: example) == example)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == example)
        #expect(HTTPDate.parse("Sun Nov 16 08:49:37 1994") == example.addingTimeInterval(10 * 86_400))
        #expect(HTTPDate.parse("  Sun, 06 Nov 1994 08:49:37 GMT  ") == example)
    }

    @Test("formatting writes IMF-fixdate with the right weekday, and parsing reads it back")
    func formatRoundTrips() {
        #expect(HTTPDate.format(example) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
        for seconds in stride(from: -2_000_000_000, through: 4_000_000_000, by: 86_399 * 367) {
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(HTTPDate.parse(HTTPDate.format(date)) == date)
        }
    }

    @Test("an RFC 850 two-digit year more than 50 years ahead is in the previous century")
    func twoDigitYears() throws {
        let now = try #require(HTTPDate.parse("Fri, 27 Nov 2026 00:00:00 GMT"))
        let soon = try #require(HTTPDate.parse("Monday, 01-Jan-74 00:00:00 GMT", now: now))
        #expect(HTTPDate.format(soon) == "Mon, 01 Jan 2074 00:00:00 GMT")
        let past = try #require(HTTPDate.parse("Monday, 01-Jan-77 00:00:00 GMT", now: now))
        #expect(HTTPDate.format(past) == "Sat, 01 Jan 1977 00:00:00 GMT")
    }

    @Test(
        "anything else is not a date",
        arguments: [
            "", "0", "soon", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 29 Feb 1900 00:00:00 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 GMT trailing", "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov  6 08:49:37",
            "Sun, 06 Nov 1994 08:49:37 GMT\r\nX: y",
        ])
    func rejects(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test("leap days parse in leap years only")
    func leapDays() {
        #expect(HTTPDate.parse("Thu, 29 Feb 2024 12:00:00 GMT") != nil)
        #expect(HTTPDate.parse("Tue, 29 Feb 2000 12:00:00 GMT") != nil)
        #expect(HTTPDate.parse("Sat, 29 Feb 2025 12:00:00 GMT") == nil)
    }
}
