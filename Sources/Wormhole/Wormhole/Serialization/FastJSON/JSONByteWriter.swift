import Foundation

/// Writes a ``JSONNode`` as compact JSON bytes.
struct JSONByteWriter: ~Copyable {
    private var bytes = JSONOutputBuffer(capacity: 256)

    /// The JSON written so far, as `Data` (no copy).
    consuming func data() -> Data {
        bytes.data()
    }

    mutating func write(_ node: JSONNode) {
        switch node {
        case .literal(.null): append("null")
        case .literal(.bool(let value)): append(value ? "true" : "false")
        case .literal(.number(let digits)): append(digits)
        case .string(let string): writeString(string)
        case .object(let box):
            bytes.append(UInt8(ascii: "{"))
            for (offset, key) in box.keys.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(key)
                bytes.append(UInt8(ascii: ":"))
                write(box.values[offset])
            }
            bytes.append(UInt8(ascii: "}"))
        case .array(let box):
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in box.elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .deferred(let encoder):
            write(encoder.result ?? .object(JSONObjectBox()))
        }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A string in quotes: runs of bytes that need no escape are copied at once.
    private mutating func writeString(_ string: String) {
        var string = string
        bytes.append(UInt8(ascii: "\""))
        string.withUTF8 { utf8 in
            bytes.reserve(utf8.count + 1)
            var runStart = 0
            var index = 0
            let raw = UnsafeRawBufferPointer(utf8)
            while index < utf8.count {
                // Eight bytes at a time while none of them needs an escape.
                if index + 8 <= utf8.count,
                    !Self.mayNeedEscape(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                {
                    index += 8
                    continue
                }
                let byte = utf8[index]
                if Self.needsEscape(byte) {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    runStart = index + 1
                    escape(byte)
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    /// Whether any of eight bytes may need an escape: one below 0x20, or a quote, backslash or slash (the
    /// has-less-than and has-byte bit tricks; a byte of 0x80 or more never matches).
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let below = (word &- ones &* 0x20) & ~word & highs != 0
        return below || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
            || hasZero(word ^ (ones &* 0x2F))
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }
}
