import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

@available(OS2023, *)
extension ClerkEmulator.Configuration {
    static var passwordOnly: Self {
        .init(identifiers: [.emailAddress], firstFactors: [.password], secondFactors: [])
    }
    static var emailCodeAndTOTP: Self {
        .init(identifiers: [.emailAddress], firstFactors: [.emailCode], secondFactors: [.totp, .backupCode])
    }
    static var phoneOnly: Self {
        .init(
            identifiers: [.phoneNumber], firstFactors: [.phoneCode], secondFactors: [],
            signUp: .init(requiredFields: [.phoneNumber], verifyEmailAddress: false))
    }
}

@Suite("AuthFlow: sign-in against the emulator") @MainActor
struct AuthFlowSignInTests {
    @available(OS2023, *)
    @Test func passwordOnlySignsInAfterAWrongPassword() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            #expect(flow.allowedIdentifiers == [.emailAddress])
            #expect(flow.identifierLabel == .localized(.labelEmailAddress))
            flow.identifier = " ada@example.com "
            await flow.submitIdentifier()
            #expect(flow.path == [.signInFactorOne(.password)])
            #expect(flow.title == .localized(.titlePassword))
            #expect(flow.firstFactorChoices == [.password])
            flow.password = "wrong-password"
            await flow.submitPassword()
            #expect(!flow.screen.isLoading)
            #expect(flow.screen.fieldErrors[.password] != nil)
            #expect(flow.path == [.signInFactorOne(.password)])
            #expect(harness.clerk.session == nil)
            flow.password = UIHarness.password
            await flow.submitPassword()
            #expect(flow.path == [.signInFactorOne(.password), .done])
            #expect(flow.isComplete)
            #expect(!flow.screen.hasErrors)
            #expect(harness.clerk.session != nil)
            #expect(flow.password.isEmpty)
        }
    }

    @available(OS2023, *)
    @Test func badIdentifiersNeverReachTheServer() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            let flow = AuthFlow(clerk: harness.clerk, mode: .signIn)
            for (typed, expected) in [
                ("", UIText.localized(.fieldRequired)), ("ada@", .localized(.emailInvalid)),
                ("+1 555 555 0100", .localized(.identifierNotSupported)), ("ada", .localized(.identifierNotSupported)),
            ] {
                flow.identifier = typed
                await flow.submitIdentifier()
                #expect(flow.screen.fieldErrors[.identifier] == expected, "\(typed)")
                #expect(flow.path.isEmpty)
            }
            let log = await harness.emulator.requestLog()
            #expect(!log.contains { $0.path == "/v1/client/sign_ins" })
        }
    }

    @available(OS2023, *)
    @Test func anUnknownAccountShowsTheServersMessageInSignInOnlyMode() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            let flow = AuthFlow(clerk: harness.clerk, mode: .signIn)
            flow.identifier = "nobody@example.com"
            await flow.submitIdentifier()
            #expect(flow.path.isEmpty)
            guard case .verbatim(let message)? = flow.screen.fieldErrors[.identifier] else {
                Issue.record("no server message under the identifier")
                return
            }
            #expect(!message.isEmpty)
            #expect(!flow.screen.isLoading)
        }
    }

    @available(OS2023, *)
    @Test func anUnknownAccountMovesToSignUpWithTheIdentifier() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            let flow = AuthFlow(clerk: harness.clerk)
            flow.identifier = "newcomer@example.com"
            await flow.submitIdentifier()
            #expect(flow.path == [.signUp])
            #expect(flow.emailAddress == "newcomer@example.com")
            #expect(!flow.screen.hasErrors)
            #expect(flow.signUpFields.map(\.field) == [.firstName, .lastName, .emailAddress, .password])
        }
    }

    @available(OS2023, *)
    @Test func emailCodeThenTOTP() async throws {
        try await withUIHarness(.emailCodeAndTOTP) { harness in
            let user = try await harness.emulator.createUser(emailAddress: "grace@example.com")
            let secret = try await harness.emulator.enableTOTP(userId: user.id)
            let clock = ManualClock()
            defer { clock.releaseAll() }
            let flow = AuthFlow(clerk: harness.clerk, clock: clock)
            flow.identifier = "grace@example.com"
            await flow.submitIdentifier()
            #expect(flow.path == [.signInFactorOne(.emailCode)])
            #expect(flow.title == .localized(.titleCheckEmail))
            #expect(flow.subtitle != nil)
            #expect(flow.resendSecondsRemaining == 30)
            #expect(!flow.canResendCode)
            #expect(flow.string(flow.resendLabel) == "Resend in 30 seconds")
            try await eventually { clock.sleeperCount > 0 }
            clock.advance(by: 29)
            try await eventually { flow.resendSecondsRemaining == 1 }
            #expect(flow.string(flow.resendLabel) == "Resend in 1 second")
            flow.code = "000000"
            await flow.submitCode()
            #expect(flow.screen.fieldErrors[.code] != nil)
            #expect(flow.codeAttemptsRemaining == 4)
            flow.code = try #require(await harness.emulator.latestCode(for: "grace@example.com"))
            await flow.submitCode()
            #expect(flow.path == [.signInFactorOne(.emailCode), .signInFactorTwo(.totp)])
            #expect(flow.title == .localized(.titleTwoStep))
            #expect(harness.clerk.session == nil)
            #expect(flow.resendSecondsRemaining == 30 || flow.resendSecondsRemaining <= 1)
            flow.code = try #require(await harness.emulator.totpCode(secret: secret))
            await flow.submitCode()
            #expect(flow.path.last == .done)
            #expect(harness.clerk.session != nil)
        }
    }

    @available(OS2023, *)
    @Test func useAnotherMethodForTheSecondFactor() async throws {
        try await withUIHarness(.emailCodeAndTOTP) { harness in
            let user = try await harness.emulator.createUser(emailAddress: "grace@example.com")
            _ = try await harness.emulator.enableTOTP(userId: user.id)
            let backup = try await harness.emulator.createBackupCodes(userId: user.id)
            let flow = AuthFlow(clerk: harness.clerk)
            flow.identifier = "grace@example.com"
            await flow.submitIdentifier()
            flow.code = try #require(await harness.emulator.latestCode(for: "grace@example.com"))
            await flow.submitCode()
            #expect(flow.destination == .signInFactorTwo(.totp))
            #expect(Set(flow.secondFactorChoices) == [.totp, .backupCode])
            flow.useAnotherMethod()
            #expect(flow.destination == .signInFactorTwoChoice)
            await flow.chooseSecondFactor(.backupCode)
            #expect(flow.destination == .signInFactorTwo(.backupCode))
            #expect(flow.title == .localized(.titleBackupCode))
            flow.code = try #require(backup.first)
            await flow.submitCode()
            #expect(flow.isComplete)
        }
    }

    @available(OS2023, *)
    @Test func phoneOnlyReadsANationalNumber() async throws {
        try await withUIHarness(.phoneOnly) { harness in
            try await harness.emulator.createUser(phoneNumber: "+15555550100")
            let flow = AuthFlow(clerk: harness.clerk)
            flow.defaultPhoneCountry = .region("US")
            #expect(flow.identifierLabel == .localized(.labelPhoneNumber))
            flow.identifier = "(555) 555-0100"
            await flow.submitIdentifier()
            #expect(flow.path == [.signInFactorOne(.phoneCode)])
            #expect(flow.title == .localized(.titleCheckPhone))
            flow.code = "12345"
            await flow.submitCode()
            #expect(flow.screen.fieldErrors[.code] == .localized(.codeInvalid, count: 6))
            flow.code = "424242"
            await flow.submitCode()
            #expect(flow.isComplete)
        }
    }
}
