import CourierPrimitives
import Testing

@Suite("ASCII hexadecimal digits")
struct ASCIIHexTests {
    @Test("every byte: the sixteen digits of each case have their values, every other byte none")
    func valuesOfEveryByte() {
        let lower = Array("0123456789abcdef".utf8)
        let upper = Array("0123456789ABCDEF".utf8)
        for byte in UInt8.min...UInt8.max {
            let expected = upper.firstIndex(of: byte) ?? lower.firstIndex(of: byte)
            #expect(ASCIIHex.value(of: byte) == expected.map(UInt8.init), "byte \(byte)")
            #expect(ASCIIHex.value(ofUppercase: byte) == upper.firstIndex(of: byte).map(UInt8.init), "byte \(byte)")
        }
    }

    @Test("each value below 16 is written as its uppercase digit, which reads back as the value")
    func digitsRoundTrip() {
        for value in UInt8(0)..<16 {
            let digit = ASCIIHex.uppercaseDigit(value)
            #expect(digit == Array("0123456789ABCDEF".utf8)[Int(value)])
            #expect(ASCIIHex.value(ofUppercase: digit) == value)
        }
    }
}
