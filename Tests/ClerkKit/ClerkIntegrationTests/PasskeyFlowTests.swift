import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Passkeys end to end: a software WebAuthn authenticator (P-256) creates and uses credentials; the emulator checks
/// them as a relying party (challenge, origin, relying party id, signature, counter). No signature is stubbed.
@Suite("ClerkKit ↔ emulator: passkeys") @MainActor
struct PasskeyFlowTests {
    @available(OS2023, *)
    static func configuration(passkeys: Bool = true) -> ClerkEmulator.Configuration {
        var configuration = ClerkEmulator.Configuration()
        configuration.passkeyRelyingPartyID = passkeys ? "example.com" : nil
        return configuration
    }

    /// Signs in with the password, registers a passkey with `authenticator`, and signs out.
    @available(OS2023, *)
    func enroll(_ harness: Harness, _ authenticator: SoftwarePasskeyAuthenticator) async throws -> Passkey {
        _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
        try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
        let passkey = try await harness.clerk.account.createPasskey(using: authenticator)
        try await harness.clerk.auth.signOut()
        return passkey
    }

    @available(OS2023, *)
    @Test func aRegisteredPasskeySignsInAgainAndAgain() async throws {
        try await withHarness(Self.configuration()) { harness in
            let authenticator = SoftwarePasskeyAuthenticator()
            let passkey = try await enroll(harness, authenticator)
            #expect(passkey.verification?.status == .verified)
            #expect(try await authenticator.credentialIDs(for: "example.com").count == 1)
            for _ in 0..<3 {
                let signIn = try await harness.clerk.auth.signInWithPasskey(using: authenticator, autofill: true)
                #expect(signIn.status == .complete)
                #expect(harness.clerk.user?.passkeys.map(\.id) == [passkey.id])
                #expect(harness.clerk.user?.passkeys.first?.lastUsedAt != nil)
                try await harness.clerk.auth.signOut()
            }
            // With an identifier first, the factor is offered and the nonce names the user's credential.
            let identified = try await harness.clerk.auth.signIn(identifier: "ada@example.com")
            #expect(identified.supportedFirstFactors.contains { $0.strategy == .passkey })
            let done = try await harness.clerk.auth.attemptPasskey(identified, using: authenticator)
            #expect(done.status == .complete)
        }
    }

    @available(OS2023, *)
    @Test func tamperedClonedAndForeignAssertionsAreRefused() async throws {
        try await withHarness(Self.configuration()) { harness in
            let authenticator = SoftwarePasskeyAuthenticator()
            _ = try await enroll(harness, authenticator)
            let auth = harness.clerk.auth
            for behaviour in [
                SoftwarePasskeyAuthenticator.Behaviour.corruptSignature, .relyingParty("evil.example"),
            ] {
                await authenticator.setBehaviour(behaviour)
                let refused = await refusal { () async throws(ClerkError) in
                    try await auth.signInWithPasskey(using: authenticator)
                }
                #expect(refused?.apiError?.code == "passkey_verification_failed", "\(behaviour)")
                #expect(harness.clerk.session == nil)
            }
            await authenticator.setBehaviour(.honest)
            try await auth.signInWithPasskey(using: authenticator)
            try await auth.signOut()
            // A clone sends a counter the service has already seen.
            await authenticator.setBehaviour(.repeatCounter)
            let cloned = await refusal { () async throws(ClerkError) in
                try await auth.signInWithPasskey(using: authenticator)
            }
            #expect(cloned?.apiError?.longMessage?.contains("counter") == true)
            // A passkey the service never registered.
            let stranger = SoftwarePasskeyAuthenticator()
            _ = try await stranger.register(
                PasskeyRegistrationRequest(
                    challenge: Data(repeating: 1, count: 32), relyingPartyID: "example.com", relyingPartyName: "x",
                    userID: Data("someone".utf8), userName: "someone"))
            let unknown = await refusal { () async throws(ClerkError) in
                try await auth.signInWithPasskey(using: stranger)
            }
            #expect(unknown?.apiError?.code == "passkey_not_found")
            let declined = await refusal { () async throws(ClerkError) in
                try await auth.signInWithPasskey(using: SoftwarePasskeyAuthenticator(behaviour: .decline))
            }
            #expect(declined?.code == .authenticationCancelled)
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func aRegistrationForAnotherRelyingPartyIsRefusedAndNothingIsAdded() async throws {
        try await withHarness(Self.configuration()) { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            let phishing = SoftwarePasskeyAuthenticator(behaviour: .relyingParty("evil.example"))
            let refused = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.createPasskey(using: phishing)
            }
            #expect(refused?.apiError?.code == "passkey_verification_failed")
            #expect(try await harness.clerk.account.reload().passkeys.isEmpty)
        }
    }

    @available(OS2023, *)
    @Test func anInstanceWithoutPasskeysRefusesThem() async throws {
        try await withHarness(Self.configuration(passkeys: false)) { harness in
            let refused = await refusal { () async throws(ClerkError) in
                try await harness.clerk.auth.signInWithPasskey(using: SoftwarePasskeyAuthenticator())
            }
            #expect(refused?.code == .api)
        }
    }
}
