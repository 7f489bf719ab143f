import CourierPrimitives

/// JSON mode: validates a request body and turns it into messages in storage form.
///
/// Storage form is each message in compact form (insignificant whitespace removed, everything else —
/// numbers, string escapes, key order — kept byte for byte) followed by a comma, so that appends concatenate
/// and a read is answered with `[` + the bytes without their last comma + `]`. A top-level array contributes
/// its elements as separate messages (one level of flattening); any other value is one message.
@available(OS2023, *)
enum JSONMessages {
    /// The deepest nesting accepted, to bound the work and memory one request can cost.
    static let maximumDepth = 256

    /// Validates `body` and returns its messages in storage form.
    ///
    /// - Parameters:
    ///   - body: The request body (UTF-8 JSON; a leading byte-order mark is ignored).
    ///   - allowEmptyArray: Whether `[]` is accepted (it is for create, not for append).
    /// - Returns: The storage form, or why the body is refused.
    static func storageForm(of body: [UInt8], allowEmptyArray: Bool) -> Result<[UInt8], Failure> {
        var start = 0
        if body.count >= 3 && body[0] == 0xEF && body[1] == 0xBB && body[2] == 0xBF { start = 3 }
        var parser = Parser(bytes: body, index: start)
        let compact: [UInt8]
        switch parser.parseDocument() {
        case .success(let value): compact = value
        case .failure(let failure): return .failure(failure)
        }
        guard compact.first == UInt8(ascii: "[") else {
            return .success(compact + [UInt8(ascii: ",")])
        }
        if compact.count == 2 {
            return allowEmptyArray ? .success([]) : .failure(Failure("an empty JSON array appends nothing"))
        }
        var form = Array(compact[1..<compact.count - 1])
        form.append(UInt8(ascii: ","))
        return .success(form)
    }

    /// A JSON array holding the stored messages (`[]` when there are none).
    static func array(fromStorageForm payload: [UInt8]) -> [UInt8] {
        guard !payload.isEmpty else { return [UInt8(ascii: "["), UInt8(ascii: "]")] }
        var array: [UInt8] = []
        array.reserveCapacity(payload.count + 1)
        array.append(UInt8(ascii: "["))
        array.append(contentsOf: payload[0..<payload.count - 1])
        array.append(UInt8(ascii: "]"))
        return array
    }

    /// Why a body is not acceptable JSON.
    struct Failure: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private struct Parser {
        private enum Container { case array, object }
        private enum Expectation { case value, valueOrEnd, key, keyOrEnd, colon, commaOrEnd, done }

        let bytes: [UInt8]
        var index: Int
        private var output: [UInt8] = []
        private var stack: [Container] = []

        init(bytes: [UInt8], index: Int) {
            self.bytes = bytes
            self.index = index
            output.reserveCapacity(bytes.count)
        }

        mutating func parseDocument() -> Result<[UInt8], Failure> {
            var expectation = Expectation.value
            while true {
                skipWhitespace()
                guard index < bytes.count else {
                    if expectation == .done { return .success(output) }
                    return .failure(
                        Failure(output.isEmpty ? "the body is empty, not JSON" : "the JSON text ends too early"))
                }
                let byte = bytes[index]
                switch expectation {
                case .done:
                    return .failure(Failure("unexpected data after the JSON value at byte \(index)"))
                case .value, .valueOrEnd:
                    if expectation == .valueOrEnd && byte == UInt8(ascii: "]") {
                        close(byte)
                        expectation = afterValue
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        guard stack.count < JSONMessages.maximumDepth else {
                            return .failure(Failure("JSON nested deeper than \(JSONMessages.maximumDepth) levels"))
                        }
                        stack.append(byte == UInt8(ascii: "{") ? .object : .array)
                        output.append(byte)
                        index += 1
                        expectation = byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd
                        continue
                    case UInt8(ascii: "\""):
                        if let failure = scanString() { return .failure(failure) }
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        if let failure = scanNumber() { return .failure(failure) }
                    case UInt8(ascii: "t"):
                        if let failure = scanLiteral("true") { return .failure(failure) }
                    case UInt8(ascii: "f"):
                        if let failure = scanLiteral("false") { return .failure(failure) }
                    case UInt8(ascii: "n"):
                        if let failure = scanLiteral("null") { return .failure(failure) }
                    default:
                        return .failure(Failure("unexpected character at byte \(index) (expected a JSON value)"))
                    }
                    expectation = afterValue
                case .key, .keyOrEnd:
                    if expectation == .keyOrEnd && byte == UInt8(ascii: "}") {
                        close(byte)
                        expectation = afterValue
                        continue
                    }
                    guard byte == UInt8(ascii: "\"") else {
                        return .failure(Failure("expected a string key at byte \(index)"))
                    }
                    if let failure = scanString() { return .failure(failure) }
                    expectation = .colon
                case .colon:
                    guard byte == UInt8(ascii: ":") else { return .failure(Failure("expected ':' at byte \(index)")) }
                    output.append(byte)
                    index += 1
                    expectation = .value
                case .commaOrEnd:
                    let container = stack.last
                    if byte == UInt8(ascii: ",") {
                        output.append(byte)
                        index += 1
                        expectation = container == .array ? .value : .key
                    } else if byte == UInt8(ascii: "]") && container == .array
                        || byte == UInt8(ascii: "}") && container == .object
                    {
                        close(byte)
                        expectation = afterValue
                    } else {
                        return .failure(
                            Failure(
                                "expected ',' or the end of the \(container == .array ? "array" : "object") at byte \(index)"
                            ))
                    }
                }
            }
        }

        private var afterValue: Expectation { stack.isEmpty ? .done : .commaOrEnd }

        private mutating func close(_ byte: UInt8) {
            stack.removeLast()
            output.append(byte)
            index += 1
        }

        private mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        private mutating func scanLiteral(_ literal: StaticString) -> Failure? {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return Failure("invalid literal at byte \(index)") }
            let matches = literal.withUTF8Buffer { expected in bytes[index..<index + count].elementsEqual(expected) }
            guard matches else { return Failure("invalid literal at byte \(index)") }
            output.append(contentsOf: bytes[index..<index + count])
            index += count
            return nil
        }

        private mutating func scanNumber() -> Failure? {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    index += 1
                }
                return index - from
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { return Failure("invalid number at byte \(start)") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else if digits() == 0 {
                return Failure("invalid number at byte \(start)")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return Failure("invalid number at byte \(start)") }
            }
            var hasExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { return Failure("invalid number at byte \(start)") }
                hasExponent = true
            }
            // RFC 8259 §6 lets an implementation limit the range: a number no IEEE 754 double can hold (it
            // would read back as infinity, as `1e99999` does) is refused; the text of any other is kept as sent.
            if hasExponent || index - start > 308 {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                guard let value = Double(text), value.isFinite else {
                    return Failure("number out of range at byte \(start)")
                }
            }
            output.append(contentsOf: bytes[start..<index])
            return nil
        }

        /// Scans a string, validating escapes and UTF-8 and refusing raw control characters.
        private mutating func scanString() -> Failure? {
            let start = index
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    output.append(contentsOf: bytes[start..<index])
                    return nil
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { return Failure("unterminated string at byte \(start)") }
                    switch bytes[index + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                        UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 2
                    case UInt8(ascii: "u"):
                        guard let unit = codeUnit(at: index) else {
                            return Failure("invalid \\u escape at byte \(index)")
                        }
                        // A surrogate must come as a high-low pair (RFC 8259 §7, §8.2): a lone one names no
                        // character and is refused.
                        if (0xDC00...0xDFFF).contains(unit) {
                            return Failure("lone low surrogate \\u escape at byte \(index)")
                        }
                        if (0xD800...0xDBFF).contains(unit) {
                            guard let low = codeUnit(at: index + 6), (0xDC00...0xDFFF).contains(low) else {
                                return Failure("lone high surrogate \\u escape at byte \(index)")
                            }
                            index += 6
                        }
                        index += 6
                    default:
                        return Failure("invalid escape at byte \(index)")
                    }
                case 0x00..<0x20:
                    return Failure("unescaped control character in a string at byte \(index)")
                case 0x20..<0x80:
                    index += 1
                default:
                    let length = bytes.withUnsafeBufferPointer { UTF8Sequence.length(in: $0, at: index) }
                    guard let length else {
                        return Failure("invalid UTF-8 at byte \(index)")
                    }
                    index += length
                }
            }
            return Failure("unterminated string at byte \(start)")
        }

        /// The UTF-16 code unit of a `\\uXXXX` escape starting at `position`, or `nil` if there is none.
        private func codeUnit(at position: Int) -> UInt16? {
            guard position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { return nil }
            var value: UInt16 = 0
            for byte in bytes[position + 2..<position + 6] {
                guard Self.isHexDigit(byte) else { return nil }
                let digit =
                    byte <= UInt8(ascii: "9")
                    ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
                value = value << 4 | UInt16(digit)
            }
            return value
        }

        private static func isHexDigit(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"):
                true
            default: false
            }
        }
    }
}
