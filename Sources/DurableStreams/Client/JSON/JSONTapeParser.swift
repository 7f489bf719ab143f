import CourierPrimitives
import Foundation

/// Parses a JSON document (RFC 8259, strictly) into a ``JSONTape``.
///
/// Strict means: no trailing commas, no leading zeros, no control characters or invalid UTF-8 in strings, no lone
/// surrogate escapes, nothing but whitespace after the value, and at most ``maximumDepth`` nested containers. A
/// document it refuses is not necessarily invalid for every decoder: the caller hands such a document to
/// Foundation's `JSONDecoder`, which decides.
struct JSONTapeParser {
    static let maximumDepth = 500

    /// The tape of `data`, or `nil` if it is not one strict JSON value.
    static func parse(_ data: Data) -> JSONTape? {
        guard UInt64(data.count) < UInt64(UInt32.max) else { return nil }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: data.count)
        _ = data.copyBytes(to: bytes)
        var parser = JSONTapeParser(buffer: UnsafeBufferPointer(bytes))
        guard parser.value(depth: 0) else {
            bytes.deallocate()
            return nil
        }
        parser.skipWhitespace()
        guard parser.position == bytes.count else {
            bytes.deallocate()
            return nil
        }
        return JSONTape(bytes: bytes, entries: parser.entries)
    }

    private let buffer: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var entries: [JSONTape.Entry] = []

    private init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
        entries.reserveCapacity(buffer.count / 16 + 1)
    }

    @inline(__always)
    private var peek: UInt8 {
        position < buffer.count ? buffer[position] : 0
    }

    private mutating func skipWhitespace() {
        while position < buffer.count {
            switch buffer[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> Bool {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: "{"): return container(depth: depth, kind: .object)
        case UInt8(ascii: "["): return container(depth: depth, kind: .array)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true", .true)
        case UInt8(ascii: "f"): return literal("false", .false)
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    private mutating func container(depth: Int, kind: JSONTape.Kind) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        let open = position
        let slot = entries.count
        entries.append(JSONTape.Entry(kind: kind, flags: 0, start: UInt32(open), length: 0, count: 0, end: 0))
        let close = kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        position += 1
        skipWhitespace()
        var count: UInt32 = 0
        if peek == close {
            position += 1
        } else {
            while true {
                if kind == .object {
                    skipWhitespace()
                    guard peek == UInt8(ascii: "\""), string() else { return false }
                    skipWhitespace()
                    guard peek == UInt8(ascii: ":") else { return false }
                    position += 1
                }
                guard value(depth: depth + 1) else { return false }
                count += 1
                skipWhitespace()
                let separator = peek
                position += 1
                if separator == UInt8(ascii: ",") { continue }
                if separator == close { break }
                return false
            }
        }
        entries[slot].length = UInt32(position - open)
        entries[slot].count = count
        entries[slot].end = UInt32(entries.count)
        return true
    }

    private mutating func literal(_ text: StaticString, _ kind: JSONTape.Kind) -> Bool {
        let length = text.utf8CodeUnitCount
        guard buffer.count - position >= length else { return false }
        let start = position
        for offset in 0..<length where buffer[start + offset] != text.utf8Start[offset] {
            return false
        }
        position += length
        entries.append(
            JSONTape.Entry(kind: kind, flags: 0, start: UInt32(start), length: UInt32(length), count: 0, end: 0))
        return true
    }

    /// A number. One whose digits are all zero but that has an exponent (`0e1`) is refused: `JSONDecoder` accepts
    /// or refuses it as a `Double` depending on how it is written, so it decides for the whole document.
    private mutating func number() -> Bool {
        let start = position
        var flags: UInt8 = 0
        if peek == UInt8(ascii: "-") { position += 1 }
        if peek == UInt8(ascii: "0") {
            position += 1
        } else {
            guard digits() else { return false }
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            flags = JSONTape.fractional
            guard digits() else { return false }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            let significand = buffer[start..<position]
            guard significand.contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) else {
                return false
            }
            position += 1
            flags = JSONTape.fractional
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard digits() else { return false }
        }
        entries.append(
            JSONTape.Entry(
                kind: .number, flags: flags, start: UInt32(start), length: UInt32(position - start), count: 0, end: 0))
        return true
    }

    /// One or more decimal digits.
    private mutating func digits() -> Bool {
        let start = position
        while position < buffer.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(buffer[position]) {
            position += 1
        }
        return position > start
    }

    private mutating func string() -> Bool {
        position += 1
        let start = position
        var flags: UInt8 = 0
        while position < buffer.count {
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                entries.append(
                    JSONTape.Entry(
                        kind: .string, flags: flags, start: UInt32(start), length: UInt32(position - start), count: 0,
                        end: 0))
                position += 1
                return true
            } else if byte == UInt8(ascii: "\\") {
                flags |= JSONTape.escaped
                guard escape() else { return false }
            } else if byte >= 0x80 {
                flags |= JSONTape.nonASCII
                guard let length = UTF8Sequence.length(in: buffer, at: position) else { return false }
                position += length
            } else if byte < 0x20 {
                return false
            } else {
                position += 1
            }
        }
        return false
    }

    /// An escape after a backslash; a `\u` high surrogate must be followed by a `\u` low surrogate.
    private mutating func escape() -> Bool {
        position += 1
        switch peek {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
            return true
        case UInt8(ascii: "u"):
            guard let unit = hexUnit() else { return false }
            if (0xDC00...0xDFFF).contains(unit) { return false }
            guard (0xD800...0xDBFF).contains(unit) else { return true }
            guard peek == UInt8(ascii: "\\") else { return false }
            position += 1
            guard peek == UInt8(ascii: "u"), let low = hexUnit() else { return false }
            return (0xDC00...0xDFFF).contains(low)
        default:
            return false
        }
    }

    /// The four hex digits after a `u`, with the position moved past them.
    private mutating func hexUnit() -> UInt16? {
        guard buffer.count - position >= 5 else { return nil }
        var unit: UInt16 = 0
        for offset in 1...4 {
            guard let digit = ASCIIHex.value(of: buffer[position + offset]) else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        position += 5
        return unit
    }
}
