import Foundation
import Testing

@testable import ClerkKit

/// The pure decisions of provider flows: every verification status with and without a transfer, and every
/// way a callback URL can miss the redirect URL.
@Suite("Provider flows: verification and callback decisions")
struct ProviderVerificationTests {
    @available(OS2023, *)
    static func verification(_ status: VerificationStatus, error: ClerkAPIError? = nil) -> Verification {
        Verification(status: status, strategy: .oauth(provider: "google"), error: error)
    }

    @available(OS2023, *)
    static let denied = ClerkAPIError(code: "oauth_access_denied", message: "Access denied")

    @available(OS2023, *)
    @Test(arguments: [true, false])
    func everyStatusLeadsWhereItShould(transferable: Bool) {
        typealias Next = ProviderVerification.Next
        #expect(ProviderVerification.next(nil, transferable: transferable) == .done)
        #expect(ProviderVerification.next(Self.verification(.verified), transferable: transferable) == .done)
        #expect(ProviderVerification.next(Self.verification(.unverified), transferable: transferable) == .done)
        #expect(
            ProviderVerification.next(Self.verification(.transferable), transferable: transferable)
                == (transferable ? .transfer : .done))
        #expect(
            ProviderVerification.next(Self.verification(.failed, error: Self.denied), transferable: transferable)
                == .fail(Self.denied))
        #expect(ProviderVerification.next(Self.verification(.expired), transferable: transferable) == .fail(nil))
        #expect(
            ProviderVerification.next(Self.verification(.unverified, error: Self.denied), transferable: transferable)
                == .fail(Self.denied))
        #expect(
            ProviderVerification.next(Self.verification(.unknown("later")), transferable: transferable) == .done)
    }

    @available(OS2023, *)
    @Test func theNonceIsReadOnceDecodedFromTheRedirectURLOnly() throws {
        let redirect = try #require(URL(string: "com.example.app://callback"))
        let encoded = try #require(URL(string: "com.example.app://callback?rotating_token_nonce=a%2Bb%3D"))
        #expect(try ProviderVerification.nonce(in: encoded, redirectURL: redirect) == "a+b=")
        let bare = try #require(URL(string: "COM.EXAMPLE.APP://callback/"))
        #expect(try ProviderVerification.nonce(in: bare, redirectURL: redirect) == nil)
        let loopback = try #require(URL(string: "http://127.0.0.1:5000/callback"))
        for other in [
            "com.example.evil://callback?rotating_token_nonce=x", "com.example.app://elsewhere",
            "http://127.0.0.1:5001/callback", "http://localhost:5000/callback", "http://127.0.0.1:5000/other",
        ] {
            let url = try #require(URL(string: other))
            let target = other.hasPrefix("http") ? loopback : redirect
            #expect(throws: ClerkError.self) { try ProviderVerification.nonce(in: url, redirectURL: target) }
        }
        let failed = try #require(URL(string: "com.example.app://callback?error=access_denied"))
        let error = #expect(throws: ClerkError.self) {
            try ProviderVerification.nonce(in: failed, redirectURL: redirect)
        }
        #expect(error?.code == .invalidCallback)
    }
}
