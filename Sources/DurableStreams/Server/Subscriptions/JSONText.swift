import DurableStreamsStorage

/// JSON written directly into bytes, for the subscription documents and responses whose size grows with the linked
/// streams: `JSONEncoder`'s generic machinery costs about ten times as much per value, once per state change.
///
/// Members and elements are separated automatically; the caller writes keys in the order it wants them.
@available(OS2023, *)
struct JSONText {
    private(set) var bytes: [UInt8] = []
    /// For each open object or array, whether nothing was written in it yet.
    private var empty: [Bool] = []
    /// A key was just written: the next value is its value, not a new member.
    private var afterKey = false

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    mutating func key(_ name: String) {
        separate()
        writeString(name)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    mutating func value(_ text: String) {
        separate()
        writeString(text)
    }

    mutating func value(_ number: some BinaryInteger) {
        separate()
        bytes += String(number).utf8
    }

    mutating func value(_ flag: Bool) {
        separate()
        bytes += (flag ? "true" : "false").utf8
    }

    /// A value already encoded as JSON.
    mutating func value(json: [UInt8]) {
        separate()
        bytes += json
    }

    /// `key: text`, left out when `text` is nil (as `JSONEncoder` leaves out nil optionals).
    mutating func member(_ name: String, _ text: String?) {
        guard let text else { return }
        key(name)
        value(text)
    }

    mutating func member(_ name: String, _ number: (some BinaryInteger)?) {
        guard let number else { return }
        key(name)
        value(number)
    }

    mutating func member(_ name: String, _ flag: Bool?) {
        guard let flag else { return }
        key(name)
        value(flag)
    }

    private mutating func open(_ byte: UInt8) {
        separate()
        bytes.append(byte)
        empty.append(true)
    }

    private mutating func close(_ byte: UInt8) {
        if !empty.isEmpty { empty.removeLast() }
        bytes.append(byte)
    }

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = empty.indices.last else { return }
        if empty[last] { empty[last] = false } else { bytes.append(UInt8(ascii: ",")) }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// An offset as its token, its 16 hexadecimal digits written in place.
    mutating func value(_ offset: StreamOffset) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for shift in stride(from: 60, through: 0, by: -4) {
            bytes.append(Self.hex[Int((offset.position >> UInt64(shift)) & 0xF)])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func member(_ name: String, _ offset: StreamOffset) {
        key(name)
        value(offset)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// A string with the escapes RFC 8259 requires: quote, backslash and control characters.
    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (paths, ids, tokens) need no escape: copied at once.
        let copied = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            guard !buffer.contains(where: Self.needsEscaping) else { return false }
            bytes.append(contentsOf: buffer)
            return true
        }
        if copied == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                bytes += Array("\\u00".utf8)
                bytes += [Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
