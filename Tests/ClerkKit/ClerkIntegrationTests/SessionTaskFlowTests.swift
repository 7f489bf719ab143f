import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// Session tasks on the wire: a session stays `pending` with its tasks (and its tokens say `sts: pending`) until
/// the user does what they ask; every exchange checked against the Frontend API description.
@Suite("ClerkKit ↔ emulator: session tasks") @MainActor
struct SessionTaskFlowTests {
    /// The `sts` claim of a session token.
    static func status(of jwt: String?) -> String? {
        let parts = (jwt ?? "").split(separator: ".")
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return claims["sts"] as? String
    }

    @available(OS2023, *)
    @Test func chooseOrganizationEndsWhenOneIsActive() async throws {
        var configuration = ClerkEmulator.Configuration(firstFactors: [.password], secondFactors: [])
        configuration.organizations.forceSelection = true
        try await withHarness(configuration) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            let clerk = harness.clerk
            _ = try await clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            #expect(clerk.session?.status == .pending)
            #expect(clerk.session?.tasks?.map(\.key) == ["choose-organization"])
            #expect(Self.status(of: try await clerk.auth.getToken()) == "pending")

            let organization = try await clerk.organizations.create(name: "Engines")
            try await clerk.organizations.setActive(organization.id)
            #expect(clerk.session?.status == .active)
            #expect(clerk.session?.tasks == nil)
            #expect(Self.status(of: try await clerk.auth.getToken(GetTokenOptions(skipCache: true))) == "active")
            // Back to the personal account: the task comes back.
            try await clerk.organizations.setActive(nil)
            #expect(clerk.session?.status == .pending)
        }
    }

    @available(OS2023, *)
    @Test func resetPasswordTakesANewPasswordWithoutTheOldOne() async throws {
        try await withHarness(.init(firstFactors: [.password], secondFactors: [])) { harness in
            let ada = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            try await harness.emulator.requirePasswordReset(userId: ada.id)
            let clerk = harness.clerk
            _ = try await clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            #expect(clerk.session?.tasks?.map(\.key) == ["reset-password"])
            try await clerk.account.changePassword(currentPassword: nil, newPassword: "a-brand-new-password")
            #expect(clerk.session?.status == .active)
            // Without the task, the current password is asked again.
            let again = await refusal { () async throws(ClerkError) in
                try await clerk.account.changePassword(currentPassword: nil, newPassword: "yet-another-password")
            }
            #expect(again?.apiError?.code == "form_param_missing")
        }
    }

    @available(OS2023, *)
    @Test func setupMFAIsAskedOnlyOfUsersWithoutASecondFactor() async throws {
        var configuration = ClerkEmulator.Configuration(firstFactors: [.password], secondFactors: [.totp])
        configuration.secondFactorRequired = true
        try await withHarness(configuration) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            let grace = try await harness.emulator.createUser(
                emailAddress: "grace@example.com", password: Harness.password)
            let secret = try await harness.emulator.enableTOTP(userId: grace.id)

            let clerk = harness.clerk
            _ = try await clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            #expect(clerk.session?.tasks?.map(\.key) == ["setup-mfa"])
            let totp = try await clerk.account.createTOTP()
            let totpSecret = try #require(totp.secret)
            let code = try #require(await harness.emulator.totpCode(secret: totpSecret))
            let verified = try await clerk.account.verifyTOTP(code: code)
            #expect(verified.backupCodes == nil)  // the instance has no backup codes
            #expect(clerk.session?.status == .active)

            let other = try await harness.secondClient()
            let signIn = try await other.auth.signIn(identifier: "grace@example.com", password: Harness.password)
            let graceCode = try #require(await harness.emulator.totpCode(secret: secret))
            _ = try await other.auth.attemptSecondFactor(signIn, strategy: .totp, code: graceCode)
            #expect(other.session?.status == .active)
            #expect(other.session?.tasks == nil)
        }
    }
}
