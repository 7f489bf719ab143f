import Foundation

/// The subset of CBOR (RFC 8949) WebAuthn uses: integers, byte and text strings, arrays and maps, definite
/// lengths only. Decoding checks every length against the input, so hostile bytes give an error, never a trap.
@available(OS2023, *)
enum CBOR: Sendable, Equatable {
    case int(Int64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    /// Pairs in order (COSE keys and attestation objects are small).
    case map([Pair])

    struct Pair: Sendable, Equatable {
        var key: CBOR
        var value: CBOR
    }

    struct DecodingError: Error, Equatable {
        var reason: String
    }

    /// The value for `key` in a map.
    subscript(key: CBOR) -> CBOR? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    // MARK: Encoding

    /// The canonical encoding.
    var encoded: [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .int(let value) where value >= 0: Self.head(0, UInt64(value), &output)
        case .int(let value): Self.head(1, UInt64(-1 - value), &output)
        case .bytes(let bytes):
            Self.head(2, UInt64(bytes.count), &output)
            output += bytes
        case .text(let text):
            Self.head(3, UInt64(text.utf8.count), &output)
            output += Array(text.utf8)
        case .array(let items):
            Self.head(4, UInt64(items.count), &output)
            for item in items { item.write(to: &output) }
        case .map(let pairs):
            Self.head(5, UInt64(pairs.count), &output)
            for pair in pairs {
                pair.key.write(to: &output)
                pair.value.write(to: &output)
            }
        }
    }

    private static func head(_ major: UInt8, _ value: UInt64, _ output: inout [UInt8]) {
        let type = major << 5
        switch value {
        case 0..<24: output.append(type | UInt8(value))
        case 24..<0x100: output += [type | 24, UInt8(value)]
        case 0x100..<0x1_0000: output += [type | 25] + bigEndian(value, 2)
        case 0x1_0000..<0x1_0000_0000: output += [type | 26] + bigEndian(value, 4)
        default: output += [type | 27] + bigEndian(value, 8)
        }
    }

    private static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }

    // MARK: Decoding

    /// Decodes one item from the start of `bytes`; returns it and how many bytes it took.
    static func decode(_ bytes: [UInt8], at start: Int = 0) throws(DecodingError) -> (CBOR, Int) {
        var cursor = start
        let value = try item(bytes, &cursor, depth: 0)
        return (value, cursor - start)
    }

    /// Decodes `bytes`, which must hold exactly one item.
    static func decodeWhole(_ bytes: [UInt8]) throws(DecodingError) -> CBOR {
        let (value, length) = try decode(bytes)
        guard length == bytes.count else { throw DecodingError(reason: "bytes after the CBOR item") }
        return value
    }

    private static func item(_ bytes: [UInt8], _ cursor: inout Int, depth: Int) throws(DecodingError) -> CBOR {
        guard depth < 16 else { throw DecodingError(reason: "nested too deeply") }
        guard cursor < bytes.count else { throw DecodingError(reason: "truncated") }
        let initial = bytes[cursor]
        cursor += 1
        let major = initial >> 5
        let argument = try length(initial & 0x1F, bytes, &cursor)
        switch major {
        case 0:
            guard argument <= UInt64(Int64.max) else { throw DecodingError(reason: "integer out of range") }
            return .int(Int64(argument))
        case 1:
            guard argument <= UInt64(Int64.max) else { throw DecodingError(reason: "integer out of range") }
            return .int(-1 - Int64(argument))
        case 2, 3:
            guard argument <= UInt64(bytes.count - cursor) else { throw DecodingError(reason: "truncated string") }
            let slice = Array(bytes[cursor..<(cursor + Int(argument))])
            cursor += Int(argument)
            if major == 2 { return .bytes(slice) }
            guard let text = String(bytes: slice, encoding: .utf8) else {
                throw DecodingError(reason: "text that is not UTF-8")
            }
            return .text(text)
        case 4:
            guard argument <= UInt64(bytes.count - cursor) else { throw DecodingError(reason: "truncated array") }
            var items: [CBOR] = []
            for _ in 0..<argument { items.append(try item(bytes, &cursor, depth: depth + 1)) }
            return .array(items)
        case 5:
            guard argument <= UInt64(bytes.count - cursor) / 2 else { throw DecodingError(reason: "truncated map") }
            var pairs: [Pair] = []
            for _ in 0..<argument {
                let key = try item(bytes, &cursor, depth: depth + 1)
                pairs.append(Pair(key: key, value: try item(bytes, &cursor, depth: depth + 1)))
            }
            return .map(pairs)
        default:
            throw DecodingError(reason: "major type \(major) is not used by WebAuthn")
        }
    }

    private static func length(_ info: UInt8, _ bytes: [UInt8], _ cursor: inout Int) throws(DecodingError) -> UInt64 {
        let count: Int
        switch info {
        case 0..<24: return UInt64(info)
        case 24: count = 1
        case 25: count = 2
        case 26: count = 4
        case 27: count = 8
        default: throw DecodingError(reason: "indefinite or reserved length")
        }
        guard count <= bytes.count - cursor else { throw DecodingError(reason: "truncated length") }
        var value: UInt64 = 0
        for byte in bytes[cursor..<(cursor + count)] { value = value << 8 | UInt64(byte) }
        cursor += count
        return value
    }
}
