import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

@available(OS2023, *)
extension ClerkEmulator.Configuration {
    /// Password sign-in; organizations must be chosen (`choose-organization`).
    static var forcedOrganizations: Self {
        var configuration = Self(identifiers: [.emailAddress], firstFactors: [.password], secondFactors: [])
        configuration.organizations.forceSelection = true
        return configuration
    }

    /// Password sign-in; a second factor must be set up (`setup-mfa`) among `factors`.
    static func requiredSecondFactor(_ factors: Set<ClerkEmulator.SecondFactor>) -> Self {
        var configuration = Self(identifiers: [.emailAddress], firstFactors: [.password], secondFactors: factors)
        configuration.secondFactorRequired = true
        return configuration
    }
}

/// The session tasks, against an emulator whose sessions stay `pending` until each task is done.
@Suite("AuthFlow: session tasks against the emulator") @MainActor
struct AuthFlowSessionTaskTests {
    @available(OS2023, *)
    private func signIn(_ flow: AuthFlow, email: String = "ada@example.com") async {
        flow.identifier = email
        await flow.submitIdentifier()
        flow.password = UIHarness.password
        await flow.submitPassword()
    }

    @available(OS2023, *)
    @Test func aUserWithoutOrganizationsCreatesOneBeforeTheSessionIsActive() async throws {
        try await withUIHarness(.forcedOrganizations) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            await signIn(flow)
            #expect(flow.path == [.signInFactorOne(.password), .createOrganization])
            #expect(harness.clerk.session?.status == .pending)
            #expect(flow.pendingTasks == [.chooseOrganization])
            #expect(!flow.isComplete)
            await flow.submitOrganization()
            #expect(flow.screen.fieldErrors[.organizationName] == .localized(.fieldRequired))
            flow.organizationName = "Analytical Engines"
            await flow.submitOrganization()
            #expect(flow.path.last == .done)
            #expect(harness.clerk.session?.status == .active)
            #expect(harness.clerk.session?.tasks == nil)
            #expect(harness.clerk.organization?.name == "Analytical Engines")
        }
    }

    @available(OS2023, *)
    @Test func aMemberChoosesAmongTheirOrganizations() async throws {
        try await withUIHarness(.forcedOrganizations) { harness in
            let ada = try await harness.emulator.createUser(
                emailAddress: "ada@example.com", password: UIHarness.password)
            for name in ["Difference Engine", "Analytical Engine"] {
                let id = try await harness.emulator.createOrganization(
                    name: name, slug: name.lowercased().replacingOccurrences(of: " ", with: "-"))
                try await harness.emulator.addMembership(userId: ada.id, organizationId: id)
            }
            let flow = AuthFlow(clerk: harness.clerk)
            await signIn(flow)
            #expect(flow.path.last == .chooseOrganization)
            #expect(Set(flow.organizationChoices.map(\.name)) == ["Difference Engine", "Analytical Engine"])
            let chosen = try #require(flow.organizationChoices.first { $0.name == "Analytical Engine" })
            await flow.selectOrganization(chosen.id)
            #expect(flow.path.last == .done)
            #expect(harness.clerk.session?.status == .active)
            #expect(harness.clerk.session?.lastActiveOrganizationId == chosen.id)
        }
    }

    @available(OS2023, *)
    @Test func anAuthenticatorAppIsSetUpWithItsBackupCodes() async throws {
        try await withUIHarness(.requiredSecondFactor([.totp, .phoneCode, .backupCode])) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            await signIn(flow)
            #expect(flow.path.last == .setUpSecondFactor)
            #expect(flow.pendingTasks == [.setupMFA])
            #expect(flow.secondFactorSetupChoices == [.totp, .phoneCode])
            #expect(flow.title == .localized(.titleSetUpTwoStep))
            #expect(flow.subtitle == .localized(.twoStepSetupRequired))
            await flow.chooseSecondFactorSetup(.totp)
            #expect(flow.path.last == .setUpAuthenticatorApp)
            let secret = try #require(flow.pendingTOTP?.secret)
            #expect(flow.subtitle == .localized(.profileAuthenticatorInstructions, arguments: ["secret": secret]))
            #expect(flow.pendingTOTP?.uri?.hasPrefix("otpauth://totp/") == true)

            flow.code = "000000"
            await flow.submitCode()
            #expect(flow.screen.hasErrors)
            #expect(flow.path.last == .setUpAuthenticatorApp)
            #expect(harness.clerk.session?.status == .pending)

            flow.code = try #require(await harness.emulator.totpCode(secret: secret))
            await flow.submitCode()
            #expect(flow.path.last == .backupCodes)
            #expect(flow.backupCodes.count == 10)
            #expect(flow.subtitle == .localized(.profileBackupCodesInstructions))
            await flow.acknowledgeBackupCodes()
            #expect(flow.path.last == .done)
            #expect(flow.backupCodes.isEmpty)
            #expect(harness.clerk.session?.status == .active)
            #expect(harness.clerk.user?.totpEnabled == true)
        }
    }

    @available(OS2023, *)
    @Test func smsCodesAreSetUpAndAskedAtTheNextSignIn() async throws {
        try await withUIHarness(.requiredSecondFactor([.phoneCode, .backupCode])) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            await signIn(flow)
            // One way to set it up: no choice screen.
            #expect(flow.path.last == .setUpPhoneNumber)
            flow.phoneNumber = "555"
            await flow.submitSecondFactorPhoneNumber()
            #expect(flow.screen.fieldErrors[.phoneNumber] != nil)
            #expect(flow.path.last == .setUpPhoneNumber)
            flow.phoneNumber = "+1 415 555 2671"
            await flow.submitSecondFactorPhoneNumber()
            #expect(flow.path.last == .setUpPhoneCode)
            #expect(flow.subtitle == .localized(.codeSentTo, arguments: ["destination": "+14155552671"]))
            #expect(flow.resendSecondsRemaining > 0)
            flow.code = "111111"
            await flow.submitCode()
            #expect(flow.screen.hasErrors)
            flow.code = try #require(await harness.emulator.latestCode(for: "+14155552671"))
            await flow.submitCode()
            #expect(flow.path.last == .backupCodes)
            await flow.acknowledgeBackupCodes()
            #expect(flow.isComplete)
            #expect(harness.clerk.session?.status == .active)

            let other = try await harness.anotherDevice(signedInAs: "ada@example.com")
            #expect(other.client?.signIn?.status == .needsSecondFactor)
            #expect(other.client?.signIn?.supportedSecondFactors.map(\.strategy).contains(.phoneCode) == true)
        }
    }

    @available(OS2023, *)
    @Test func threeTasksInOrderAfterAPasswordThatMustBeReset() async throws {
        var configuration = ClerkEmulator.Configuration.requiredSecondFactor([.totp])
        configuration.organizations.forceSelection = true
        try await withUIHarness(configuration) { harness in
            let ada = try await harness.emulator.createUser(
                emailAddress: "ada@example.com", password: UIHarness.password)
            try await harness.emulator.requirePasswordReset(userId: ada.id)
            let flow = AuthFlow(clerk: harness.clerk)
            await signIn(flow)
            #expect(flow.pendingTasks == [.resetPassword, .setupMFA, .chooseOrganization])
            #expect(flow.path.last == .newPassword)
            #expect(flow.subtitle == .localized(.passwordResetRequired))
            flow.password = "short"
            flow.confirmPassword = "short"
            await flow.submitNewPassword()
            #expect(flow.screen.fieldErrors[.password] != nil)
            flow.password = "new-analytical-engine"
            flow.confirmPassword = "new-analytical-engin"
            await flow.submitNewPassword()
            #expect(flow.screen.fieldErrors[.confirmPassword] == .localized(.passwordsDoNotMatch))
            flow.confirmPassword = "new-analytical-engine"
            await flow.submitNewPassword()
            // One way to set up a second factor, and no backup codes on this instance.
            #expect(flow.path.last == .setUpAuthenticatorApp)
            let secret = try #require(flow.pendingTOTP?.secret)
            flow.code = try #require(await harness.emulator.totpCode(secret: secret))
            await flow.submitCode()
            #expect(flow.path.last == .createOrganization)
            flow.organizationName = "Engines"
            await flow.submitOrganization()
            #expect(flow.path.last == .done)
            #expect(harness.clerk.session?.status == .active)
            #expect(harness.clerk.session?.tasks == nil)

            // The old password is gone.
            await #expect(throws: ClerkError.self) {
                _ = try await harness.anotherDevice(signedInAs: "ada@example.com")
            }
        }
    }

    @available(OS2023, *)
    @Test func cancellingATaskSignsThePendingSessionOut() async throws {
        try await withUIHarness(.forcedOrganizations) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            await signIn(flow)
            #expect(flow.path.last == .createOrganization)
            #expect(harness.clerk.session?.status == .pending)
            await flow.cancel()
            #expect(flow.path.isEmpty)
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func aFlowOpenedOnAPendingSessionStartsAtItsTask() async throws {
        try await withUIHarness(.forcedOrganizations) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            _ = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: UIHarness.password)
            #expect(harness.clerk.session?.status == .pending)
            let flow = AuthFlow(clerk: harness.clerk)
            await flow.continueSessionTasks()
            #expect(flow.path == [.createOrganization])
            // Cancelling does not sign out a session the flow did not create.
            await flow.cancel()
            #expect(harness.clerk.session?.status == .pending)

            let active = AuthFlow(clerk: harness.clerk)
            active.organizationName = "Engines"
            await active.continueSessionTasks()
            await active.submitOrganization()
            #expect(active.isComplete)
            let again = AuthFlow(clerk: harness.clerk)
            await again.continueSessionTasks()
            #expect(again.path.isEmpty)
        }
    }
}
