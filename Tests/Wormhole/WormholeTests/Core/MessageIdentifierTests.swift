import Testing
import Wormhole

@Suite("MessageIdentifier")
struct MessageIdentifierTests {
    @Test("string literals, raw values and equality")
    @available(OS2022, *)
    func literalsAndEquality() {
        let literal: MessageIdentifier = "counter"
        #expect(literal == MessageIdentifier("counter"))
        #expect(literal == MessageIdentifier(rawValue: "counter"))
        #expect(literal != MessageIdentifier("Counter"))
        #expect(Set([literal, "counter", "other"]).count == 2)
        #expect(literal.description == "counter")
    }

    @Test(
        "escaping keeps safe names readable and makes every other name safe",
        arguments: [
            ("counter", "counter"),
            ("com.example.state", "com.example.state"),
            ("a-b_c.d", "a-b_c.d"),
            (".hidden", "%2Ehidden"),
            ("..", "%2E."),
            ("../secrets", "%2E.%2Fsecrets"),
            ("a/b", "a%2Fb"),
            ("with space", "with%20space"),
            ("tilde~", "tilde%7E"),
            ("100%", "100%25"),
            ("é", "%C3%A9"),
        ]
    )
    @available(OS2022, *)
    func escaping(identifier: String, expected: String) throws {
        let name = try MessageIdentifier(identifier).fileSystemName()
        #expect(name == expected)
        #expect(!name.contains("/"))
        #expect(MessageIdentifier(fileSystemName: name) == MessageIdentifier(identifier))
    }

    @Test("empty and overlong identifiers are rejected with a typed error")
    @available(OS2022, *)
    func invalid() {
        #expect(throws: WormholeError.self) { try MessageIdentifier("").fileSystemName() }
        let long = String(repeating: "é", count: 100)  // 600 bytes escaped
        #expect(throws: WormholeError.self) { try MessageIdentifier(long).fileSystemName() }
        let fits = String(repeating: "a", count: MessageIdentifier.maximumFileSystemNameLength)
        #expect((try? MessageIdentifier(fits).fileSystemName()) == fits)
    }

    @Test(
        "names that escaping never produces do not map back",
        arguments: ["", "%2", "%zz", "%61", ".hidden", "a/b", "a b", "%2e", "%FF"]
    )
    @available(OS2022, *)
    func nonCanonicalNames(name: String) {
        #expect(MessageIdentifier(fileSystemName: name) == nil)
    }
}
