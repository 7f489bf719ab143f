import Foundation

/// A parsed JSON value, for ``FastJSONDecoder``.
enum JSONValue {
    case null
    case bool(Bool)
    /// A number's text, exactly as written (it matched the JSON number grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// An object's members in document order, looked up by key.
struct JSONObject {
    var keys: [String] = []
    var values: [JSONValue] = []
    private var index: [String: Int] = [:]

    /// Adds a member; `false` if the key is already there (left to `JSONDecoder`, which decides what that means).
    mutating func add(_ key: String, _ value: JSONValue) -> Bool {
        if keys.count < 8 {
            guard !keys.contains(key) else { return false }
            if keys.count == 7 {
                for (offset, existing) in keys.enumerated() { index[existing] = offset }
                index[key] = keys.count
            }
        } else {
            guard index.updateValue(keys.count, forKey: key) == nil else { return false }
        }
        keys.append(key)
        values.append(value)
        return true
    }

    func value(for key: String) -> JSONValue? {
        if keys.count < 8 {
            return keys.firstIndex(of: key).map { values[$0] }
        }
        return index[key].map { values[$0] }
    }
}

/// Parses strict JSON (RFC 8259) from bytes. Anything it does not accept, valid JSON or not, makes ``parse(_:)``
/// return `nil`, and the caller leaves the bytes to `JSONDecoder`.
struct JSONParser {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var depth = 0

    /// How deep arrays and objects may nest (`JSONDecoder`'s limit is 512).
    private static let maximumDepth = 256

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The value `data` holds, or `nil` if it is not JSON this parser accepts.
    static func parse(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { raw in
            var parser = JSONParser(raw)
            guard let value = parser.value() else { return nil }
            parser.skipWhitespace()
            return parser.position == raw.count ? value : nil
        }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func value() -> JSONValue? {
        skipWhitespace()
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ text: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] { return nil }
        position += count
        return value
    }

    private mutating func object() -> JSONValue? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
            position += 1
            guard let member = value(), object.add(key, member) else { return nil }
            skipWhitespace()
            guard position < bytes.count else { return nil }
            let separator = bytes[position]
            position += 1
            if separator == UInt8(ascii: "}") { return .object(object) }
            guard separator == UInt8(ascii: ",") else { return nil }
        }
    }

    private mutating func array() -> JSONValue? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            guard let element = value() else { return nil }
            elements.append(element)
            skipWhitespace()
            guard position < bytes.count else { return nil }
            let separator = bytes[position]
            position += 1
            if separator == UInt8(ascii: "]") { return .array(elements) }
            guard separator == UInt8(ascii: ",") else { return nil }
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, kept as text.
    private mutating func number() -> JSONValue? {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                position += 1
            }
            return position - first
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { return nil }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { return nil }
        }
        return .number(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    /// A string starting at the opening quote. Runs without escapes are scanned eight bytes at a time.
    private mutating func string() -> String? {
        position += 1
        let start = position
        var ascii = true
        while true {
            while position + 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                if Self.mayStop(word) { break }
                position += 8
            }
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return ascii ? String(decoding: run, as: UTF8.self) : Self.validated(run)
            }
            if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
    }

    /// The rest of a string that holds an escape, from its first byte at `start`.
    private mutating func escapedString(from start: Int) -> String? {
        var buffer = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return buffer.withUnsafeBytes { Self.validated($0) }
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    buffer.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                buffer.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (after the `u`), joining a surrogate pair; `nil` for a lone surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(high) {
            guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { return nil }
            position += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func hex4() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// The string of UTF-8 `bytes`, or `nil` if they are not valid UTF-8 (decoding would have replaced some).
    private static func validated(_ bytes: UnsafeRawBufferPointer) -> String? {
        let string = String(decoding: bytes, as: UTF8.self)
        return string.utf8.elementsEqual(bytes) ? string : nil
    }

    /// Whether any of eight bytes is a quote, a backslash, below 0x20 or 0x80 and above.
    private static func mayStop(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let below = (word &- ones &* 0x20) & ~word & highs != 0
        return below || word & highs != 0 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
    }
}
