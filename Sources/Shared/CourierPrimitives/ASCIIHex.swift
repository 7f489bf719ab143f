/// Hexadecimal digits as ASCII bytes, for percent-escapes and `\u` escapes read and written on bytes.
package enum ASCIIHex {
    /// The value of a hexadecimal digit, either case, or `nil` for any other byte.
    @inlinable
    package static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The value of an uppercase hexadecimal digit, or `nil` for any other byte (lowercase included): for
    /// encodings where each value has exactly one spelling.
    @inlinable
    package static func value(ofUppercase byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "f"): nil
        default: value(of: byte)
        }
    }

    /// The uppercase digit for `value`, which is below 16.
    @inlinable
    package static func uppercaseDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
