import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

/// The screens against the emulator's own environment and against one in the real service's shapes
/// (`ClerkEmulator.RecordedEnvironment`): `max_length: 0`, `null`s, empty arrays and objects, unknown keys.
@Suite("AuthFlow: the emulator's environment and the real service's") @MainActor
struct RealEnvironmentTests {
    /// The two environments a screen is tested against.
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        case emulator, recorded
        var testDescription: String { rawValue }

        @available(OS2023, *)
        var configuration: ClerkEmulator.Configuration {
            var configuration = ClerkEmulator.RecordedEnvironment.emailAndPasswordConfiguration
            if self == .emulator { configuration.environmentOverlay = nil }
            return configuration
        }
    }

    @available(OS2023, *)
    @Test func aMaximumLengthOfZeroIsNoMaximum() {
        let rules = PasswordRules(settings: .init(minLength: 8, maxLength: 0))
        #expect(rules.maximumLength == 72)
        #expect(rules.problem(with: UIHarness.password) == nil)
        #expect(rules.problem(with: "short") == .localized(.passwordTooShort, count: 8))
        #expect(PasswordRules(settings: .init(minLength: 0)).minimumLength == 8)
        #expect(PasswordRules(settings: .init(maxLength: 20)).problem(with: String(repeating: "a", count: 21)) != nil)
    }

    @available(OS2023, *)
    @Test func theRecordedEnvironmentIsServedAsTheRealServiceSendsIt() async throws {
        try await withUIHarness(Shape.recorded.configuration) { harness in
            let settings = try #require(harness.clerk.environment?.userSettings?.passwordSettings)
            #expect(settings.maxLength == 0)
            #expect(settings.minLength == 8)
            #expect(harness.clerk.environment?.userSettings?.social.isEmpty == true)
            #expect(harness.clerk.environment?.displayConfig?.applicationName == "Real Shapes")
            #expect(PasswordRules(environment: harness.clerk.environment).problem(with: UIHarness.password) == nil)
        }
    }

    @available(OS2023, *)
    @Test(arguments: Shape.allCases) func signUpWithAPasswordThenSignInWithASecondFactor(_ shape: Shape) async throws {
        try await withUIHarness(shape.configuration) { harness in
            let signUp = AuthFlow(clerk: harness.clerk, mode: .signUp)
            // The emulator's own environment offers the (optional) names too; the recorded one does not.
            let names: [FormField] = shape == .emulator ? [.firstName, .lastName] : []
            #expect(signUp.signUpFields.map(\.field) == names + [.emailAddress, .password])
            signUp.emailAddress = "ada@example.com"
            signUp.password = UIHarness.password
            await signUp.submitSignUp()
            #expect(!signUp.screen.hasErrors, "\(signUp.screen.fieldErrors)")
            #expect(signUp.path == [.signUp, .signUpVerifyEmail])
            signUp.code = try #require(await harness.emulator.latestCode(for: "ada@example.com"))
            await signUp.submitCode()
            #expect(signUp.isComplete)
            let userId = try #require(harness.clerk.user?.id)
            try await harness.clerk.auth.signOut()

            let secret = try await harness.emulator.enableTOTP(userId: userId)
            let signIn = AuthFlow(clerk: harness.clerk)
            signIn.identifier = "ada@example.com"
            await signIn.submitIdentifier()
            // The last method used (the sign-up's email code) comes first; the password is one choice away.
            if signIn.destination != .signInFactorOne(.password) {
                signIn.useAnotherMethod()
                await signIn.chooseFirstFactor(.password)
            }
            #expect(signIn.destination == .signInFactorOne(.password))
            signIn.password = UIHarness.password
            await signIn.submitPassword()
            #expect(signIn.destination == .signInFactorTwo(.totp))
            signIn.code = try #require(await harness.emulator.totpCode(secret: secret))
            await signIn.submitCode()
            #expect(signIn.isComplete)
            #expect(harness.clerk.session != nil)
        }
    }

    @available(OS2023, *)
    @Test func theEmulatorKeepsTheOverlaysLengths() async throws {
        var configuration = ClerkEmulator.RecordedEnvironment.emailAndPasswordConfiguration
        configuration.environmentOverlay = Data(#"{"user_settings":{"password_settings":{"max_length":12}}}"#.utf8)
        try await withUIHarness(configuration) { harness in
            let flow = AuthFlow(clerk: harness.clerk, mode: .signUp)
            flow.emailAddress = "ada@example.com"
            flow.password = "a-password-longer-than-twelve"
            await flow.submitSignUp()
            #expect(flow.screen.fieldErrors[.password] == .localized(.passwordTooLong, count: 12))
            // The service refuses it too, whatever a screen does.
            await #expect(throws: ClerkError.self) {
                _ = try await harness.clerk.auth.signUp(
                    emailAddress: "ada@example.com", password: "a-password-longer-than-twelve")
            }
        }
    }

    @available(OS2023, *)
    @Test func anOverlayThatIsNotAnObjectStopsTheStart() async {
        var configuration = ClerkEmulator.Configuration()
        configuration.environmentOverlay = Data("[1, 2]".utf8)
        let emulator = ClerkEmulator(configuration: configuration, logger: .init(label: "test"))
        await #expect(throws: ClerkError.self) { try await emulator.start() }
    }
}
