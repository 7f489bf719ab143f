/// A position in a durable stream.
///
/// Offsets are opaque tokens minted by the server. They sort lexicographically, so two offsets of the same
/// stream can be compared to tell which comes first. Two sentinels exist: ``start`` (the beginning of the
/// stream) and ``now`` (the current tail: only data appended later is read).
public struct Offset: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The token as sent on the wire.
    public let rawValue: String

    /// The beginning of the stream: every message is read.
    public static let start = Offset(rawValue: "-1")

    /// The current tail: only messages appended after the read starts are read.
    public static let now = Offset(rawValue: "now")

    /// Creates an offset from a token, typically one returned by an earlier read.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Whether this is one of the sentinels ``start`` or ``now`` rather than a server-minted token.
    public var isSentinel: Bool { rawValue == "-1" || rawValue == "now" }

    /// Compares two offsets lexicographically (byte-wise), as the protocol defines.
    public static func < (lhs: Offset, rhs: Offset) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    /// The token.
    public var description: String { rawValue }

    /// Decodes an offset from a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the offset as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
