import Foundation

/// A container that hands out values one at a time (unkeyed and single-value): every primitive `decode` is the
/// generic one, so the two share one implementation.
protocol JSONValueSource {
    func next<Value: Decodable>(_ type: Value.Type) throws -> Value
}

extension JSONValueSource {
    func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    func decode(_ type: String.Type) throws -> String { try next(type) }
    func decode(_ type: Double.Type) throws -> Double { try next(type) }
    func decode(_ type: Float.Type) throws -> Float { try next(type) }
    func decode(_ type: Int.Type) throws -> Int { try next(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try next(type) }
}

struct JSONSingleValueDecodingContainer: SingleValueDecodingContainer, JSONValueSource {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let state: JSONDecodingState

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func next<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try state.decode(type, from: value, codingPath: codingPath)
    }
}

struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer, JSONValueSource {
    /// The position, shared by copies of the container as `JSONDecoder`'s is.
    final class Cursor {
        var index = 0
    }

    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let state: JSONDecodingState
    private let cursor = Cursor()

    init(elements: [JSONValue], codingPath: [any CodingKey], state: JSONDecodingState) {
        self.elements = elements
        self.codingPath = codingPath
        self.state = state
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { cursor.index >= elements.count }
    var currentIndex: Int { cursor.index }

    func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw state.abandon() }
        guard case .null = elements[cursor.index] else { return false }
        cursor.index += 1
        return true
    }

    func next<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let element = try current()
        let value = try state.decode(
            type, from: element, codingPath: codingPath + [JSONIndexKey(intValue: currentIndex)])
        cursor.index += 1
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try decoder(for: current()).container(keyedBy: type)
        cursor.index += 1
        return container
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try decoder(for: current()).unkeyedContainer()
        cursor.index += 1
        return container
    }

    func superDecoder() throws -> any Decoder {
        let decoder = decoder(for: try current())
        cursor.index += 1
        return decoder
    }

    private func current() throws -> JSONValue {
        guard !isAtEnd else { throw state.abandon() }
        return elements[cursor.index]
    }

    private func decoder(for value: JSONValue) -> JSONValueDecoder {
        JSONValueDecoder(value: value, codingPath: codingPath + [JSONIndexKey(intValue: currentIndex)], state: state)
    }
}

struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]
    let state: JSONDecodingState

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object.value(for: key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(for: key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, key) }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value { try decode(type, key) }

    private func decode<Value: Decodable>(_ type: Value.Type, _ key: Key) throws -> Value {
        try state.decode(type, from: value(for: key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try decoder(named: "super", path: JSONSuperKey())
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder(for: key)
    }

    /// The member `key`; a missing one abandons the decode (`JSONDecoder` reports it, or supplies `null` for a
    /// super decoder).
    private func value(for key: Key) throws -> JSONValue {
        guard let value = object.value(for: key.stringValue) else { throw state.abandon() }
        return value
    }

    private func decoder(for key: Key) throws -> JSONValueDecoder {
        try decoder(named: key.stringValue, path: key)
    }

    private func decoder(named name: String, path key: any CodingKey) throws -> JSONValueDecoder {
        guard let value = object.value(for: name) else { throw state.abandon() }
        return JSONValueDecoder(value: value, codingPath: codingPath + [key], state: state)
    }
}
