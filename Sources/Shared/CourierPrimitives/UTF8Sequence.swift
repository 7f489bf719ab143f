/// Well-formed UTF-8, checked on bytes.
package enum UTF8Sequence {
    /// The length of the well-formed UTF-8 sequence of two to four bytes that starts at `start` (Unicode table 3-7,
    /// RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), or `nil` if there is none.
    @inlinable
    package static func length(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch bytes[start] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: return nil
        }
        guard bytes.count - start >= length, second.contains(bytes[start + 1]) else { return nil }
        for offset in 2..<length where bytes[start + offset] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
