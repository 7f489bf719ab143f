import Foundation
import Testing

@testable import Wormhole

@Suite("JSON serializer's direct encoding")
struct FastJSONEncoderTests {
    struct Point: Codable, Equatable {
        var x: Int
        var y: Double
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case polygon([Point])
        case empty
    }

    struct Everything: Codable, Equatable {
        var text: String
        var escapes: String
        var flag: Bool
        var small: Int8
        var big: UInt64
        var negative: Int64
        var float: Float
        var doubles: [Double]
        var missing: String?
        var present: Int?
        var nested: [[Point]]
        var shapes: [Shape]
        var single: Wrapper
    }

    struct Wrapper: Codable, Equatable {
        var value: String
        init(_ value: String) { self.value = value }
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(String.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    class Base: Codable {
        var id = 1
    }

    final class Derived: Base {
        var name = "derived"
        private enum Keys: String, CodingKey { case name }
        override init() { super.init() }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    static let everything = Everything(
        text: "ünïcode ✓ 🚀 plain",
        escapes: "quote \" backslash \\ slash / tab \t newline \n cr \r bell \u{7} nul \u{0}",
        flag: true, small: -8, big: .max, negative: .min, float: 0.1,
        doubles: [
            0, 1, -1.5, 0.1, 1e-7, 1e300, -0.0, .pi, 123_456_789.125, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ],
        missing: nil, present: 3, nested: [[Point(x: 1, y: 2.5)], []],
        shapes: [.circle(radius: 2), .polygon([Point(x: 0, y: 0)]), .empty], single: Wrapper("one"))

    static func reference(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    /// The same JSON document, whatever the order of object members (`JSONEncoder`'s follows hashing).
    static func sameDocument(_ first: Data, _ second: Data) throws -> Bool {
        func canonical(_ data: Data) throws -> Data {
            let document = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .fragmentsAllowed])
        }
        return try canonical(first) == canonical(second)
    }

    /// The text of one member, `"key":value`, as written.
    static func member(_ key: String, in data: Data) -> Substring? {
        let text = String(decoding: data, as: UTF8.self)
        guard let start = text.range(of: "\"\(key)\":") else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        var index = start.upperBound
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "[" || character == "{" {
                depth += 1
            } else if character == "]" || character == "}" {
                if depth == 0 { break }
                depth -= 1
            } else if character == "," && depth == 0 {
                break
            }
            index = text.index(after: index)
        }
        return text[start.lowerBound..<index]
    }

    @Test("Writes what JSONEncoder writes: the same escapes and numbers, members in declaration order")
    func sameJSON() throws {
        let fast = try FastJSONEncoder.encode(Self.everything)
        let reference = try Self.reference(Self.everything)
        #expect(try Self.sameDocument(fast, reference))
        for key in ["text", "escapes", "big", "negative", "float", "doubles", "single"] {
            #expect(Self.member(key, in: fast) == Self.member(key, in: reference), "\(key)")
        }
        #expect(String(decoding: fast, as: UTF8.self).hasPrefix(#"{"text":"ünïcode ✓ 🚀 plain","escapes":"#))
        #expect(try JSONDecoder().decode(Everything.self, from: fast) == Self.everything)
        for value in ["", "/", "\u{1F}", String(repeating: "x", count: 70_000)] {
            #expect(try FastJSONEncoder.encode(value) == Self.reference(value))
        }
        #expect(try FastJSONEncoder.encode(42) == Self.reference(42))
        #expect(try FastJSONEncoder.encode([String: Int]()) == Self.reference([String: Int]()))
        #expect(try FastJSONEncoder.encode(Point(x: 1, y: 2)) == Data(#"{"x":1,"y":2}"#.utf8))
    }

    @Test("Strings with escapes anywhere in or across eight-byte runs are written as JSONEncoder writes them")
    func randomStrings() throws {
        // A fixed linear congruential sequence, so every run checks the same strings.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet: [Character] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}", "é", "✓", "🚀", "~", "\u{20}",
        ]
        for _ in 0..<2000 {
            let text = String((0..<next(40)).map { _ in alphabet[next(alphabet.count)] })
            #expect(try FastJSONEncoder.encode(text) == Self.reference(text), "\(text.debugDescription)")
        }
    }

    @Test("A class hierarchy through a super encoder decodes as written")
    func superEncoder() throws {
        let fast = try FastJSONEncoder.encode(Derived())
        let decoded = try JSONDecoder().decode(Derived.self, from: fast)
        #expect(decoded.name == "derived")
        #expect(decoded.id == 1)
        #expect(String(decoding: fast, as: UTF8.self) == #"{"name":"derived","super":{"id":1}}"#)
    }

    @Test("Dates, data, URLs and non-finite numbers are left to JSONEncoder by the serializer")
    @available(OS2022, *)
    func fallsBack() throws {
        struct Stamped: Codable, Equatable {
            var when: Date
            var bytes: Data
            var link: URL
        }
        let stamped = Stamped(
            when: Date(timeIntervalSince1970: 1_700_000_000), bytes: Data([1, 2, 3]),
            link: URL(fileURLWithPath: "/tmp/x"))
        #expect(throws: JSONFastPathUnsupported.self) { try FastJSONEncoder.encode(stamped) }
        #expect(throws: JSONFastPathUnsupported.self) { try FastJSONEncoder.encode([Double.infinity]) }
        let serializer = JSONMessageSerializer()
        let encoded = try serializer.encode(stamped, for: "stamped")
        #expect(try Self.sameDocument(encoded, Self.reference(stamped)))
        #expect(Self.member("when", in: encoded) == #""when":"2023-11-14T22:13:20Z""#)
        #expect(try serializer.decode(Stamped.self, from: encoded, for: "stamped") == stamped)
        #expect(throws: WormholeError.self) { try serializer.encode([Double.nan], for: "nan") }
        #expect(try serializer.encode(Self.everything, for: "all") == FastJSONEncoder.encode(Self.everything))
    }
}
