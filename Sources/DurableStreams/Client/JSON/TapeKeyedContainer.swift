/// The keyed container of ``TapeDecoder``: looks keys up in the object's entries, first occurrence first, as
/// `JSONDecoder` does.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    let object: Int
    let path: TapePath

    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] {
        decoder.tape.keys(ofObject: object).compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        decoder.tape.value(forKey: key.stringValue, inObject: object) != nil
    }

    private func value(_ key: Key) throws -> Int {
        guard let index = decoder.tape.value(forKey: key.stringValue, inObject: object) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: path.keys,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.tape.kind(try value(key)) == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.bool(at: try value(key), path: path.appending(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.string(at: try value(key), path: path.appending(key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.double(at: try value(key), path: path.appending(key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.float(at: try value(key), path: path.appending(key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    @available(OS2024, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(type, key) }

    @available(OS2024, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(type, key) }

    @inline(__always)
    private func integer<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try decoder.integer(type, at: try value(key), path: path.appending(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, at: try value(key), path: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let index = try value(key)
        let nestedPath = path.appending(key)
        try decoder.expect(.object, at: index, path: nestedPath, as: [String: Any].self)
        return KeyedDecodingContainer(TapeKeyedContainer<NestedKey>(decoder: decoder, object: index, path: nestedPath))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try value(key)
        let nestedPath = path.appending(key)
        try decoder.expect(.array, at: index, path: nestedPath, as: [Any].self)
        return TapeUnkeyedContainer(decoder: decoder, array: index, path: nestedPath)
    }

    func superDecoder() throws -> any Decoder {
        superDecoder(at: decoder.tape.value(forKey: TapeKey.super.stringValue, inObject: object), key: TapeKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        superDecoder(at: decoder.tape.value(forKey: key.stringValue, inObject: object), key: key)
    }

    /// A decoder of its own for the value at `index`, or of `null` when the key is absent.
    private func superDecoder(at index: Int?, key: any CodingKey) -> any Decoder {
        guard let index else { return TapeDecoder(tape: .null, path: path.appending(key)) }
        return TapeDecoder(tape: decoder.tape, index: index, path: path.appending(key))
    }
}
