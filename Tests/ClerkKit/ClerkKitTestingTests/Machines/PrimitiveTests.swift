import Foundation
import Testing

@testable import ClerkKitTesting

@Suite("Emulator primitives")
struct PrimitiveTests {
    /// RFC 6238 appendix B (SHA-1), truncated to the 6 digits authenticator apps show.
    @Test(
        "TOTP matches the RFC 6238 test vectors",
        arguments: [
            (59, "287082"), (1_111_111_109, "081804"), (1_111_111_111, "050471"), (1_234_567_890, "005924"),
            (2_000_000_000, "279037"),
        ])
    @available(OS2023, *)
    func totpVectors(seconds: Int64, code: String) {
        let secret = Array("12345678901234567890".utf8)
        #expect(TOTP.code(secret: secret, at: seconds * 1000) == code)
        #expect(TOTP.verify(code, secret: secret, at: seconds * 1000 + 29_000))
        #expect(!TOTP.verify(code, secret: secret, at: seconds * 1000 + 120_000))
    }

    @Test("Base32 round-trips and matches RFC 4648")
    @available(OS2023, *)
    func base32() {
        #expect(TOTP.base32(Array("foobar".utf8)) == "MZXW6YTBOI")
        #expect(TOTP.decodeBase32("MZXW6YTBOI======") == Array("foobar".utf8))
        #expect(TOTP.decodeBase32("not base32!") == nil)
        #expect(TOTP.base32(Array("12345678901234567890".utf8)) == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
    }

    @Test("Base64url matches RFC 4648 §5 without padding, for every length of a final group")
    @available(OS2023, *)
    func base64URL() {
        #expect(Base64URL.encode([UInt8]()) == "")
        #expect(Base64URL.encode(Array("f".utf8)) == "Zg")
        #expect(Base64URL.encode(Array("fo".utf8)) == "Zm8")
        #expect(Base64URL.encode(Array("foo".utf8)) == "Zm9v")
        #expect(Base64URL.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        var generator = SystemRandomNumberGenerator()
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let standard = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == standard, "\(length) bytes")
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == Data(bytes))
        }
    }

    @Test("Random identifiers have the asked length, use the whole alphabet only, and differ")
    @available(OS2023, *)
    func randomIdentifiers() {
        let alphabet = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        for count in [0, 1, 7, 8, 9, 27, 48] { #expect(IDs.random(count).count == count) }
        let made = (0..<2_000).map { _ in IDs.make("sess") }
        #expect(Set(made).count == made.count)
        #expect(made.allSatisfy { $0.hasPrefix("sess_") && $0.count == 32 })
        let seen = Set(made.flatMap { $0.dropFirst(5) })
        // 54,000 characters: each of the 62 is expected about 870 times, so all of them show up.
        #expect(seen == alphabet)
    }

    @Test("Form bodies: plus and percent decoding, repeated keys, empty values, malformed escapes")
    @available(OS2023, *)
    func formBodies() throws {
        let form = try FormBody(parsing: "a=1&b=two+words&c=%F0%9F%99%82&a=2&flag&empty=")
        #expect(form["a"] == "2")
        #expect(form["b"] == "two words")
        #expect(form["c"] == "🙂")
        #expect(form["flag"] == "")
        #expect(form.names == ["a", "b", "c", "a", "flag", "empty"])
        #expect(throws: FAPIError.self) { try FormBody(parsing: "a=%ZZ") }
        #expect(throws: FAPIError.self) { try FormBody(parsing: "a=%2") }
        #expect(throws: FAPIError.self) { try FormBody(parsing: "a=%FF") }
        #expect(try FormBody(parsing: "a=%2B%2b+%25%41").pairs.map(\.1) == ["++ %A"])
        #expect(try FormBody(parsing: "caf%C3%A9=%e2%82%ac").pairs.map(\.0) == ["café"])
        #expect(throws: FAPIError.self) { try FormBody(parsing: "=1") }
        #expect(try FormBody(parsing: "").names.isEmpty)
        #expect(try FormBody(parsing: "transfer=1").bool("transfer") == true)
        #expect(try FormBody(parsing: "transfer=false").bool("transfer") == false)
        #expect(throws: FAPIError.self) { try FormBody(parsing: "transfer=yes").bool("transfer") }
        #expect(throws: FAPIError.paramUnknown("x")) { try FormBody(parsing: "x=1").requireKnown(["y"]) }
    }

    @Test("JSON serialization escapes strings and keeps key order")
    @available(OS2023, *)
    func json() {
        let value: JSON = [
            "b": "quote \" slash \\ newline \n tab \t bell \u{7}", "a": [1, true, nil, .double(1.5)], "é": "ü",
        ]
        #expect(
            value.serializedString
                == #"{"b":"quote \" slash \\ newline \n tab \t bell \u0007","a":[1,true,null,1.5],"é":"ü"}"#)
        #expect(
            JSON.parseObject(#"{"z":1,"a":{"b":[false,"x"]}}"#)?.serializedString == #"{"a":{"b":[false,"x"]},"z":1}"#)
        #expect(JSON.parseObject("[1]") == nil)
        #expect(JSON.parseObject("{") == nil)
    }

    @Test("Fault patterns: methods, single-segment and trailing wildcards")
    @available(OS2023, *)
    func faultPatterns() {
        let any = ClerkEmulator.Fault(path: "/v1/client/sessions/*/tokens")
        #expect(any.matches(method: "POST", path: "/v1/client/sessions/sess_1/tokens"))
        #expect(!any.matches(method: "POST", path: "/v1/client/sessions/sess_1/tokens/tpl"))
        #expect(!any.matches(method: "POST", path: "/v1/client/sessions/sess_1"))
        let rest = ClerkEmulator.Fault(method: "get", path: "/v1/client/**")
        #expect(rest.matches(method: "GET", path: "/v1/client/sign_ins/sia_1"))
        #expect(!rest.matches(method: "POST", path: "/v1/client/sign_ins"))
    }

    @Test("Identifiers are classified and phone numbers normalized")
    @available(OS2023, *)
    func identifiers() {
        #expect(IdentifierKind(classifying: "ada@example.com") == .emailAddress)
        #expect(IdentifierKind(classifying: "+1 (415) 555-2671") == .phoneNumber)
        #expect(IdentifierKind(classifying: "ada_l") == .username)
        #expect(IdentifierKind.normalizedPhone("+1 (415) 555-2671") == "+14155552671")
    }

    @Test("Passwords are kept as salted digests")
    @available(OS2023, *)
    func passwords() {
        let digest = PasswordDigest(password: "secret words", salt: Array("s1".utf8))
        #expect(digest.matches("secret words"))
        #expect(!digest.matches("secret word"))
        #expect(digest != PasswordDigest(password: "secret words", salt: Array("s2".utf8)))
    }
}
