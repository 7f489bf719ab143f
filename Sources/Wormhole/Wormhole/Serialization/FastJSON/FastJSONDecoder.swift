import Foundation

/// Decodes JSON into `Decodable` values without `JSONDecoder`, for the default ``JSONMessageSerializer``.
///
/// It answers only when it is sure to produce what `JSONDecoder` (ISO 8601 dates) would: the first time a value
/// asks for something it does not handle in exactly the same way (a date, data, URL or decimal, a `Float`, an
/// integer written as `1.0` or `1e2`, a missing key, a type mismatch, duplicate keys, invalid UTF-8…), the whole
/// decode is abandoned, even if the value's own code caught the error, and `decode` returns `nil`: the
/// serializer then decodes with `JSONDecoder`, which also produces the error a failing message reports.
enum FastJSONDecoder {
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) -> Value? {
        guard let root = JSONParser.parse(data) else { return nil }
        let state = JSONDecodingState()
        guard let value = try? state.decode(type, from: root, codingPath: []), !state.abandoned else { return nil }
        return value
    }
}

/// What one decode shares: whether it was abandoned.
final class JSONDecodingState {
    private(set) var abandoned = false

    /// Marks the decode abandoned and returns the error to throw.
    func abandon() -> JSONFastPathUnsupported {
        abandoned = true
        return JSONFastPathUnsupported()
    }

    func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue, codingPath: [any CodingKey]) throws
        -> Value
    {
        let primitive: Any?
        switch type {
        case is String.Type: primitive = try string(value)
        case is Bool.Type: primitive = try bool(value)
        case is Double.Type: primitive = try double(value)
        case is Int.Type: primitive = try integer(value, as: Int.self)
        case is Int8.Type: primitive = try integer(value, as: Int8.self)
        case is Int16.Type: primitive = try integer(value, as: Int16.self)
        case is Int32.Type: primitive = try integer(value, as: Int32.self)
        case is Int64.Type: primitive = try integer(value, as: Int64.self)
        case is UInt.Type: primitive = try integer(value, as: UInt.self)
        case is UInt8.Type: primitive = try integer(value, as: UInt8.self)
        case is UInt16.Type: primitive = try integer(value, as: UInt16.self)
        case is UInt32.Type: primitive = try integer(value, as: UInt32.self)
        case is UInt64.Type: primitive = try integer(value, as: UInt64.self)
        // Types with a strategy of their own, and Float, whose rounding is JSONDecoder's business.
        case is Date.Type, is Data.Type, is URL.Type, is Decimal.Type, is Float.Type: throw abandon()
        default: primitive = nil
        }
        if let primitive {
            guard let result = primitive as? Value else { throw abandon() }
            return result
        }
        return try Value(from: JSONValueDecoder(value: value, codingPath: codingPath, state: self))
    }

    func string(_ value: JSONValue) throws -> String {
        guard case .string(let string) = value else { throw abandon() }
        return string
    }

    func bool(_ value: JSONValue) throws -> Bool {
        guard case .bool(let bool) = value else { throw abandon() }
        return bool
    }

    /// An integer written as plain digits that fits `Integer` (`-0` and fractions are left to `JSONDecoder`).
    func integer<Integer: FixedWidthInteger>(_ value: JSONValue, as type: Integer.Type) throws -> Integer {
        guard case .number(let text) = value, !text.hasPrefix("-0"),
            !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }),
            let integer = Integer(text)
        else { throw abandon() }
        return integer
    }

    func double(_ value: JSONValue) throws -> Double {
        guard case .number(let text) = value, let double = Double(text), double.isFinite else { throw abandon() }
        return double
    }
}

/// The `Decoder` a value's `init(from:)` is given.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let state: JSONDecodingState
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw state.abandon() }
        return KeyedDecodingContainer(
            JSONKeyedDecodingContainer<Key>(object: object, codingPath: codingPath, state: state))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw state.abandon() }
        return JSONUnkeyedDecodingContainer(elements: elements, codingPath: codingPath, state: state)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueDecodingContainer(value: value, codingPath: codingPath, state: state)
    }
}
