import Foundation

/// The key `JSONEncoder` gives a super encoder's object.
struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

/// The index key of an array element, for coding paths.
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

struct FastKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONObjectBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.set(.literal(.null), for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        box.set(.literal(.bool(value)), for: key.stringValue)
    }
    mutating func encode(_ value: String, forKey key: Key) throws { box.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        box.set(.literal(.number(try FastJSONEncoding.number(value))), for: key.stringValue)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        box.set(.literal(.number(try FastJSONEncoding.number(value))), for: key.stringValue)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { setInteger(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.set(try FastJSONEncoding.node(for: value, codingPath: codingPath + [key]), for: key.stringValue)
    }

    private func setInteger(_ value: some BinaryInteger, _ key: Key) {
        box.set(.literal(.number(String(value))), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested: JSONObjectBox
        if case .object(let existing) = box.value(for: key.stringValue) {
            nested = existing
        } else {
            nested = JSONObjectBox()
            box.set(.object(nested), for: key.stringValue)
        }
        return KeyedEncodingContainer(FastKeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: JSONArrayBox
        if case .array(let existing) = box.value(for: key.stringValue) {
            nested = existing
        } else {
            nested = JSONArrayBox()
            box.set(.array(nested), for: key.stringValue)
        }
        return FastUnkeyedContainer(box: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: JSONSuperKey(), stringKey: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key, stringKey: key.stringValue)
    }

    private func superEncoder(named key: any CodingKey, stringKey: String) -> any Encoder {
        let encoder = FastJSONEncoding(codingPath: codingPath + [key])
        box.set(.deferred(encoder), for: stringKey)
        return encoder
    }
}

struct FastUnkeyedContainer: UnkeyedEncodingContainer {
    let box: JSONArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.elements.count }

    mutating func encodeNil() throws { box.elements.append(.literal(.null)) }
    mutating func encode(_ value: Bool) throws { box.elements.append(.literal(.bool(value))) }
    mutating func encode(_ value: String) throws { box.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        box.elements.append(.literal(.number(try FastJSONEncoding.number(value))))
    }
    mutating func encode(_ value: Float) throws {
        box.elements.append(.literal(.number(try FastJSONEncoding.number(value))))
    }
    mutating func encode(_ value: Int) throws { appendInteger(value) }
    mutating func encode(_ value: Int8) throws { appendInteger(value) }
    mutating func encode(_ value: Int16) throws { appendInteger(value) }
    mutating func encode(_ value: Int32) throws { appendInteger(value) }
    mutating func encode(_ value: Int64) throws { appendInteger(value) }
    mutating func encode(_ value: UInt) throws { appendInteger(value) }
    mutating func encode(_ value: UInt8) throws { appendInteger(value) }
    mutating func encode(_ value: UInt16) throws { appendInteger(value) }
    mutating func encode(_ value: UInt32) throws { appendInteger(value) }
    mutating func encode(_ value: UInt64) throws { appendInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [JSONIndexKey(intValue: count)]
        box.elements.append(try FastJSONEncoding.node(for: value, codingPath: path))
    }

    private func appendInteger(_ value: some BinaryInteger) {
        box.elements.append(.literal(.number(String(value))))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = JSONObjectBox()
        let path = codingPath + [JSONIndexKey(intValue: count)]
        box.elements.append(.object(nested))
        return KeyedEncodingContainer(FastKeyedContainer<NestedKey>(box: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        let path = codingPath + [JSONIndexKey(intValue: count)]
        box.elements.append(.array(nested))
        return FastUnkeyedContainer(box: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = FastJSONEncoding(codingPath: codingPath + [JSONIndexKey(intValue: count)])
        box.elements.append(.deferred(encoder))
        return encoder
    }
}

struct FastSingleValueContainer: SingleValueEncodingContainer {
    let encoder: FastJSONEncoding
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.result = .literal(.null) }
    mutating func encode(_ value: Bool) throws { encoder.result = .literal(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.result = .string(value) }
    mutating func encode(_ value: Double) throws {
        encoder.result = .literal(.number(try FastJSONEncoding.number(value)))
    }
    mutating func encode(_ value: Float) throws {
        encoder.result = .literal(.number(try FastJSONEncoding.number(value)))
    }
    mutating func encode(_ value: Int) throws { setInteger(value) }
    mutating func encode(_ value: Int8) throws { setInteger(value) }
    mutating func encode(_ value: Int16) throws { setInteger(value) }
    mutating func encode(_ value: Int32) throws { setInteger(value) }
    mutating func encode(_ value: Int64) throws { setInteger(value) }
    mutating func encode(_ value: UInt) throws { setInteger(value) }
    mutating func encode(_ value: UInt8) throws { setInteger(value) }
    mutating func encode(_ value: UInt16) throws { setInteger(value) }
    mutating func encode(_ value: UInt32) throws { setInteger(value) }
    mutating func encode(_ value: UInt64) throws { setInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.result = try FastJSONEncoding.node(for: value, codingPath: codingPath)
    }

    private func setInteger(_ value: some BinaryInteger) {
        encoder.result = .literal(.number(String(value)))
    }
}
