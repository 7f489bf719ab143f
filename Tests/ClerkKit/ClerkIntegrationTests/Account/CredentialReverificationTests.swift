import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Passkeys as a second factor (sign-in and reverification) and session reverification with a passkey or a
/// trusted device (biometric credential): real assertions and signatures, checked by the emulator.
@Suite("ClerkKit ↔ emulator: passkey second factor and credential reverification") @MainActor
struct CredentialReverificationTests {
    @available(OS2023, *)
    static func configuration(
        passkeySecondFactor: Bool = true, reverification: ClerkEmulator.Reverification? = nil
    ) -> ClerkEmulator.Configuration {
        var configuration = ClerkEmulator.Configuration(reverification: reverification)
        configuration.passkeyRelyingPartyID = "example.com"
        configuration.trustedDevices = true
        if passkeySecondFactor { configuration.secondFactors.insert(.passkey) }
        return configuration
    }

    @available(OS2023, *)
    @Test func aPasswordSignInFinishesWithAPasskeyAsSecondFactor() async throws {
        try await withHarness(Self.configuration()) { harness in
            let authenticator = SoftwarePasskeyAuthenticator()
            _ = try await PasskeyFlowTests().enroll(harness, authenticator)
            let auth = harness.clerk.auth
            let signIn = try await auth.signIn(identifier: "ada@example.com", password: Harness.password)
            #expect(signIn.status == .needsSecondFactor)
            #expect(signIn.supportedSecondFactors.map(\.strategy) == [.passkey])
            #expect(harness.clerk.session == nil)
            // Another person's passkey, or a forged signature, does not finish it.
            await authenticator.setBehaviour(.corruptSignature)
            let forged = await refusal { () async throws(ClerkError) in
                try await auth.attemptSecondFactorPasskey(signIn, using: authenticator)
            }
            #expect(forged?.apiError?.code == "passkey_verification_failed")
            await authenticator.setBehaviour(.honest)
            let done = try await auth.attemptSecondFactorPasskey(signIn, using: authenticator)
            #expect(done.status == .complete)
            #expect(done.secondFactorVerification?.strategy == .passkey)
            #expect(harness.clerk.session?.status == .active)
        }
    }

    @available(OS2023, *)
    @Test func withoutThePasskeySecondFactorAPasswordCompletes() async throws {
        try await withHarness(Self.configuration(passkeySecondFactor: false)) { harness in
            _ = try await PasskeyFlowTests().enroll(harness, SoftwarePasskeyAuthenticator())
            let signIn = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            #expect(signIn.status == .complete)
        }
    }

    @available(OS2023, *)
    @Test func aStaleSessionIsVerifiedAgainWithPasskeysForBothFactors() async throws {
        let policy = ClerkEmulator.Reverification(level: .multiFactor, maxAge: .seconds(600))
        try await withHarness(Self.configuration(reverification: policy)) { harness in
            let authenticator = SoftwarePasskeyAuthenticator()
            _ = try await PasskeyFlowTests().enroll(harness, authenticator)
            let auth = harness.clerk.auth
            let signIn = try await auth.signIn(identifier: "ada@example.com", password: Harness.password)
            try await auth.attemptSecondFactorPasskey(signIn, using: authenticator)
            await harness.emulator.advanceClock(by: .seconds(900))
            let refused = await refusal { () async throws(ClerkError) in try await harness.clerk.account.delete() }
            #expect(refused?.code == .reverificationRequired)

            var verification = try await auth.startVerification(level: .multiFactor)
            #expect(verification.supportedFirstFactors.contains { $0.strategy == .passkey })
            #expect(verification.supportedSecondFactors.contains { $0.strategy == .passkey })
            // A passkey of another account cannot answer (the challenge allows only Ada's credentials).
            let stranger = SoftwarePasskeyAuthenticator()
            _ = try await harness.emulator.createUser(emailAddress: "grace@example.com", password: Harness.password)
            let grace = try await harness.secondClient()
            try await grace.auth.signIn(identifier: "grace@example.com", password: Harness.password)
            try await grace.account.createPasskey(using: stranger)
            let foreign = await refusal { () async throws(ClerkError) in
                try await auth.verifySessionWithPasskey(using: stranger)
            }
            #expect(foreign != nil)

            verification = try await auth.verifySessionWithPasskey(using: authenticator)
            #expect(verification.status == .needsSecondFactor)
            verification = try await auth.verifySessionWithPasskey(second: true, using: authenticator)
            #expect(verification.status == .complete)
            try await harness.clerk.account.delete()
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func aStaleSessionIsVerifiedAgainWithTheTrustedDevice() async throws {
        let policy = ClerkEmulator.Reverification(level: .firstFactor, maxAge: .seconds(600))
        try await withHarness(Self.configuration(passkeySecondFactor: false, reverification: policy)) { harness in
            let flows = TrustedDeviceFlowTests()
            let clerk = try await flows.app(harness, store: InMemorySecureStore())
            let device = try await flows.enroll(harness, clerk)
            try await clerk.auth.signInWithTrustedDevice()
            await harness.emulator.advanceClock(by: .seconds(900))
            let refused = await refusal { () async throws(ClerkError) in
                try await clerk.account.changePassword(currentPassword: Harness.password, newPassword: "new-pass-1843")
            }
            #expect(refused?.code == .reverificationRequired)
            let verification = try await clerk.auth.startVerification(level: .firstFactor)
            #expect(
                verification.supportedFirstFactors.contains {
                    $0.strategy == .trustedDevice && $0.trustedDeviceId == device.id
                })
            let verified = try await clerk.auth.verifySessionWithTrustedDevice()
            #expect(verified.status == .complete)
            #expect(verified.firstFactorVerification?.strategy == .trustedDevice)
            try await clerk.account.changePassword(currentPassword: Harness.password, newPassword: "new-pass-1843")
        }
    }

    @available(OS2023, *)
    @Test func aRevokedTrustedDeviceCannotVerifyTheSessionAndIsForgotten() async throws {
        let policy = ClerkEmulator.Reverification(level: .firstFactor, maxAge: .seconds(600))
        try await withHarness(Self.configuration(passkeySecondFactor: false, reverification: policy)) { harness in
            let flows = TrustedDeviceFlowTests()
            let clerk = try await flows.app(harness, store: InMemorySecureStore())
            let device = try await flows.enroll(harness, clerk)
            try await clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            // Revoked from another device: this installation still holds the credential.
            let other = try await harness.secondClient()
            try await other.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            try await other.trustedDevices.revoke(id: device.id)
            _ = try await clerk.auth.startVerification(level: .firstFactor)
            let refused = await refusal { () async throws(ClerkError) in
                try await clerk.auth.verifySessionWithTrustedDevice()
            }
            #expect(refused?.apiError?.code == "trusted_device_not_found")
            let none = await refusal { () async throws(ClerkError) in
                try await clerk.auth.verifySessionWithTrustedDevice()
            }
            #expect(none?.code == .invalidState)
        }
    }
}
