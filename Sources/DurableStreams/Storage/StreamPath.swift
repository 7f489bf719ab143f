import CourierPrimitives

/// The name of a stream: the path part of its URL, validated and normalised.
///
/// Paths are compared after RFC 3986 normalisation: percent-encoded unreserved characters are decoded
/// (`/a%62c` names the same stream as `/abc`) and the remaining escapes are upper-cased. A path is refused
/// when it could name a file outside the stream namespace or mean different things to different proxies:
/// `.` and `..` segments (also when percent-encoded), empty segments, encoded control characters, characters
/// outside RFC 3986 `pchar`, and paths longer than ``maximumLength`` bytes.
@available(OS2022, *)
public struct StreamPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The longest accepted path, in bytes after normalisation.
    public static let maximumLength = 1024

    /// The normalised path, always starting with `/`.
    public let value: String

    /// The path's segments (between the slashes), still percent-encoded where needed.
    public var segments: [Substring] { value.dropFirst().split(separator: "/", omittingEmptySubsequences: false) }

    /// The normalised path.
    public var description: String { value }

    /// Validates and normalises a raw request path such as `/v1/stream/orders`.
    ///
    /// - Parameter raw: The path as it appeared in the request target, without the query.
    /// - Throws: ``StreamStorageError`` with the code ``StreamStorageError/Code/invalidPath`` and a message naming
    ///   the first problem found.
    public init(validating raw: some StringProtocol) throws(StreamStorageError) {
        let bytes = Array(raw.utf8)
        guard bytes.first == UInt8(ascii: "/") else {
            throw StreamStorageError(.invalidPath, "a stream path must start with '/'")
        }
        guard bytes.count <= Self.maximumLength * 3 else {
            throw StreamStorageError(.invalidPath, "a stream path must be at most \(Self.maximumLength) bytes")
        }
        var normalised: [UInt8] = []
        normalised.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = ASCIIHex.value(of: bytes[index + 1]),
                    let low = ASCIIHex.value(of: bytes[index + 2])
                else { throw StreamStorageError(.invalidPath, "a stream path contains a malformed percent-escape") }
                let decoded = high << 4 | low
                if decoded < 0x20 || decoded == 0x7F {
                    throw StreamStorageError(.invalidPath, "a stream path must not contain control characters")
                }
                if Self.isUnreserved(decoded) {
                    normalised.append(decoded)
                } else {
                    normalised.append(contentsOf: [
                        UInt8(ascii: "%"), ASCIIHex.uppercaseDigit(high), ASCIIHex.uppercaseDigit(low),
                    ])
                }
                index += 3
                continue
            }
            guard Self.isPathCharacter(byte) else {
                throw StreamStorageError(
                    .invalidPath, "a stream path must not contain the byte 0x\(String(byte, radix: 16))")
            }
            normalised.append(byte)
            index += 1
        }
        guard normalised.count <= Self.maximumLength else {
            throw StreamStorageError(.invalidPath, "a stream path must be at most \(Self.maximumLength) bytes")
        }
        let segments = normalised.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for segment in segments {
            if segment.isEmpty {
                throw StreamStorageError(.invalidPath, "a stream path must not contain empty segments")
            }
            if segment.elementsEqual([UInt8(ascii: ".")])
                || segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
            {
                let name = String(decoding: segment, as: UTF8.self)
                throw StreamStorageError(
                    .invalidPath, "a stream path must not contain a '\(name)' segment (no '.' or '..' segments)")
            }
        }
        value = String(decoding: normalised, as: UTF8.self)
    }

    /// Orders paths by their normalised text.
    public static func < (lhs: StreamPath, rhs: StreamPath) -> Bool { lhs.value < rhs.value }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// RFC 3986 `pchar` (less `%`, handled by the caller) plus `/`.
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        if isUnreserved(byte) { return true }
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
            UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}

/// Why a request path does not name a stream: a ``StreamStorageError`` with the code
/// ``StreamStorageError/Code/invalidPath`` (the family's one error type).
@available(OS2022, *)
@available(*, deprecated, renamed: "StreamStorageError")
public typealias StreamPathError = StreamStorageError
