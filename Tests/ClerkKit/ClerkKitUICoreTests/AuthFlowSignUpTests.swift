import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

@available(OS2023, *)
extension ClerkEmulator.Configuration {
    static var namesAndLegalConsent: Self {
        .init(
            identifiers: [.emailAddress], firstFactors: [.password, .emailCode], secondFactors: [],
            signUp: .init(
                requiredFields: [.emailAddress, .password, .firstName, .lastName, .legalAccepted],
                verifyEmailAddress: true, verifyPhoneNumber: false))
    }
}

@Suite("AuthFlow: sign-up against the emulator") @MainActor
struct AuthFlowSignUpTests {
    @available(OS2023, *)
    @Test func namesLegalConsentAndEmailVerification() async throws {
        try await withUIHarness(.namesAndLegalConsent) { harness in
            let flow = AuthFlow(clerk: harness.clerk, mode: .signUp)
            #expect(flow.path == [.signUp])
            #expect(
                flow.signUpFields == [
                    .init(field: .firstName, isRequired: true), .init(field: .lastName, isRequired: true),
                    .init(field: .emailAddress, isRequired: true), .init(field: .password, isRequired: true),
                    .init(field: .legalAccepted, isRequired: true),
                ])
            await flow.submitSignUp()
            #expect(flow.screen.fieldErrors[.firstName] == .localized(.fieldRequired))
            #expect(flow.screen.fieldErrors[.legalAccepted] == .localized(.legalConsentRequired))
            #expect(flow.path == [.signUp])
            flow.firstName = "Ada"
            flow.lastName = "Lovelace"
            flow.emailAddress = "ada@example"
            flow.password = UIHarness.password
            flow.legalAccepted = true
            await flow.submitSignUp()
            #expect(flow.screen.fieldErrors == [.emailAddress: .localized(.emailInvalid)])
            flow.emailAddress = "ada@example.com"
            await flow.submitSignUp()
            #expect(flow.path == [.signUp, .signUpVerifyEmail])
            #expect(flow.title == .localized(.titleVerifyEmail))
            #expect(flow.codeDestination == "ada@example.com")
            flow.code = try #require(await harness.emulator.latestCode(for: "ada@example.com"))
            await flow.submitCode()
            #expect(flow.isComplete)
            #expect(harness.clerk.user?.firstName == "Ada")
        }
    }

    @available(OS2023, *)
    @Test func anExistingAccountMovesToSignIn() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            flow.switchToSignUp()
            #expect(flow.path == [.signUp])
            flow.emailAddress = "ada@example.com"
            flow.password = "another-password-1"
            await flow.submitSignUp()
            #expect(flow.path == [.signInFactorOne(.password)])
            #expect(flow.identifier == "ada@example.com")
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func phoneSignUpVerifiesTheNumber() async throws {
        var configuration = ClerkEmulator.Configuration.phoneOnly
        configuration.signUp.verifyPhoneNumber = true
        try await withUIHarness(configuration) { harness in
            let flow = AuthFlow(clerk: harness.clerk, mode: .signUp)
            #expect(flow.signUpFields.contains(.init(field: .phoneNumber, isRequired: true)))
            flow.phoneNumber = "+1 555 555 0101"
            await flow.submitSignUp()
            #expect(flow.path == [.signUp, .signUpVerifyPhone])
            flow.code = "424242"
            await flow.submitCode()
            #expect(flow.isComplete)
        }
    }
}
