import CourierPrimitives

/// Conversions of a tape's strings and numbers to Swift values.
///
/// A number conversion answers `nil` when it cannot give the exactly rounded value cheaply (a fraction or exponent
/// for an integer, more digits or a larger exponent than exact arithmetic allows for a floating-point type, an
/// overflow): the decoder then asks Foundation's `JSONDecoder` for that one value, so the result and the failures
/// are always Foundation's.
extension JSONTape {
    /// The string at `index`, escapes resolved. The parser has checked its UTF-8 and its escapes.
    func string(at index: Int) -> String {
        let entry = entries[index]
        let text = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start) + Int(entry.length)])
        guard entry.flags & Self.escaped != 0 else { return String(decoding: text, as: UTF8.self) }
        return Self.unescaped(text)
    }

    private static func unescaped(_ text: UnsafeBufferPointer<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var position = 0
        while position < text.count {
            let byte = text[position]
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                position += 1
                continue
            }
            let escape = text[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hexUnit(text, at: position))
                position += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = UInt32(hexUnit(text, at: position + 2))
                    position += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                if let unicode = Unicode.Scalar(scalar), let encoded = UTF8.encode(unicode) {
                    result.append(contentsOf: encoded)
                }
            default: result.append(escape)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func hexUnit(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt16 {
        var unit: UInt16 = 0
        for offset in 0..<4 {
            unit = unit << 4 | UInt16(ASCIIHex.value(of: text[position + offset]) ?? 0)
        }
        return unit
    }

    /// The number at `index` as `T` if it is written as an integer that fits.
    @inline(__always)
    func integer<T: FixedWidthInteger>(at index: Int, as type: T.Type) -> T? {
        guard let (negative, magnitude) = wholeNumber(at: index) else { return nil }
        guard negative else { return T(exactly: magnitude) }
        guard magnitude != 0 else { return 0 }
        guard T.isSigned else { return nil }
        if let positive = T(exactly: magnitude) { return 0 - positive }
        return T.bitWidth <= 64 && magnitude - 1 == UInt64(truncatingIfNeeded: T.max) ? T.min : nil
    }

    /// The sign and magnitude of the number at `index` if it is written as an integer below 2^64.
    private func wholeNumber(at index: Int) -> (Bool, UInt64)? {
        let entry = entries[index]
        guard entry.kind == .number, entry.flags & Self.fractional == 0 else { return nil }
        var position = Int(entry.start)
        let end = position + Int(entry.length)
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var magnitude: UInt64 = 0
        while position < end {
            let (times10, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carried) = times10.addingReportingOverflow(UInt64(bytes[position] - UInt8(ascii: "0")))
            guard !overflowed, !carried else { return nil }
            magnitude = sum
            position += 1
        }
        return (negative, magnitude)
    }

    /// The number at `index` as a `Double` when exact arithmetic gives it correctly rounded: at most 2^53 as a
    /// whole number of digits, times or divided by a power of ten up to 10^22.
    func double(at index: Int) -> Double? {
        guard let (negative, mantissa, exponent) = decimal(at: index), mantissa <= 1 << 53, abs(exponent) <= 22
        else { return nil }
        let magnitude =
            exponent >= 0
            ? Double(mantissa) * Self.doublePowers[exponent] : Double(mantissa) / Self.doublePowers[-exponent]
        return negative ? -magnitude : magnitude
    }

    /// The number at `index` as a `Float` under the same rule: at most 2^24, times or divided by up to 10^10.
    func float(at index: Int) -> Float? {
        guard let (negative, mantissa, exponent) = decimal(at: index), mantissa <= 1 << 24, abs(exponent) <= 10
        else { return nil }
        let magnitude =
            exponent >= 0
            ? Float(mantissa) * Float(Self.doublePowers[exponent])
            : Float(mantissa) / Float(Self.doublePowers[-exponent])
        return negative ? -magnitude : magnitude
    }

    private static let doublePowers: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }

    /// The number at `index` as sign, digits and power of ten, when the digits fit in 19 places and the
    /// exponent in four.
    private func decimal(at index: Int) -> (Bool, UInt64, Int)? {
        let entry = entries[index]
        guard entry.kind == .number else { return nil }
        var position = Int(entry.start)
        let end = position + Int(entry.length)
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var inFraction = false
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 19 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if inFraction { exponent -= 1 }
            }
            position += 1
        }
        if position < end {
            position += 1
            var explicitNegative = false
            if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                explicitNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard end - position <= 4 else { return nil }
            var written = 0
            while position < end {
                written = written * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                position += 1
            }
            exponent += explicitNegative ? -written : written
        }
        return (negative, mantissa, exponent)
    }
}
