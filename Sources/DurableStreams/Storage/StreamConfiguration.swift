import CourierPrimitives
public import Foundation

/// What a stream is created with, and what an idempotent re-create must match.
@available(OS2022, *)
public struct StreamConfiguration: Sendable, Equatable {
    /// The content type as the creator sent it (for example `text/plain; charset=utf-8`).
    public var contentType: String

    /// When the stream expires.
    public var expiry: StreamExpiry

    /// How much of the stream is kept (everything by default).
    public var retention: StreamRetention = .none

    /// Creates a configuration.
    /// - Parameters:
    ///   - contentType: The stream's content type; `application/octet-stream` when the creator sent none.
    ///   - expiry: When the stream expires; never by default.
    public init(contentType: String = "application/octet-stream", expiry: StreamExpiry = .never) {
        self.contentType = contentType
        self.expiry = expiry
    }

    /// The media type: the content type without parameters, lower-cased (`text/plain`).
    public var mediaType: String { Self.mediaType(of: contentType) }

    /// Whether the stream is in JSON mode (`application/json`): message boundaries are kept.
    public var isJSON: Bool { mediaType == "application/json" }

    /// Whether SSE carries the stream's bytes as text (`text/*` and `application/json`) rather than base64.
    public var isTextual: Bool { isJSON || mediaType.hasPrefix("text/") }

    /// Whether two configurations are the same for an idempotent create: same media type, expiry and retention.
    public func matches(_ other: StreamConfiguration) -> Bool {
        mediaType == other.mediaType && expiry == other.expiry && retention == other.retention
    }

    /// The media type of a content-type header value: the part before `;`, trimmed and lower-cased.
    public static func mediaType(of contentType: String) -> String {
        let type = contentType[..<(contentType.firstIndex(of: ";") ?? contentType.endIndex)]
        return HeaderText.folded(type)
    }
}

/// When a stream expires.
@available(OS2022, *)
public enum StreamExpiry: Sendable, Equatable {
    /// Never.
    case never
    /// After this many seconds without a read or an append (`Stream-TTL`); `HEAD` does not count.
    case timeToLive(seconds: UInt64)
    /// At an instant (`Stream-Expires-At`), whatever the stream's use.
    case expiresAt(StreamTimestamp)
}

/// An absolute instant as a client wrote it (RFC 3339), compared by the instant it names.
@available(OS2022, *)
public struct StreamTimestamp: Sendable, Equatable {
    /// The instant.
    public let date: Date
    /// The text the client sent, echoed back in `Stream-Expires-At`.
    public let text: String

    /// Parses an RFC 3339 date-time such as `2025-01-01T12:00:00.5Z` or `2025-01-01T13:00:00+01:00`.
    ///
    /// Returns `nil` for anything else, including out-of-range fields.
    public init?(rfc3339 text: String) {
        guard let date = RFC3339.parse(text) else { return nil }
        self.date = date
        self.text = text
    }

    /// Creates a timestamp for an instant, rendered in UTC with milliseconds.
    public init(date: Date) {
        let text = RFC3339.format(date)
        self.date = RFC3339.parse(text) ?? date
        self.text = text
    }

    /// Two timestamps are equal when they name the same instant.
    public static func == (lhs: StreamTimestamp, rhs: StreamTimestamp) -> Bool { lhs.date == rhs.date }
}

/// A strict RFC 3339 `date-time` parser and formatter (no Foundation formatter: those accept more than the
/// grammar allows and differ between platforms).
@available(OS2022, *)
enum RFC3339 {
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + width] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += width
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect("Tt"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
            let second = number(2)
        else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits: UInt64 = 0
            var scale = 1.0
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                if index - start < 18 {
                    digits = digits * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
                    scale *= 10
                }
                index += 1
            }
            guard index > start else { return nil }
            fraction = Double(digits) / scale
        }
        var offsetSeconds = 0
        if expect("Zz") {
            offsetSeconds = 0
        } else {
            guard index < bytes.count else { return nil }
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard expect("+-"), let offsetHour = number(2), expect(":"), let offsetMinute = number(2),
                offsetHour < 24, offsetMinute < 60
            else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        }
        guard index == bytes.count, (1...12).contains(month), day >= 1,
            day <= CivilCalendar.daysIn(month: month, year: year),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    static func format(_ date: Date) -> String {
        let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let milliseconds = Int(((totalMilliseconds % 1000) + 1000) % 1000)
        let totalSeconds = (totalMilliseconds - Int64(milliseconds)) / 1000
        let secondsOfDay = Int(((totalSeconds % 86_400) + 86_400) % 86_400)
        let days = Int((totalSeconds - Int64(secondsOfDay)) / 86_400)
        let (year, month, day) = CivilCalendar.date(days: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondsOfDay / 3600, 2)):"
            + "\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2)).\(pad(milliseconds, 3))Z"
    }
}
