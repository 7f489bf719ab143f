import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

@Suite("ClerkKitUICore: the user profile against the emulator") @MainActor
struct UserProfileTests {
    @available(OS2023, *)
    @Test func theHeaderAndSectionsComeFromTheUser() async throws {
        try await withUIHarness { harness in
            let profile = UserProfile(clerk: harness.clerk)
            #expect(profile.display == nil)
            #expect(profile.sections.isEmpty)
            try await harness.signInAda()
            let display = try #require(profile.display)
            #expect(display.name == "Ada Lovelace")
            #expect(display.initials == "AL")
            #expect(display.identifier == "ada@example.com")
            #expect(Localizer().string(display.avatarLabel) == "Profile picture of Ada Lovelace")
            #expect(
                profile.sections == [
                    .emailAddresses, .phoneNumbers, .security, .passkeys, .activeDevices, .deleteAccount,
                ])
            #expect(profile.emailAddresses.map(\.badges) == [[.localized(.profilePrimary)]])
            #expect(profile.passwordActionLabel == .localized(.profileChangePassword))
        }
    }

    @available(OS2023, *)
    @Test func editingTheProfileSavesOnlyChangesAndClosesTheScreen() async throws {
        try await withUIHarness { harness in
            try await harness.signInAda()
            let profile = UserProfile(clerk: harness.clerk)
            profile.open(.editProfile)
            #expect(profile.path == [.editProfile])
            #expect((profile.firstName, profile.lastName, profile.username) == ("Ada", "Lovelace", "ada"))
            let before = await harness.emulator.requestLog().count
            await profile.saveProfile()
            #expect(profile.path.isEmpty)
            #expect(await harness.emulator.requestLog().count == before)
            profile.open(.editProfile)
            profile.firstName = "  Augusta "
            await profile.saveProfile()
            #expect(profile.path.isEmpty)
            #expect(harness.clerk.user?.firstName == "Augusta")
            #expect(!profile.screen.isLoading)
        }
    }

    @available(OS2023, *)
    @Test func addingAnEmailAddressValidatesSendsACodeAndVerifies() async throws {
        try await withUIHarness { harness in
            try await harness.signInAda()
            let profile = UserProfile(clerk: harness.clerk)
            profile.open(.addEmailAddress)
            profile.newIdentifier = "not-an-address"
            await profile.addEmailAddress()
            #expect(profile.screen.fieldErrors[.emailAddress] == .localized(.emailInvalid))
            #expect(profile.path == [.addEmailAddress])
            profile.newIdentifier = " lovelace@example.org "
            await profile.addEmailAddress()
            guard case .verifyEmailAddress(let id) = profile.path.last else {
                Issue.record("expected the verification screen, got \(profile.path)")
                return
            }
            #expect(profile.path.count == 1)
            #expect(
                profile.verificationPrompt
                    == .localized(.profileVerifyIdentifier, arguments: ["identifier": "lovelace@example.org"]))
            profile.code = "12"
            await profile.verifyCode()
            #expect(profile.screen.fieldErrors[.code] == .localized(.codeInvalid, count: 6))
            let sent = try #require(await harness.emulator.latestCode(for: "lovelace@example.org"))
            profile.code = sent == "000000" ? "111111" : "000000"
            await profile.verifyCode()
            #expect(profile.screen.fieldErrors[.code] != nil || profile.screen.errorMessage != nil)
            #expect(profile.path.count == 1)
            await profile.resendCode()
            profile.code = try #require(await harness.emulator.latestCode(for: "lovelace@example.org"))
            await profile.verifyCode()
            #expect(profile.path.isEmpty)
            let row = try #require(profile.emailAddresses.first { $0.id == id })
            #expect(row.isVerified && !row.isPrimary)
            await profile.setPrimaryEmailAddress(id)
            #expect(profile.emailAddresses.first?.id == id)
            #expect(harness.clerk.user?.primaryEmailAddressId == id)
            let old = try #require(profile.emailAddresses.last?.id)
            await profile.removeEmailAddress(old)
            #expect(profile.emailAddresses.map(\.id) == [id])
        }
    }

    @available(OS2023, *)
    @Test func addingAPhoneNumberChecksItAndVerifiesIt() async throws {
        try await withUIHarness { harness in
            try await harness.signInAda(phone: nil)
            let profile = UserProfile(clerk: harness.clerk)
            profile.open(.addPhoneNumber)
            profile.newIdentifier = "12"
            await profile.addPhoneNumber()
            #expect(profile.screen.fieldErrors[.phoneNumber] != nil)
            #expect(profile.path == [.addPhoneNumber])
            profile.newIdentifier = "+1 415 555 0199"
            await profile.addPhoneNumber()
            guard case .verifyPhoneNumber(let id) = profile.path.last else {
                Issue.record("expected the verification screen, got \(profile.path)")
                return
            }
            // +1 XXX 555 01XX numbers are test-mode numbers: their code is 424242.
            profile.code = "424242"
            await profile.verifyCode()
            #expect(profile.path.isEmpty)
            let row = try #require(profile.phoneNumbers.first)
            #expect(row.id == id && row.isVerified && row.value == "+14155550199")
            #expect(profile.smsSecondFactorLabel(row) == .localized(.profileUseSMSCode))
            await profile.setSMSSecondFactor(id, enabled: true)
            let second = try #require(profile.phoneNumbers.first)
            #expect(second.isSecondFactor)
            #expect(profile.smsSecondFactorLabel(second) == .localized(.profileStopSMSCode))
            await profile.setPrimaryPhoneNumber(id)
            #expect(harness.clerk.user?.primaryPhoneNumberId == id)
        }
    }

    @available(OS2023, *)
    @Test func changingThePasswordFollowsTheRulesAndNeedsTheCurrentOne() async throws {
        var configuration = ClerkEmulator.Configuration()
        configuration.signUp.minimumPasswordLength = 12
        try await withUIHarness(configuration) { harness in
            try await harness.signInAda()
            let profile = UserProfile(clerk: harness.clerk)
            #expect(profile.hasPassword)
            profile.open(.password)
            profile.newPassword = "short"
            profile.confirmPassword = "other"
            await profile.savePassword()
            #expect(profile.screen.fieldErrors[.password] == .localized(.passwordTooShort, count: 12))
            #expect(profile.screen.fieldErrors[.confirmPassword] == .localized(.passwordsDoNotMatch))
            profile.newPassword = "difference-engine-1822"
            profile.confirmPassword = "difference-engine-1822"
            await profile.savePassword()
            #expect(profile.screen.errorMessage == .localized(.fieldRequired))
            profile.currentPassword = "wrong-password-123"
            await profile.savePassword()
            #expect(profile.screen.hasErrors)
            #expect(!profile.screen.isLoading)
            #expect(profile.path == [.password])
            profile.currentPassword = UIHarness.password
            await profile.savePassword()
            #expect(!profile.screen.hasErrors)
            #expect(profile.path.isEmpty)
            #expect(profile.newPassword.isEmpty)
        }
    }

    @available(OS2023, *)
    @Test func settingUpAnAuthenticatorAppShowsTheSecretThenBackupCodes() async throws {
        try await withUIHarness { harness in
            try await harness.signInAda()
            let profile = UserProfile(clerk: harness.clerk)
            #expect(!profile.hasAuthenticatorApp)
            await profile.startAuthenticatorApp()
            #expect(profile.path == [.setUpAuthenticatorApp])
            let secret = try #require(profile.pendingTOTP?.secret)
            #expect(
                profile.authenticatorInstructions
                    == .localized(.profileAuthenticatorInstructions, arguments: ["secret": secret]))
            profile.code = "abcdef"
            await profile.verifyAuthenticatorApp()
            #expect(profile.screen.fieldErrors[.code] == .localized(.codeInvalid, count: 6))
            profile.code = try #require(await harness.emulator.totpCode(secret: secret))
            await profile.verifyAuthenticatorApp()
            #expect(!profile.screen.hasErrors)
            #expect(profile.hasAuthenticatorApp)
            #expect(profile.pendingTOTP == nil)
            if profile.backupCodes.isEmpty {
                #expect(profile.path.isEmpty)
            } else {
                #expect(profile.path == [.backupCodes])
                profile.dismissBackupCodes()
            }
            await profile.generateBackupCodes()
            #expect(profile.path == [.backupCodes])
            #expect(!profile.backupCodes.isEmpty)
            profile.dismissBackupCodes()
            #expect(profile.backupCodes.isEmpty && profile.path.isEmpty)
            await profile.removeAuthenticatorApp()
            #expect(!profile.hasAuthenticatorApp)
        }
    }

    @available(OS2023, *)
    @Test func devicesListEverySessionAndRevokeAnother() async throws {
        try await withUIHarness { harness in
            try await harness.signInAda()
            let other = try await harness.anotherDevice(signedInAs: "ada@example.com")
            let profile = UserProfile(clerk: harness.clerk)
            profile.open(.activeDevices)
            await profile.loadActiveDevices()
            #expect(profile.activeDevices.count == 2)
            #expect(profile.activeDevices.filter(profile.isThisDevice).count == 1)
            let otherId = try #require(other.session?.id)
            await profile.revokeDevice(otherId)
            #expect(profile.activeDevices.map(\.id) == [harness.clerk.session?.id])
            await profile.loadActiveDevices()
            #expect(profile.activeDevices.count == 1)
        }
    }

    @available(OS2023, *)
    @Test func connectedAccountsAndPasskeysCanBeRemoved() async throws {
        try await withUIHarness { harness in
            let ada = try await harness.signInAda()
            _ = try await harness.emulator.addExternalAccount(
                userId: ada.id, provider: "oauth_google", emailAddress: "ada@gmail.com")
            let passkey = try await harness.emulator.addPasskey(userId: ada.id)
            _ = try await harness.clerk.account.reload()
            let profile = UserProfile(clerk: harness.clerk)
            #expect(profile.sections.contains(.connectedAccounts))
            let account = try #require(profile.connectedAccounts.first)
            await profile.removeConnectedAccount(account.id)
            #expect(profile.connectedAccounts.isEmpty)
            #expect(profile.passkeys.map(\.id) == [passkey])
            await profile.renamePasskey(passkey, to: "  ")
            #expect(profile.screen.fieldErrors[.username] == .localized(.fieldRequired))
            await profile.renamePasskey(passkey, to: "Laptop")
            #expect(profile.passkeys.first?.name == "Laptop")
            await profile.removePasskey(passkey)
            #expect(profile.passkeys.isEmpty)
        }
    }

    @available(OS2023, *)
    @Test func deletingTheAccountNeedsTheConfirmationPhrase() async throws {
        try await withUIHarness { harness in
            try await harness.signInAda()
            let profile = UserProfile(clerk: harness.clerk)
            profile.open(.deleteAccount)
            #expect(Localizer().string(profile.deleteAccountWarning).contains("DELETE"))
            profile.deleteConfirmation = "delete"
            await profile.deleteAccount()
            #expect(
                profile.screen.errorMessage == .localized(.profileConfirmationMismatch, arguments: ["phrase": "DELETE"])
            )
            #expect(harness.clerk.user != nil)
            profile.deleteConfirmation = "DELETE"
            await profile.deleteAccount()
            #expect(profile.isFinished && profile.path.isEmpty)
            #expect(harness.clerk.user == nil)
        }
    }

    @available(OS2023, *)
    @Test func signingOutFinishesTheProfile() async throws {
        try await withUIHarness { harness in
            try await harness.signInAda()
            let profile = UserProfile(clerk: harness.clerk)
            profile.open(.editProfile)
            await profile.signOut()
            #expect(profile.isFinished && profile.path.isEmpty)
            #expect(harness.clerk.session == nil)
            profile.open(.editProfile)
            await profile.saveProfile()
            #expect(profile.screen.errorMessage == UserProfile.notSignedInMessage)
        }
    }

    @available(OS2023, *)
    @Test func failuresLandOnTheScreenAndNeverLeaveItLoading() async throws {
        try await withUIHarness { harness in
            try await harness.signInAda()
            let profile = UserProfile(clerk: harness.clerk)
            await harness.emulator.inject(
                .init(
                    method: "POST", path: "/v1/me/email_addresses",
                    outcome: .error(status: 429, code: "too_many_requests", retryAfter: 5), times: nil))
            profile.open(.addEmailAddress)
            profile.newIdentifier = "second@example.com"
            await profile.addEmailAddress()
            #expect(profile.screen.errorMessage == .localized(.errorRateLimited, count: 5))
            #expect(profile.path == [.addEmailAddress])
            await harness.emulator.clearFaults()
            await harness.emulator.inject(
                .init(method: "POST", path: "/v1/me/email_addresses", outcome: .dropConnection, times: nil))
            await profile.addEmailAddress()
            #expect(profile.screen.errorMessage == .localized(.errorConnection))
            #expect(!profile.screen.isLoading)
            await harness.emulator.clearFaults()
            await harness.emulator.inject(
                .init(
                    method: "GET", path: "/v1/me/sessions/active", outcome: .error(status: 500, code: "internal_error"),
                    times: nil))
            await profile.loadActiveDevices()
            #expect(profile.screen.errorMessage != nil)
            #expect(profile.activeDevices.isEmpty)
            profile.back()
            #expect(profile.path.isEmpty && !profile.screen.hasErrors)
        }
    }
}
