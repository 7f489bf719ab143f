/// The unkeyed container of ``TapeDecoder``: walks an array's entries, moving on only after a value decodes.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    let path: TapePath
    let count: Int?
    private(set) var currentIndex = 0
    private var position: Int

    init(decoder: TapeDecoder, array: Int, path: TapePath) {
        self.decoder = decoder
        self.path = path
        self.count = Int(decoder.tape.entries[array].count)
        self.position = array + 1
    }

    var codingPath: [any CodingKey] { path.keys }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    /// The current element's index, or "value not found" at the end.
    private func current(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: path.appending(index: currentIndex).keys,
                    debugDescription: "Unkeyed container is at end."))
        }
        return position
    }

    private var elementPath: TapePath { path.appending(index: currentIndex) }

    private mutating func advance() {
        position = decoder.tape.next(after: position)
        currentIndex += 1
    }

    /// Decodes the current element with `read` and moves on if it succeeds.
    @inline(__always)
    private mutating func next<T>(_ type: T.Type, _ read: (Int, @autoclosure () -> TapePath) throws -> T) throws -> T {
        let value = try read(try current(type), elementPath)
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.tape.kind(try current(Any?.self)) == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let decoder = self.decoder
        return try next(type) { try decoder.bool(at: $0, path: $1()) }
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let decoder = self.decoder
        return try next(type) { try decoder.string(at: $0, path: $1()) }
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let decoder = self.decoder
        return try next(type) { try decoder.double(at: $0, path: $1()) }
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        let decoder = self.decoder
        return try next(type) { try decoder.float(at: $0, path: $1()) }
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    @available(OS2024, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }

    @available(OS2024, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T {
        let decoder = self.decoder
        return try next(type) { try decoder.integer(type, at: $0, path: $1()) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = self.decoder
        return try next(type) { try decoder.decode(type, at: $0, path: $1()) }
    }

    // `JSONDecoder`'s `decodeIfPresent` counts a call at the end as an element: `currentIndex` moves on, and the
    // container stays at its end. (Its `Int128` and `UInt128` ones are the standard library's, which do not.)
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try ifPresent { try $0.decode(type) } }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try ifPresent { try $0.decode(type) } }

    private mutating func ifPresent<T>(_ decode: (inout Self) throws -> T) throws -> T? {
        guard !isAtEnd else {
            currentIndex += 1
            return nil
        }
        if try decodeNil() { return nil }
        return try decode(&self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let decoder = self.decoder
        return try next(KeyedDecodingContainer<NestedKey>.self) { index, path in
            try decoder.expect(.object, at: index, path: path(), as: [String: Any].self)
            return KeyedDecodingContainer(TapeKeyedContainer<NestedKey>(decoder: decoder, object: index, path: path()))
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let decoder = self.decoder
        return try next((any UnkeyedDecodingContainer).self) { index, path in
            try decoder.expect(.array, at: index, path: path(), as: [Any].self)
            return TapeUnkeyedContainer(decoder: decoder, array: index, path: path())
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = self.decoder
        return try next((any Decoder).self) { index, path in
            TapeDecoder(tape: decoder.tape, index: index, path: path())
        }
    }
}

/// The single-value container of ``TapeDecoder``.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: TapeDecoder
    let index: Int
    let path: TapePath

    var codingPath: [any CodingKey] { path.keys }

    func decodeNil() -> Bool { decoder.tape.kind(index) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(at: index, path: path) }
    func decode(_ type: String.Type) throws -> String { try decoder.string(at: index, path: path) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.double(at: index, path: path) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.float(at: index, path: path) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type, at: index, path: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type, at: index, path: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type, at: index, path: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type, at: index, path: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type, at: index, path: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type, at: index, path: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type, at: index, path: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type, at: index, path: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type, at: index, path: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type, at: index, path: path) }

    @available(OS2024, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try decoder.integer(type, at: index, path: path) }

    @available(OS2024, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try decoder.integer(type, at: index, path: path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type, at: index, path: path) }
}
