import CourierPrimitives

/// The name of a mailbox in a wormhole: messages are sent to, stored under and listened for by identifier.
///
/// Any non-empty string is a valid identifier. Before an identifier becomes a file or notification name it is
/// escaped (see ``fileSystemName()``), so identifiers such as `"../secrets"` or `"a/b"` can never reach outside
/// the wormhole's directory, and two different identifiers never share a file.
@available(OS2021, *)
public struct MessageIdentifier: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The identifier as given.
    public let rawValue: String

    /// Creates an identifier from a string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a string.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The identifier as given.
    public var description: String { rawValue }

    /// Orders identifiers by their raw value.
    public static func < (lhs: MessageIdentifier, rhs: MessageIdentifier) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The longest escaped name accepted, leaving room for suffixes within the usual 255-byte file-name limit.
    public static let maximumFileSystemNameLength = 200

    /// The escaped form used for file and notification names.
    ///
    /// ASCII letters, digits, `-`, `_` and `.` are kept (a leading `.` is escaped, so no name is hidden or
    /// refers to a parent directory); every other UTF-8 byte becomes `%XX` (upper-case hex). The mapping is
    /// one-to-one and reversible with ``init(fileSystemName:)``.
    ///
    /// - Throws: ``WormholeError/invalidIdentifier(_:reason:)`` if the identifier is empty or its escaped form
    ///   is longer than ``maximumFileSystemNameLength``.
    public func fileSystemName() throws(WormholeError) -> String {
        guard !rawValue.isEmpty else {
            throw .invalidIdentifier(rawValue, reason: "an identifier must not be empty")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rawValue.utf8.count)
        for (index, byte) in rawValue.utf8.enumerated() {
            if Self.isKept(byte) && !(index == 0 && byte == UInt8(ascii: ".")) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(ASCIIHex.uppercaseDigit(byte >> 4))
                bytes.append(ASCIIHex.uppercaseDigit(byte & 0x0F))
            }
            if bytes.count > Self.maximumFileSystemNameLength {
                throw .invalidIdentifier(
                    rawValue,
                    reason: "the escaped identifier is longer than \(Self.maximumFileSystemNameLength) bytes"
                )
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Recovers an identifier from its escaped form; `nil` if `name` is not a name ``fileSystemName()`` produces.
    public init?(fileSystemName name: String) {
        var bytes: [UInt8] = []
        var iterator = name.utf8.makeIterator()
        var first = true
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(ASCIIHex.value(ofUppercase:)),
                    let low = iterator.next().flatMap(ASCIIHex.value(ofUppercase:))
                else { return nil }
                let decoded = high << 4 | low
                // Reject non-canonical escapes so the mapping stays one-to-one.
                if Self.isKept(decoded) && !(first && decoded == UInt8(ascii: ".")) { return nil }
                bytes.append(decoded)
            } else {
                guard Self.isKept(byte), !(first && byte == UInt8(ascii: ".")) else { return nil }
                bytes.append(byte)
            }
            first = false
        }
        // Invalid UTF-8 would be repaired by `String(decoding:)`; a repaired string is not what was escaped.
        let text = String(decoding: bytes, as: UTF8.self)
        guard !bytes.isEmpty, text.utf8.elementsEqual(bytes) else { return nil }
        self.rawValue = text
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }
}
