/// A position in a stream, as a client sees it: an opaque token that sorts like the position it names.
///
/// Tokens are 16 lower-case hexadecimal digits (`000000000000002a`), so byte-wise comparison of two tokens
/// orders them like the positions. The protocol's sentinels `-1` (start) and `now` (tail) are not offsets;
/// ``ReadStart`` carries them. Any stream store may define what a position counts (the file store counts
/// bytes of its log, framing included); positions only grow.
@available(OS2022, *)
public struct StreamOffset: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The start of every stream.
    public static let zero = StreamOffset(position: 0)

    /// The position this offset names.
    public let position: UInt64

    /// Creates an offset for a position.
    public init(position: UInt64) {
        self.position = position
    }

    /// The reference servers' offset of the start (`0000000000000000_0000000000000000`), which upstream's
    /// conformance suite and clients written against those servers send literally.
    public static let referenceZeroToken = "0000000000000000_0000000000000000"

    /// Parses a token of exactly 16 lower-case hexadecimal digits, or `0` or ``referenceZeroToken`` (the start,
    /// which clients may send); returns `nil` for anything else, so a malformed offset (`abc`) is never taken for
    /// a position.
    public init?(token: some StringProtocol) {
        let utf8 = token.utf8
        if utf8.count == 33, utf8.elementsEqual(Self.referenceZeroToken.utf8) {
            position = 0
            return
        }
        guard utf8.count == 16 || (utf8.count == 1 && utf8.first == UInt8(ascii: "0")) else { return nil }
        var value: UInt64 = 0
        for byte in utf8 {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt64(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        position = value
    }

    /// The canonical token: exactly 16 lower-case hexadecimal digits.
    public var token: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: UInt8(ascii: "0"), count: 16)
        var value = position
        var index = 15
        while value != 0 {
            bytes[index] = digits[Int(value & 0xF)]
            value >>= 4
            index -= 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The canonical token.
    public var description: String { token }

    /// Orders offsets by position.
    public static func < (lhs: StreamOffset, rhs: StreamOffset) -> Bool { lhs.position < rhs.position }
}

/// Where a read starts.
@available(OS2022, *)
public enum ReadStart: Sendable, Hashable {
    /// The first byte of the stream (`offset=-1` or no offset).
    case beginning
    /// An offset previously returned by the server.
    case offset(StreamOffset)
    /// The current tail (`offset=now`): nothing already in the stream is returned.
    case tail
}

/// An offset is coded as its token (`"000000000000002a"`).
@available(OS2022, *)
extension StreamOffset: Codable {
    /// Decodes a token; anything else is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let token = try container.decode(String.self)
        guard let offset = StreamOffset(token: token) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a stream offset: \(token)")
        }
        self = offset
    }

    /// Encodes the token.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(token)
    }
}
