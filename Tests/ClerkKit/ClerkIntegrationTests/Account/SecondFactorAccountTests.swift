import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Second factors managed from the account: TOTP (RFC 6238, codes computed from the returned secret), backup
/// codes used once at sign-in, and the MFA state on the user.
@Suite("ClerkKit ↔ emulator: second factors from the account") @MainActor
struct SecondFactorAccountTests {
    @available(OS2023, *)
    @Test func totpIsEnrolledVerifiedAndAskedForAtSignIn() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let account = harness.clerk.account
            let totp = try await account.createTOTP()
            let secret = try #require(totp.secret)
            #expect(totp.verified == false)
            #expect(totp.uri?.hasPrefix("otpauth://totp/") == true)
            #expect(harness.clerk.user?.totpEnabled == false)  // not until a code confirms it
            let code = try #require(await harness.emulator.totpCode(secret: secret))
            let wrong = await refusal { () async throws(ClerkError) in
                try await account.verifyTOTP(code: code == "000000" ? "111111" : "000000")
            }
            #expect(wrong?.apiError?.code == "form_code_incorrect")
            #expect(harness.clerk.user?.totpEnabled == false)
            let verified = try await account.verifyTOTP(code: code)
            #expect(verified.verified)
            #expect(verified.backupCodes?.count == 10)  // the first second factor comes with backup codes
            #expect(harness.clerk.user?.totpEnabled == true)
            #expect(harness.clerk.user?.twoFactorEnabled == true)
            #expect(harness.clerk.user?.backupCodeEnabled == true)

            try await harness.clerk.auth.signOut()
            var signIn = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            #expect(signIn.status == .needsSecondFactor)
            let now = try #require(await harness.emulator.totpCode(secret: secret))
            signIn = try await harness.clerk.auth.attemptSecondFactor(signIn, strategy: .totp, code: now)
            #expect(signIn.status == .complete)

            try await account.disableTOTP()
            #expect(harness.clerk.user?.totpEnabled == false)
        }
    }

    @available(OS2023, *)
    @Test func aBackupCodeWorksOnce() async throws {
        try await withHarness { harness in
            let seeded = try await harness.signInAda()
            _ = try await harness.emulator.enableTOTP(userId: seeded.id)
            let codes = try await harness.clerk.account.createBackupCodes()
            #expect(codes.codes.count == 10)
            #expect(Set(codes.codes).count == 10)
            let code = try #require(codes.codes.first)
            try await harness.clerk.auth.signOut()
            for attempt in 0..<2 {
                var signIn = try await harness.clerk.auth.signIn(
                    identifier: "ada@example.com", password: Harness.password)
                #expect(signIn.status == .needsSecondFactor)
                if attempt == 0 {
                    signIn = try await harness.clerk.auth.attemptSecondFactor(signIn, strategy: .backupCode, code: code)
                    #expect(signIn.status == .complete)
                    try await harness.clerk.auth.signOut()
                } else {
                    let reused = await refusal { () async throws(ClerkError) in
                        try await harness.clerk.auth.attemptSecondFactor(signIn, strategy: .backupCode, code: code)
                    }
                    #expect(reused?.apiError?.code == "form_code_incorrect")
                }
            }
        }
    }

    @available(OS2023, *)
    @Test func backupCodesNeedAnotherSecondFactor() async throws {
        try await withHarness { harness in
            try await harness.signInAda()
            let error = await refusal { () async throws(ClerkError) in
                try await harness.clerk.account.createBackupCodes()
            }
            #expect(error?.apiError?.code == "backup_codes_not_available")
            #expect(harness.clerk.user?.backupCodeEnabled == false)
        }
    }
}
