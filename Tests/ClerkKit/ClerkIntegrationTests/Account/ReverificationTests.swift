import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Sensitive actions refused until the session is verified again, and the reverification steps.
@Suite("ClerkKit ↔ emulator: reverification") @MainActor
struct ReverificationTests {
    @available(OS2023, *)
    static var policy: ClerkEmulator.Configuration {
        ClerkEmulator.Configuration(reverification: .init(level: .multiFactor, maxAge: .seconds(600)))
    }

    @available(OS2023, *)
    @Test func aStaleSessionIsRefusedWithTheLevelThenVerifiesWithPasswordAndTOTP() async throws {
        try await withHarness(Self.policy) { harness in
            let seeded = try await harness.signInAda()
            let secret = try await harness.emulator.enableTOTP(userId: seeded.id)
            await harness.emulator.advanceClock(by: .seconds(900))
            let refused = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.changePassword(
                    currentPassword: Harness.password, newPassword: "difference-engine")
            }
            #expect(refused?.code == .reverificationRequired)
            #expect(refused?.context.status == 403)
            #expect(refused?.reverification?.level == .multiFactor)
            #expect(refused?.reverification?.afterMinutes == 10)

            let auth = harness.clerk.auth
            var verification = try await auth.startVerification(level: .multiFactor)
            #expect(verification.status == .needsFirstFactor)
            #expect(verification.supportedFirstFactors.contains { $0.strategy == .password })
            let wrong = await refusal { () async throws(ClerkError) in
                try await auth.attemptVerificationFirstFactor(password: "wrong")
            }
            #expect(wrong?.apiError?.code == "form_password_incorrect")
            verification = try await auth.attemptVerificationFirstFactor(password: Harness.password)
            #expect(verification.status == .needsSecondFactor)
            let code = try #require(await harness.emulator.totpCode(secret: secret))
            verification = try await auth.attemptVerificationSecondFactor(strategy: .totp, code: code)
            #expect(verification.status == .complete)

            try await harness.clerk.account.changePassword(
                currentPassword: Harness.password, newPassword: "difference-engine")
        }
    }

    @available(OS2023, *)
    @Test func aFirstFactorCodeFromTheOutboxVerifies() async throws {
        try await withHarness(.init(reverification: .init(level: .firstFactor))) { harness in
            try await harness.signInAda()
            await harness.emulator.advanceClock(by: .seconds(900))
            let refused = await refusal { () async throws(ClerkError) in try await harness.clerk.account.delete() }
            #expect(refused?.reverification?.level == .firstFactor)
            #expect(harness.clerk.session != nil)  // nothing was deleted
            let auth = harness.clerk.auth
            _ = try await auth.startVerification(level: .firstFactor)
            let prepared = try await auth.prepareVerificationFirstFactor(strategy: .emailCode)
            #expect(prepared.firstFactorVerification?.status == .unverified)
            let code = try #require(await harness.emulator.latestCode(for: "ada@example.com"))
            let verified = try await auth.attemptVerificationFirstFactor(strategy: .emailCode, code: code)
            #expect(verified.status == .complete)
            try await harness.clerk.account.delete()
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func aFreshSessionNeedsNoReverification() async throws {
        try await withHarness(Self.policy) { harness in
            try await harness.signInAda()
            try await harness.clerk.account.removePassword(currentPassword: Harness.password)
            #expect(harness.clerk.user?.passwordEnabled == false)
        }
    }
}
