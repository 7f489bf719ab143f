import Foundation

/// A JSON value built by the emulator, serialized with its keys in the order they were written.
///
/// The emulator builds every body from its own state with this type, so the wire shape is spelled out in one
/// place per object and never depends on ClerkKit's models.
@available(OS2023, *)
enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
    /// A session token, written as the string of its compact JWS (signed when written: ``SessionToken``).
    case token(SessionToken)

    static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        case (.token(let a), .token(let b)): a == b
        case (.token(let a), .string(let b)), (.string(let b), .token(let a)): a.jwt == b
        default: false
        }
    }

    /// The value for `key` when this is an object.
    subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The string, when this is a string.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        if case .token(let token) = self { return token.jwt }
        return nil
    }

    /// A string or `null`.
    static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

    /// An integer or `null`.
    static func optional(_ value: Int64?) -> JSON { value.map(JSON.int) ?? .null }

    /// An array of strings.
    static func strings(_ values: [String]) -> JSON { .array(values.map(JSON.string)) }

    /// The compact UTF-8 serialization.
    var serialized: Data { Data(serializedBytes) }

    /// The compact serialization as a string.
    var serializedString: String { String(decoding: serializedBytes, as: UTF8.self) }

    /// The compact serialization, written as UTF-8 bytes in one buffer.
    private var serializedBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1_024)
        write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .double(let value): output.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
        case .string(let value): JSON.writeString(value, to: &output)
        case .token(let token):
            if let jwt = token.jwt {
                JSON.writeString(jwt, to: &output)
            } else {
                output.append(contentsOf: "null".utf8)
            }
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let pairs):
            output.append(UInt8(ascii: "{"))
            for (index, pair) in pairs.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSON.writeString(pair.0, to: &output)
                output.append(UInt8(ascii: ":"))
                pair.1.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Writes `value` quoted, escaping `"`, `\\` and control characters; other bytes (UTF-8 included) as they are.
    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                output.append(contentsOf: bytes[start..<index])
                start = index + 1
                switch byte {
                case 0x22: output.append(contentsOf: [0x5C, 0x22])
                case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: [
                        0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                    ])
                }
            }
            output.append(contentsOf: bytes[start...])
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Parses a JSON object from bytes (a recorded body, a file). Nil when it is not an object.
    static func parseObject(_ data: Data) -> JSON? {
        guard let json = try? JSONDecoder().decode(JSON.self, from: data), case .object = json else { return nil }
        return json
    }

    /// This value with `overlay` laid over it: objects merge key by key (keys new to this one are appended in the
    /// overlay's order), any other overlay value replaces, `null` included.
    func merging(_ overlay: JSON) -> JSON {
        guard case .object(var pairs) = self, case .object(let additions) = overlay else { return overlay }
        for (key, value) in additions {
            if let index = pairs.firstIndex(where: { $0.0 == key }) {
                pairs[index].1 = pairs[index].1.merging(value)
            } else {
                pairs.append((key, value))
            }
        }
        return .object(pairs)
    }

    /// Parses a JSON object sent as a form value (for example `unsafe_metadata`). Nil when it is not an object.
    static func parseObject(_ text: String) -> JSON? {
        guard let json = try? JSONDecoder().decode(JSON.self, from: Data(text.utf8)), case .object = json else {
            return nil
        }
        return json
    }
}

@available(OS2023, *)
extension JSON: Decodable {
    private struct CodingName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: CodingName.self) {
            self = .object(
                try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                    ($0.stringValue, try object.decode(JSON.self, forKey: $0))
                })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSON] = []
            while !array.isAtEnd { values.append(try array.decode(JSON.self)) }
            self = .array(values)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }
}

@available(OS2023, *)
extension JSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int64) { self = .int(value) }
    init(arrayLiteral elements: JSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSON)...) { self = .object(elements) }
    init(nilLiteral: ()) { self = .null }
}
