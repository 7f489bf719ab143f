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

    mutating func encodeNil(forKey key: Key) throws { set(.literal(.null), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(try .primitive(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(try .primitive(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try FastJSONEncoding.node(for: value, codingPath: codingPath + [key]), key)
    }

    private func set(_ node: JSONNode, _ key: Key) {
        box.set(node, for: key.stringValue)
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

struct FastUnkeyedContainer: UnkeyedEncodingContainer, JSONNodeSink {
    let box: JSONArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.elements.count }

    func put(_ node: JSONNode) { box.elements.append(node) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [JSONIndexKey(intValue: count)]
        box.elements.append(try FastJSONEncoding.node(for: value, codingPath: path))
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

struct FastSingleValueContainer: SingleValueEncodingContainer, JSONNodeSink {
    let encoder: FastJSONEncoding
    var codingPath: [any CodingKey] { encoder.codingPath }

    func put(_ node: JSONNode) { encoder.result = node }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.result = try FastJSONEncoding.node(for: value, codingPath: codingPath)
    }
}

/// A container that stores one value at a time (unkeyed and single-value): every primitive `encode` makes its node
/// the same way and hands it to ``put(_:)``, so the two share one implementation.
protocol JSONNodeSink {
    func put(_ node: JSONNode)
}

extension JSONNodeSink {
    func encodeNil() throws { put(.literal(.null)) }
    func encode(_ value: Bool) throws { put(try .primitive(value)) }
    func encode(_ value: String) throws { put(try .primitive(value)) }
    func encode(_ value: Double) throws { put(try .primitive(value)) }
    func encode(_ value: Float) throws { put(try .primitive(value)) }
    func encode(_ value: Int) throws { put(try .primitive(value)) }
    func encode(_ value: Int8) throws { put(try .primitive(value)) }
    func encode(_ value: Int16) throws { put(try .primitive(value)) }
    func encode(_ value: Int32) throws { put(try .primitive(value)) }
    func encode(_ value: Int64) throws { put(try .primitive(value)) }
    func encode(_ value: UInt) throws { put(try .primitive(value)) }
    func encode(_ value: UInt8) throws { put(try .primitive(value)) }
    func encode(_ value: UInt16) throws { put(try .primitive(value)) }
    func encode(_ value: UInt32) throws { put(try .primitive(value)) }
    func encode(_ value: UInt64) throws { put(try .primitive(value)) }
}

extension JSONNode {
    /// The node of a string, a boolean or a number (a non-finite one throws ``JSONFastPathUnsupported``).
    static func primitive(_ value: String) throws -> JSONNode { .string(value) }
    static func primitive(_ value: Bool) throws -> JSONNode { .literal(.bool(value)) }
    static func primitive(_ value: some BinaryInteger) throws -> JSONNode { .literal(.number(String(value))) }
    static func primitive<Float: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Float) throws -> JSONNode {
        .literal(.number(try FastJSONEncoding.number(value)))
    }
}
