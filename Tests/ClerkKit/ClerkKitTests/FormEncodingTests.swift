import Foundation
import Testing

@testable import ClerkKit

@Suite struct FormEncodingTests {
    @available(OS2023, *)
    private struct Parameters: Encodable {
        var emailAddress: String?
        var password: String?
        var legalAccepted: Bool?
        var transfer: Bool?
        var additionalScope: [String]?
        var unsafeMetadata: JSONValue?
        var limit: Int?
        var organizationId: String?
    }

    @available(OS2023, *)
    @Test func encodesLikeClerkIOS() throws {
        let fields = try FormEncoding.fields(
            Parameters(
                emailAddress: "ada+clerk_test@example.com", password: nil, legalAccepted: true, transfer: false,
                additionalScope: ["a", "b"],
                unsafeMetadata: .object(["token": .string("some-value"), "nested_key": .number(1)]),
                limit: 20, organizationId: ""))
        #expect(
            fields.map(\.0) == [
                "additional_scope", "additional_scope", "email_address", "legal_accepted", "limit", "organization_id",
                "transfer", "unsafe_metadata",
            ])
        let values = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        #expect(values["email_address"] == "ada+clerk_test@example.com")
        #expect(values["legal_accepted"] == "1")
        #expect(values["transfer"] == "0")
        #expect(values["limit"] == "20")
        #expect(values["organization_id"] == "")
        #expect(values["unsafe_metadata"] == #"{"nested_key":1,"token":"some-value"}"#)
        #expect(fields.filter { $0.0 == "additional_scope" }.map(\.1) == ["a", "b"])
        #expect(values["password"] == nil)
    }

    @available(OS2023, *)
    @Test func percentEncodesEverythingButUnreserved() {
        let body = FormEncoding.encode([("identifier", "+1 555&=x"), ("_clerk_session_id", nil)])
        #expect(body == "identifier=%2B1%20555%26%3Dx&_clerk_session_id")
        let decoded = FormEncoding.decode(body)
        #expect(decoded.first?.1 == "+1 555&=x")
        #expect(decoded.last?.1 == nil)
    }

    @available(OS2023, *)
    /// Text without a byte to escape is returned as is; any other goes through the percent encoding.
    @available(OS2023, *)
    @Test func everyASCIICharacterIsEscapedOrKeptAsThePercentEncodingDoes() {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        for byte in UInt8(0)...UInt8(127) {
            let text = "a" + String(UnicodeScalar(byte)) + "z"
            #expect(FormEncoding.escape(text) == text.addingPercentEncoding(withAllowedCharacters: unreserved))
        }
        #expect(FormEncoding.escape("_is_native") == "_is_native")
        #expect(FormEncoding.escape("é~") == "%C3%A9~")
    }

    @Test func snakeCase() {
        #expect(FormEncoding.snakeCase("signOutOfOtherSessions") == "sign_out_of_other_sessions")
        #expect(FormEncoding.snakeCase("emailAddressId") == "email_address_id")
        #expect(FormEncoding.snakeCase("already_snake") == "already_snake")
    }

    @available(OS2023, *)
    @Test func nestedArraysOfObjectsAreJSONStrings() throws {
        struct Nested: Encodable { var items: [JSONValue] }
        let fields = try FormEncoding.fields(Nested(items: [.object(["a": .bool(true)]), .string("x")]))
        #expect(fields.count == 1)
        #expect(fields[0].1 == #"[{"a":true},"x"]"#)
    }

    @available(OS2023, *)
    @Test func nonObjectParametersAreAnEncodingError() {
        #expect(caught { try FormEncoding.fields(["a", "b"]) }?.code == .encoding)
    }
}
