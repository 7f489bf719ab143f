import Foundation

/// Encodes `Encodable` values as JSON bytes without `JSONEncoder`'s intermediate passes, for the default
/// ``JSONMessageSerializer``: strings, numbers, booleans, `nil`, objects and arrays. Whatever has a strategy
/// of its own (`Date`, `Data`, `URL`, `Decimal`) or a non-finite number makes it throw
/// ``JSONFastPathUnsupported``, and the serializer uses `JSONEncoder` instead, so the output decodes the same
/// either way.
///
/// It writes what `JSONEncoder` (no output formatting) writes: members in the order they were first set,
/// `/` escaped as `\/`, control characters escaped, numbers in their shortest round-trip form.
enum FastJSONEncoder {
    static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let root = try FastJSONEncoding.node(for: value, codingPath: [])
        var writer = JSONByteWriter()
        writer.write(root)
        return writer.data()
    }
}

/// One level of encoding: the `Encoder` a value's `encode(to:)` is given.
final class FastJSONEncoding: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What the value stored: set by its single-value container, or a container box.
    var result: JSONNode?

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    /// The node for one value, through its `encode(to:)` unless it is a primitive.
    static func node<Value: Encodable>(for value: Value, codingPath: [any CodingKey]) throws -> JSONNode {
        switch value {
        case let string as String: return .string(string)
        case let bool as Bool: return .literal(.bool(bool))
        case let int as Int: return .literal(.number(String(int)))
        case let double as Double: return .literal(.number(try number(double)))
        case is Date, is Data, is URL, is Decimal: throw JSONFastPathUnsupported()
        default: break
        }
        let encoder = FastJSONEncoding(codingPath: codingPath)
        try value.encode(to: encoder)
        // A value that encodes nothing is an empty object, as with JSONEncoder.
        return encoder.result ?? .object(JSONObjectBox())
    }

    /// A floating-point number as `JSONEncoder` writes it: shortest round-trip digits, no `.0` suffix.
    static func number<Float: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Float) throws -> String {
        guard value.isFinite else { throw JSONFastPathUnsupported() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: JSONObjectBox
        if case .object(let existing) = result {
            box = existing
        } else {
            box = JSONObjectBox()
            result = .object(box)
        }
        return KeyedEncodingContainer(FastKeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: JSONArrayBox
        if case .array(let existing) = result {
            box = existing
        } else {
            box = JSONArrayBox()
            result = .array(box)
        }
        return FastUnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FastSingleValueContainer(encoder: self)
    }
}
