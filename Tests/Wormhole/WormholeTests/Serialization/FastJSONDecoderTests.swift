import Foundation
import Testing

@testable import Wormhole

@Suite("JSON serializer's direct decoding")
struct FastJSONDecoderTests {
    typealias Everything = FastJSONEncoderTests.Everything

    /// `everything` without its `Float`, which is left to `JSONDecoder`.
    struct NoFloat: Codable, Equatable {
        var text: String
        var escapes: String
        var flag: Bool
        var small: Int8
        var big: UInt64
        var negative: Int64
        var doubles: [Double]
        var missing: String?
        var present: Int?
        var nested: [[FastJSONEncoderTests.Point]]
        var shapes: [FastJSONEncoderTests.Shape]
        var single: FastJSONEncoderTests.Wrapper
        var table: [String: [Int]]
    }

    static let value = NoFloat(
        text: "ünïcode ✓ 🚀 plain", escapes: FastJSONEncoderTests.everything.escapes, flag: false, small: -8,
        big: .max, negative: .min, doubles: FastJSONEncoderTests.everything.doubles, missing: nil, present: 3,
        nested: [[.init(x: 1, y: 2.5)], []], shapes: FastJSONEncoderTests.everything.shapes, single: .init("one"),
        table: ["a": [1, 2], "b": [], "c": [3], "d": [], "e": [], "f": [], "g": [], "h": [], "i": [9]])

    static func reference<Value: Decodable>(_ type: Value.Type, _ data: Data) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: data)
    }

    @Test("Decodes what JSONDecoder decodes, from JSONEncoder's output and from hand-written JSON")
    func sameValues() throws {
        let encoded = try JSONEncoder().encode(Self.value)
        #expect(FastJSONDecoder.decode(NoFloat.self, from: encoded) == Self.value)
        #expect(FastJSONDecoder.decode(NoFloat.self, from: encoded) == (try Self.reference(NoFloat.self, encoded)))
        let spaced = Data(
            #" { "x" : -12 , "y" : 2.5e-3 }  "#.utf8)
        #expect(FastJSONDecoder.decode(FastJSONEncoderTests.Point.self, from: spaced) == .init(x: -12, y: 0.0025))
        let escaped = Data(#""a\"b\\c\/d\b\f\n\r\t\u00e9\u0000\ud83d\ude80""#.utf8)
        #expect(FastJSONDecoder.decode(String.self, from: escaped) == "a\"b\\c/d\u{8}\u{C}\n\r\té\u{0}🚀")
        #expect(FastJSONDecoder.decode(String.self, from: escaped) == (try Self.reference(String.self, escaped)))
        let long = String(repeating: "x", count: 70_000)
        #expect(FastJSONDecoder.decode(String.self, from: try JSONEncoder().encode(long)) == long)
        #expect(FastJSONDecoder.decode(Int.self, from: Data("42".utf8)) == 42)
        #expect(FastJSONDecoder.decode([Int?].self, from: Data("[1,null,3]".utf8)) == [1, nil, 3])
        let derived = FastJSONDecoder.decode(
            FastJSONEncoderTests.Derived.self, from: Data(#"{"name":"n","super":{"id":7}}"#.utf8))
        #expect(derived?.name == "n")
        #expect(derived?.id == 7)
    }

    @Test("Random strings with escapes and non-ASCII text decode as JSONDecoder decodes them")
    func randomStrings() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet: [Character] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\u{1}", "\u{7F}", "é", "✓", "🚀", "~"]
        for _ in 0..<2000 {
            let text = String((0..<next(40)).map { _ in alphabet[next(alphabet.count)] })
            let data = try JSONEncoder().encode([text])
            #expect(FastJSONDecoder.decode([String].self, from: data) == [text], "\(text.debugDescription)")
        }
    }

    @Test(
        "Leaves to JSONDecoder what it would not decode the same way",
        arguments: [
            "{\"x\":1.0,\"y\":2}",  // an integer written with a fraction
            "{\"x\":1e2,\"y\":2}",  // or an exponent
            "{\"x\":-0,\"y\":2}",
            "{\"x\":99999999999999999999,\"y\":2}",  // too large for Int
            "{\"x\":1,\"x\":2,\"y\":2}",  // a duplicate key
            "{\"x\":1}",  // a missing key
            "{\"x\":\"1\",\"y\":2}",  // a type mismatch
            "{\"x\":1,\"y\":2} x",  // trailing text
            "{\"x\":01,\"y\":2}",  // not JSON
            "{\"x\":1,\"y\":2,}",
            "\"\u{1}\"",  // a raw control character
            "\"\\ud800\"",  // a lone surrogate
        ])
    func leavesToJSONDecoder(json: String) {
        #expect(FastJSONDecoder.decode(FastJSONEncoderTests.Point.self, from: Data(json.utf8)) == nil)
    }

    @Test("Invalid UTF-8 is left to JSONDecoder")
    func invalidUTF8() {
        #expect(FastJSONDecoder.decode(String.self, from: Data([0x22, 0x61, 0xFF, 0x22])) == nil)
        #expect(FastJSONDecoder.decode(String.self, from: Data([0x22, 0xF0, 0x9F, 0x98, 0x22])) == nil)
    }

    /// Tries `Int` first and falls back to `String`: `JSONDecoder` decodes `1.0` as the integer 1.
    struct Lenient: Decodable, Equatable {
        var value: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                value = "int \(number)"
            } else {
                value = "string \(try container.decode(String.self))"
            }
        }
    }

    @Test("A value that catches a decoding error is still decoded by JSONDecoder, as it would have been")
    func caughtErrors() throws {
        let data = Data("1.0".utf8)
        #expect(FastJSONDecoder.decode(Lenient.self, from: data) == nil)
        let serializer = JSONMessageSerializer()
        #expect(try serializer.decode(Lenient.self, from: data, for: "x") == Self.reference(Lenient.self, data))
        #expect(try serializer.decode(Lenient.self, from: Data("2".utf8), for: "x").value == "int 2")
    }

    @Test("The serializer decodes dates, data, floats and failures through JSONDecoder")
    @available(OS2022, *)
    func serializerFallsBack() throws {
        let serializer = JSONMessageSerializer()
        let everything = try serializer.encode(FastJSONEncoderTests.everything, for: "all")
        #expect(FastJSONDecoder.decode(Everything.self, from: everything) == nil)
        #expect(try serializer.decode(Everything.self, from: everything, for: "all") == FastJSONEncoderTests.everything)
        let error = #expect(throws: WormholeError.self) {
            try serializer.decode(FastJSONEncoderTests.Point.self, from: Data(#"{"x":1}"#.utf8), for: "p")
        }
        #expect(error?.code == .decodingFailed)
        #expect(error?.reason.contains("y") == true)
    }
}
