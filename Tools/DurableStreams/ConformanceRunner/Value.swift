import Foundation
import Yams

/// A YAML or JSON value; objects keep their key order (so `json:` payloads serialise as written).
@available(OS2023, *)
indirect enum Value: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([Value])
    case object([(String, Value)])

    static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Double(a) == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && a.allSatisfy { key, value in b.first { $0.0 == key }?.1 == value }
        default: false
        }
    }

    subscript(key: String) -> Value? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var int: Int? {
        switch self {
        case .int(let i): i
        case .double(let d) where d == d.rounded(): Int(d)
        default: nil
        }
    }
    var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    var array: [Value]? { if case .array(let a) = self { return a } else { return nil } }
    var keys: [String] { if case .object(let pairs) = self { return pairs.map(\.0) } else { return [] } }

    /// The value as text, as JavaScript's `String(value)` would print it for scalars.
    var text: String {
        switch self {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .string(let s): s
        case .array, .object: json
        }
    }

    /// Compact JSON, keys in order.
    var json: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
        case .string(let s): Self.quote(s)
        case .array(let items): "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let pairs): "{" + pairs.map { Self.quote($0.0) + ":" + $0.1.json }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Converts a composed YAML node (plain scalars resolve to null, booleans and numbers).
    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            let text = scalar.string
            if scalar.style != .plain {
                self = .string(text)
            } else if text == "null" || text == "~" || text.isEmpty {
                self = .null
            } else if text == "true" || text == "false" {
                self = .bool(text == "true")
            } else if text.count > 1, text.hasPrefix("0"), text.allSatisfy(\.isNumber) {
                // Leading zeros: keep the digits as written (YAML 1.1 reads them as octal, 1.2 drops the zeros).
                self = .string(text)
            } else if let int = Int(text) {
                self = .int(int)
            } else if let double = Double(text), text.contains("."), !text.contains(where: { $0 == "e" || $0 == "E" }) {
                // Exponent forms such as `1e3` stay text: header values must reach the server as written.
                self = .double(double)
            } else {
                self = .string(text)
            }
        case .mapping(let mapping):
            self = .object(mapping.map { (Value($0.key).text, Value($0.value)) })
        case .sequence(let sequence):
            self = .array(sequence.map { Value($0) })
        case .alias:
            self = .null
        }
    }

    /// A JSON-serialisable object for commands.
    var foundation: Any {
        switch self {
        case .null: NSNull()
        case .bool(let b): b
        case .int(let i): i
        case .double(let d): d
        case .string(let s): s
        case .array(let items): items.map(\.foundation)
        case .object(let pairs): Dictionary(pairs.map { ($0.0, $0.1.foundation) }) { first, _ in first }
        }
    }
}

@available(OS2023, *)
extension Value: Decodable {
    /// Decodes any JSON value (booleans are told apart from numbers).
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([Value].self) {
            self = .array(value)
        } else {
            let object = try container.decode([String: Value].self)
            self = .object(object.map { ($0.key, $0.value) })
        }
    }
}
