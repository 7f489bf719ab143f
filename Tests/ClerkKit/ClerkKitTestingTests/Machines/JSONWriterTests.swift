import Foundation
import Testing

@testable import ClerkKitTesting

@Suite("The emulator's JSON writer")
struct JSONWriterTests {
    @Test("strings with quotes, backslashes, control characters and non-ASCII text read back unchanged")
    func escapes() throws {
        let texts = [
            "plain", "quote \" and \\ backslash", "line\nfeed\r\ttab", "bell \u{7} nul \u{0}", "é, 日本, 🎉", "",
            "\u{1F}end",
        ]
        let value: JSON = .object(texts.enumerated().map { ("k\($0.offset)\"", .string($0.element)) })
        let bytes = value.serialized
        #expect(try JSONDecoder().decode(JSON.self, from: bytes) == value)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#"bell \u0007 nul \u0000"#))
        #expect(JSON.array([.int(-3), .bool(true), .null, .double(1.5)]).serializedString == "[-3,true,null,1.5]")
    }
}
