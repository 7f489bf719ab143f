import Foundation
import Testing

@testable import DurableStreams

/// The fast decoder must be indistinguishable from `JSONDecoder`: same values, same successes and failures of
/// every step a model can observe, on valid and invalid documents.
@Suite("Fast JSON decoding")
struct FastJSONDecodingTests {
    /// Decodes `text` with `JSONDecoder`, with the tape decoder alone (when the strict parser accepts the text) and
    /// with ``FastJSONDecoding``, and checks that they agree: equal values, or all failing (``FastJSONDecoding``
    /// with `JSONDecoder`'s error). Returns whether the tape decoder took the document.
    @discardableResult
    private func agree<T: Decodable & Equatable>(
        _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        agree(type, Data(text.utf8), sourceLocation: sourceLocation)
    }

    @discardableResult
    private func agree<T: Decodable & Equatable>(
        _ type: T.Type, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        let expected = Result { try JSONDecoder().decode(type, from: data) }
        let fast = Result { try FastJSONDecoding.decode(type, from: data) }
        switch (expected, fast) {
        case (.success(let expected), .success(let fast)):
            #expect(fast == expected, "\(text)", sourceLocation: sourceLocation)
        case (.failure(let expected), .failure(let fast)):
            #expect("\(fast)" == "\(expected)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(text): JSONDecoder \(expected), fast \(fast)", sourceLocation: sourceLocation)
        }
        guard let tape = JSONTapeParser.parse(data) else { return false }
        let direct = Result { try TapeDecoder(tape: tape).decode(type, at: 0, path: .root) }
        switch (expected, direct) {
        case (.success(let expected), .success(let direct)):
            #expect(direct == expected, "\(text)", sourceLocation: sourceLocation)
        case (.failure, .failure):
            break
        default:
            Issue.record("\(text): JSONDecoder \(expected), tape \(direct)", sourceLocation: sourceLocation)
        }
        return true
    }

    @Test("scalars of every kind convert as JSONDecoder converts them")
    func scalars() {
        let values = [
            "0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "1.0", "1.5", "-0.0", "1e2", "1E+2",
            "1e-2", "0.1", "0.5", "1e22", "1e23", "1e-22", "1e-400", "1e400", "3.4028235e38", "3.5e38", "1e-50",
            "16777217", "9007199254740993", "9007199254740993.0", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
            "170141183460469231731687303715884105727", "-170141183460469231731687303715884105729", "65504", "65520",
            "123456789012345678901234567890", "0.30000000000000004", "2.2250738585072014e-308", "5e-324",
            "1.00000005960464477539062500001", "12345.6789e-3", "1e0005", "300", "-1", "1e20", "-129", "true", "false",
            "null", #""""#, #""abc""#,
            #""AQI=""#, #""AQI""#, #"" AQI=""#, #""https://example.com/a b""#, #""\u00e9\ud83d\ude00\n\t\"\\\/""#,
            #""e\u0301""#, #""\u0000""#, "[]", "{}", "[1,\"a\",null]", #"{"a":1}"#,
        ]
        for value in values {
            #expect(agree(JSONProbe.self, value))
            agree([JSONProbe].self, "[\(value), \(value)]")
            agree([String: JSONProbe].self, #"{"k": \#(value)}"#)
        }
    }

    @Test("a zero written with an exponent is JSONDecoder's to take or refuse, as its answer depends on the spelling")
    func zeroWithExponent() {
        for value in ["0e1", "0E2", "0.00e1", "-0.0e2", "0e0", "0e10", "0.0e2", "-0e2"] {
            #expect(!agree([JSONProbe].self, "[\(value)]"))
            agree([Double].self, "[\(value)]")
            agree([Int].self, "[\(value)]")
        }
    }

    @Test("records decode to the same values, with and without optional fields")
    func records() throws {
        let full = Record(
            id: 7, name: "user-7 é", score: 3.25, active: true, tags: ["a", "b"], level: .high,
            address: .init(street: "Main \"St\"", zip: 12345), ratio: 0.1, counts: ["x": 1, "y": 65535],
            created: Date(timeIntervalSinceReferenceDate: 12.5), payload: Data([1, 2, 3]),
            link: URL(string: "https://example.com/x?y=1"), amount: Decimal(string: "12.345"))
        let minimal = Record(
            id: -1, name: "", score: 0, active: false, tags: [], level: .low, address: nil, ratio: nil, counts: nil,
            created: nil, payload: nil, link: nil, amount: nil)
        let data = try JSONEncoder().encode([full, minimal, full])
        #expect(agree([Record].self, data))
        #expect(try FastJSONDecoding.decode([Record].self, from: data) == [full, minimal, full])
        let broken = [
            #"[{"id":1}]"#, #"[{"id":"1","name":"a","score":1,"active":true,"tags":[],"level":"low"}]"#,
            #"[{"id":1,"name":"a","score":1,"active":true,"tags":[],"level":"middle"}]"#,
            #"[{"id":1,"name":"a","score":1,"active":true,"tags":[],"level":"low","counts":{"x":-1}}]"#,
            #"[{"id":1,"name":"a","score":1,"active":true,"tags":[],"level":"low","address":{"zip":1}}]"#,
            #"[{"id":1,"name":"a","score":1,"active":true,"tags":[null],"level":"low"}]"#,
            #"[{"id":1.0,"name":"a","score":1,"active":true,"tags":[],"level":"low","ratio":1e39}]"#,
            #"[{"id":1,"id":2,"name":"a","score":1,"active":true,"tags":[],"level":"low","amount":1.10}]"#,
        ]
        for text in broken {
            agree([Record].self, text)
        }
    }

    @Test("hand-written models see the same containers, paths, ends and failures")
    func handWritten() {
        let documents = [
            #"{"list":[1,"a",null,2.5,"b"],"nested":{"value":3},"parent":"p","loose":4}"#,
            #"{"list":[1],"nested":{"value":3},"parent":"p","loose":"x"}"#,
            #"{"list":[1],"nested":{"value":3},"parent":"p"}"#,
            #"{"list":[1],"nested":{"value":3}}"#,
            #"{"list":[],"nested":{"value":3},"parent":"p"}"#,
            #"{"list":[1, true],"nested":{"value":3},"parent":"p"}"#,
            #"{"list":{},"nested":{"value":3},"parent":"p"}"#,
            #"{"list":[1],"nested":[],"parent":"p"}"#,
        ]
        for document in documents {
            #expect(agree(HandWritten.self, document))
        }
    }

    @Test("documents the strict parser refuses are JSONDecoder's to accept or refuse")
    func refusedDocuments() {
        let documents = [
            "[1,2,]", "\u{FEFF}[1]", "[01]", "[1.]", "[.5]", "[+1]", "[1] x", "[", "]", "", " ", "[\"\u{1}\"]",
            #"["\ud800"]"#, #"["\udc00"]"#, #"["\x"]"#, "[nul]", "[true false]", #"{"a" 1}"#, #"{"a":1,}"#,
            "{1:2}", "[" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "]",
        ]
        for document in documents {
            #expect(!agree([JSONProbe].self, document))
            agree(JSONProbe.self, document)
        }
        var invalidUTF8 = Data(#"[""#.utf8)
        invalidUTF8.append(contentsOf: [0xC0, 0xAF])
        invalidUTF8.append(contentsOf: Data(#""]"#.utf8))
        agree([JSONProbe].self, invalidUTF8)
    }

    @Test("random documents, and random damage to them, decode the same both ways")
    func randomDocuments() {
        var generator = JSONGenerator(seed: 0x5EED)
        var taken = 0
        for round in 0..<400 {
            let document = generator.document(depth: 3)
            if agree(JSONProbe.self, document) { taken += 1 }
            var bytes = Array(document.utf8)
            if !bytes.isEmpty {
                let position = generator.next(below: bytes.count)
                switch round % 3 {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(generator.punctuation(), at: position)
                default: bytes[position] = generator.punctuation()
                }
            }
            agree(JSONProbe.self, Data(bytes))
        }
        #expect(taken == 400, "every generated document is strict JSON, decoded by the tape decoder")
    }
}
