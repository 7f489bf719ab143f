import Foundation
import Testing

@testable import ClerkKit

/// Fields recorded responses of the real service carry that the 2026-05-12 description lags behind on.
@Suite struct RealShapeModelTests {
    @available(OS2023, *)
    private func decode<T: Decodable>(_ type: T.Type, _ object: Any) throws -> T {
        try ClerkJSON.decoder().decode(type, from: Fixtures.data(object))
    }

    @available(OS2023, *)
    @Test func localeAndClientTrustBypass() throws {
        var user = Fixtures.user()
        user["locale"] = "fr-FR"
        user["bypass_client_trust"] = true
        let decoded = try decode(User.self, user)
        #expect(decoded.locale == "fr-FR")
        #expect(decoded.bypassClientTrust == true)
        var signIn = Fixtures.signIn()
        signIn["locale"] = "de-DE"
        #expect(try decode(SignIn.self, signIn).locale == "de-DE")
        var signUp = Fixtures.signUp()
        signUp["locale"] = "en-GB"
        #expect(try decode(SignUp.self, signUp).locale == "en-GB")
        // Absent or null, as the description's shapes have them.
        var unset = Fixtures.user()
        unset["locale"] = NSNull()
        #expect(try decode(User.self, unset).locale == nil)
        #expect(try decode(User.self, Fixtures.user()).bypassClientTrust == nil)
        // And written back under the same keys (the stored client).
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? [String: Any]
        #expect(encoded?["locale"] as? String == "fr-FR")
        #expect(encoded?["bypass_client_trust"] as? Bool == true)
    }
}
