import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

/// The words each screen shows: "Enter the code sent to …" and a resend action only where something was sent.
@Suite("AuthFlow: subtitles and resend actions of every screen") @MainActor
struct ScreenStringsTests {
    nonisolated static let languages = [["en"], ["fr"], ["de"]]

    /// Every destination, with whether Clerk sent a code or link for it.
    nonisolated static let destinations: [(AuthDestination, sent: Bool)] = [
        (.signInFactorOne(.password), false), (.signInFactorOne(.emailCode), true),
        (.signInFactorOne(.phoneCode), true), (.signInFactorOne(.emailLink), true),
        (.signInFactorOne(.passkey), false), (.signInFactorOneChoice, false), (.signInFactorTwo(.totp), false),
        (.signInFactorTwo(.backupCode), false), (.signInFactorTwo(.phoneCode), true),
        (.signInFactorTwo(.emailCode), true), (.signInFactorTwoChoice, false), (.forgotPassword, false),
        (.resetPasswordCode(.resetPasswordEmailCode), true), (.resetPasswordCode(.resetPasswordPhoneCode), true),
        (.newPassword, false), (.signUp, false), (.signUpVerifyEmail, true), (.signUpVerifyPhone, true),
        (.signUpCompleteProfile, false), (.chooseOrganization, false), (.createOrganization, false),
        (.setUpSecondFactor, false), (.setUpAuthenticatorApp, false), (.setUpPhoneNumber, false),
        (.setUpPhoneCode, true), (.backupCodes, false), (.done, false),
    ]

    @available(OS2023, *)
    @Test(arguments: languages) func everyDestinationOffersResendOnlyWhereSomethingWasSent(_ languages: [String])
        async throws
    {
        try await withUIHarness(.passwordOnly) { harness in
            let flow = AuthFlow(clerk: harness.clerk, localizer: Localizer(preferredLanguages: languages))
            let sentPrefix = flow.string(.localized(.codeSentTo, arguments: ["destination": ""])).prefix(8)
            for (destination, sent) in Self.destinations {
                flow.path = [destination]
                #expect(flow.offersResend == sent, "\(destination) \(languages)")
                if !sent {
                    #expect(!flow.canResendCode, "\(destination)")
                    let subtitle = flow.subtitle.map(flow.string) ?? ""
                    #expect(!subtitle.hasPrefix(sentPrefix), "\(destination): \(subtitle)")
                }
            }
        }
    }

    @available(OS2023, *)
    @Test(arguments: languages) func passwordTOTPAndBackupCodeScreensSayNothingWasSent(_ languages: [String])
        async throws
    {
        let configuration = ClerkEmulator.Configuration(
            identifiers: [.emailAddress], firstFactors: [.password, .emailCode],
            secondFactors: [.totp, .backupCode, .phoneCode])
        try await withUIHarness(configuration) { harness in
            let user = try await harness.emulator.createUser(
                emailAddress: "ada@example.com", phoneNumber: "+15555550100", password: UIHarness.password)
            _ = try await harness.emulator.enableTOTP(userId: user.id)
            _ = try await harness.emulator.createBackupCodes(userId: user.id)
            try await harness.emulator.enableSMSSecondFactor(userId: user.id)
            let flow = AuthFlow(clerk: harness.clerk, localizer: Localizer(preferredLanguages: languages))
            let sentTo = { (destination: String) in
                flow.string(.localized(.codeSentTo, arguments: ["destination": destination]))
            }
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            #expect(flow.destination == .signInFactorOne(.password))
            #expect(flow.subtitle == nil, "\(flow.subtitle.map(flow.string) ?? "")")
            #expect(!flow.offersResend)

            flow.password = UIHarness.password
            await flow.submitPassword()
            for strategy in [FactorStrategy.totp, .backupCode] {
                if flow.destination != .signInFactorTwo(strategy) {
                    flow.useAnotherMethod()
                    await flow.chooseSecondFactor(strategy)
                }
                #expect(flow.destination == .signInFactorTwo(strategy))
                #expect(flow.subtitle == nil, "\(strategy): \(flow.subtitle.map(flow.string) ?? "")")
                #expect(!flow.offersResend && !flow.canResendCode, "\(strategy)")
            }
            flow.useAnotherMethod()
            await flow.chooseSecondFactor(.phoneCode)
            #expect(flow.destination == .signInFactorTwo(.phoneCode))
            let subtitle = try #require(flow.subtitle.map(flow.string))
            #expect(subtitle.hasPrefix(sentTo("").prefix(8)), "\(subtitle)")
            #expect(flow.offersResend)
        }
    }
}
