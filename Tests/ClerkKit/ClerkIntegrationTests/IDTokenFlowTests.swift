import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Sign in with Apple and ID-token sign-in end to end: tokens signed by the emulated Apple, checked by the
/// emulator (signature, issuer, audience, expiry), and clerk-ios's sign-up-first rule with its fallback.
@Suite("ClerkKit ↔ emulator: Sign in with Apple and ID tokens") @MainActor
struct IDTokenFlowTests {
    @available(OS2023, *)
    static let ada = ClerkEmulator.ProviderAccount(emailAddress: "ada@example.com", firstName: "Ada", lastName: "King")

    @available(OS2023, *)
    static func configuration(mode: ClerkEmulator.SignUpMode = .public) -> ClerkEmulator.Configuration {
        var configuration = ClerkEmulator.Configuration()
        configuration.oauthProviders = ["apple", "google"]
        configuration.signUp.mode = mode
        return configuration
    }

    @available(OS2023, *)
    @Test func aNewAppleIDSignsUpWithTheNameAppleShared() async throws {
        try await withHarness(Self.configuration()) { harness in
            let token = try await harness.emulator.identityToken(for: Self.ada)
            let apple = ScriptedAppleIDProvider(
                credential: AppleIDCredential(identityToken: token, firstName: "Ada", lastName: "King"))
            let result = try await harness.clerk.auth.signInWithApple(using: apple)
            guard case .signUp(let signUp) = result else { throw Expectation.failed("expected a sign-up") }
            #expect(signUp.status == .complete)
            #expect(harness.clerk.user?.lastName == "King")
            #expect(harness.clerk.user?.externalAccounts.map(\.provider) == ["oauth_apple"])
            // The same Apple ID later signs in: the sign-up finds the account and transfers.
            try await harness.clerk.auth.signOut()
            let again = try await harness.clerk.auth.signInWithApple(
                using: ScriptedAppleIDProvider(credential: AppleIDCredential(identityToken: token)))
            guard case .signIn(let signIn) = again else { throw Expectation.failed("expected a sign-in") }
            #expect(signIn.status == .complete)
        }
    }

    @available(OS2023, *)
    @Test(arguments: [ClerkEmulator.SignUpMode.restricted, .waitlist])
    func aRestrictedInstanceFallsBackToSigningIn(mode: ClerkEmulator.SignUpMode) async throws {
        try await withHarness(Self.configuration(mode: mode)) { harness in
            let seeded = try await harness.emulator.createUser(emailAddress: "ada@example.com")
            let token = try await harness.emulator.identityToken(for: Self.ada)
            let result = try await harness.clerk.auth.signInWithApple(
                using: ScriptedAppleIDProvider(credential: AppleIDCredential(identityToken: token)))
            #expect(result.createdSessionId != nil)
            #expect(harness.clerk.user?.id == seeded.id)
            let log = await harness.emulator.requestLog()
            let refused = log.first { $0.method == "POST" && $0.path == "/v1/client/sign_ups" }
            #expect(refused?.status == 403)
        }
    }

    @available(OS2023, *)
    @Test func forgedExpiredAndForeignTokensAreRefused() async throws {
        try await withHarness(Self.configuration()) { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com")
            let auth = harness.clerk.auth
            let good = try await harness.emulator.identityToken(for: Self.ada)
            var parts = good.split(separator: ".").map(String.init)
            parts[2] = String(parts[2].reversed())
            let tokens = [
                parts.joined(separator: "."),
                try await harness.emulator.identityToken(for: Self.ada, lifetime: .seconds(-1)),
                try await harness.emulator.identityToken(for: Self.ada, audience: "com.other.app"),
                try await harness.emulator.identityToken(for: Self.ada, provider: "google"),
                "not-a-token",
            ]
            for token in tokens {
                let refused = await refusal { () async throws(ClerkError) in
                    try await auth.signInWithIdToken(token, provider: .apple)
                }
                #expect(refused?.apiError?.code == "form_param_format_invalid")
                #expect(harness.clerk.session == nil)
            }
            // A Google ID token signs in as Google.
            let google = try await harness.emulator.identityToken(for: Self.ada, provider: "google")
            let result = try await auth.signInWithIdToken(google, provider: .google)
            #expect(result.createdSessionId != nil)
        }
    }

    @available(OS2023, *)
    @Test func aDismissedSheetSendsNothing() async throws {
        try await withHarness(Self.configuration()) { harness in
            let before = await harness.emulator.requestLog().count
            let dismissed = await refusal { () async throws(ClerkError) in
                try await harness.clerk.auth.signInWithApple(using: ScriptedAppleIDProvider(credential: nil))
            }
            #expect(dismissed?.code == .authenticationCancelled)
            #expect(await harness.emulator.requestLog().count == before)
        }
    }
}
