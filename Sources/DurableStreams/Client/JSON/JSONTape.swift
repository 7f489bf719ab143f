/// A parsed JSON document: its bytes and one flat entry per value (and per object key), in document order.
///
/// A container's entry records how many elements it holds and where its subtree ends, so a value is skipped in one
/// step and an object's keys are found without building a dictionary. Strings and numbers are kept as byte ranges
/// and converted only when a decoder asks for them.
final class JSONTape: @unchecked Sendable {
    /// The kinds of entries.
    enum Kind: UInt8, Sendable {
        case object
        case array
        case string
        case number
        case `true`
        case `false`
        case null
    }

    /// One entry. For a string or number, `start` and `length` locate its bytes (a string's without the quotes).
    /// For an object or array, `start` and `length` locate its text, brackets included, `count` is its element
    /// count (an object's element is a key and its value) and `end` is the index just past its subtree.
    struct Entry: Sendable {
        var kind: Kind
        /// For strings: bit 0 set when the text holds escapes, bit 1 when it holds non-ASCII bytes.
        /// For numbers: bit 0 set when the text holds a fraction or an exponent.
        var flags: UInt8
        var start: UInt32
        var length: UInt32
        var count: UInt32
        var end: UInt32
    }

    static let escaped: UInt8 = 1
    static let nonASCII: UInt8 = 2
    static let fractional: UInt8 = 1

    // Immutable after `init` and freed in `deinit`: reads need no reference counting.
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let entries: UnsafeMutableBufferPointer<Entry>

    /// A tape that takes ownership of `bytes` and copies `entries`.
    init(bytes: UnsafeMutableBufferPointer<UInt8>, entries: [Entry]) {
        self.bytes = bytes
        self.entries = .allocate(capacity: entries.count)
        _ = self.entries.initialize(from: entries)
    }

    deinit {
        bytes.deallocate()
        entries.deallocate()
    }

    @inline(__always)
    func kind(_ index: Int) -> Kind {
        entries[index].kind
    }

    /// The index just past the value at `index`.
    @inline(__always)
    func next(after index: Int) -> Int {
        let entry = entries[index]
        switch entry.kind {
        case .object, .array: return Int(entry.end)
        default: return index + 1
        }
    }

    /// The value of the first key in the object at `object` that equals `key`, if any.
    func value(forKey key: String, inObject object: Int) -> Int? {
        var key = key
        return key.withUTF8 { wanted in
            let wantedIsASCII = !wanted.contains { $0 >= 0x80 }
            var index = object + 1
            let end = Int(entries[object].end)
            while index < end {
                if keyEquals(index, wanted, wantedIsASCII: wantedIsASCII) { return index + 1 }
                index = next(after: index + 1)
            }
            return nil
        }
    }

    /// Whether the key at `index` is the text `wanted`: by bytes when both are plain ASCII, otherwise as Swift
    /// strings, which compare by canonical equivalence as a decoder that builds a dictionary of keys would.
    private func keyEquals(_ index: Int, _ wanted: UnsafeBufferPointer<UInt8>, wantedIsASCII: Bool) -> Bool {
        let entry = entries[index]
        if entry.flags == 0, wantedIsASCII {
            guard Int(entry.length) == wanted.count else { return false }
            let start = Int(entry.start)
            return wanted.indices.allSatisfy { bytes[start + $0] == wanted[$0] }
        }
        return string(at: index) == String(decoding: wanted, as: UTF8.self)
    }

    /// The keys of the object at `object`, each once, in the order of their first appearance.
    func keys(ofObject object: Int) -> [String] {
        var seen = Set<String>()
        var keys: [String] = []
        var index = object + 1
        let end = Int(entries[object].end)
        while index < end {
            let key = string(at: index)
            if seen.insert(key).inserted { keys.append(key) }
            index = next(after: index + 1)
        }
        return keys
    }

    /// The element indices of the array at `array`.
    func elements(ofArray array: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(Int(entries[array].count))
        var index = array + 1
        let end = Int(entries[array].end)
        while index < end {
            result.append(index)
            index = next(after: index)
        }
        return result
    }

    /// The raw bytes of the value at `index`, quotes included for a string: what another JSON decoder would read.
    func rawText(at index: Int) -> [UInt8] {
        let entry = entries[index]
        switch entry.kind {
        case .string:
            return Array(bytes[Int(entry.start) - 1..<Int(entry.start) + Int(entry.length) + 1])
        case .number, .object, .array:
            return Array(bytes[Int(entry.start)..<Int(entry.start) + Int(entry.length)])
        case .true: return Array("true".utf8)
        case .false: return Array("false".utf8)
        case .null: return Array("null".utf8)
        }
    }
}

extension JSONTape {
    /// A document that is only `null`.
    static let null: JSONTape = {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4)
        _ = bytes.initialize(from: "null".utf8)
        return JSONTape(bytes: bytes, entries: [Entry(kind: .null, flags: 0, start: 0, length: 4, count: 0, end: 0)])
    }()
}
