/// Random JSON text from a seed: numbers in every written form, strings with escapes and non-ASCII text,
/// nested containers, and whitespace between tokens.
struct JSONGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func punctuation() -> UInt8 {
        let choices = Array(#"[]{},:"\-.e0 "#.utf8)
        return choices[next(below: choices.count)]
    }

    mutating func document(depth: Int) -> String {
        space() + value(depth: depth) + space()
    }

    private mutating func space() -> String {
        ["", "", " ", "\n", "\t ", "\r\n"][next(below: 6)]
    }

    private mutating func value(depth: Int) -> String {
        switch next(below: depth > 0 ? 9 : 6) {
        case 0: return ["true", "false", "null"][next(below: 3)]
        case 1, 2: return number()
        case 3, 4: return string()
        case 5: return ["\"AQI=\"", "\"https://example.com/p?q=1\"", "\"\""][next(below: 3)]
        case 6, 7:
            let count = next(below: 4)
            let elements = (0..<count).map { _ in space() + value(depth: depth - 1) + space() }
            return "[" + elements.joined(separator: ",") + "]"
        default:
            let count = next(below: 4)
            let members = (0..<count).map { _ in
                space() + string() + space() + ":" + space() + value(depth: depth - 1) + space()
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    private mutating func number() -> String {
        let sign = next(below: 4) == 0 ? "-" : ""
        let whole = [
            "0", "1", "7", "42", "127", "128", "255", "256", "65535", "2147483648", "9007199254740993",
            "9223372036854775807", "9223372036854775808", "18446744073709551616", "123456789012345678901",
        ][next(below: 15)]
        let fraction = ["", "", "", ".0", ".5", ".25", ".1", ".000001", ".30000000000000004"][next(below: 9)]
        let exponent = ["", "", "", "", "e2", "E-3", "e+10", "e22", "e23", "e-308", "e400", "e-400"][next(below: 12)]
        // A zero with an exponent is left to JSONDecoder (`zeroWithExponent`): the generated documents stay ones the
        // tape decoder takes.
        let isZero = whole == "0" && (fraction.isEmpty || fraction == ".0")
        return sign + whole + fraction + (isZero ? "" : exponent)
    }

    private mutating func string() -> String {
        let pieces = [
            "a", "user", "é", "e\u{301}", "😀", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\u0000",
            " ", "key", "id", "\\t", "ü", "中",
        ]
        let count = next(below: 4)
        return "\"" + (0..<count).map { _ in pieces[next(below: pieces.count)] }.joined() + "\""
    }
}
