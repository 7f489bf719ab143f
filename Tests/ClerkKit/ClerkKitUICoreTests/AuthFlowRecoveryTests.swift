import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

@Suite("AuthFlow: bad input, failures and cancellation") @MainActor
struct AuthFlowRecoveryTests {
    @available(OS2023, *)
    func startEmailCode(_ harness: UIHarness, clock: ManualClock, attempts: Int = 5) async throws -> AuthFlow {
        try await harness.emulator.createUser(emailAddress: "grace@example.com")
        let flow = AuthFlow(clerk: harness.clerk, clock: clock, maximumCodeAttempts: attempts)
        flow.identifier = "grace@example.com"
        await flow.submitIdentifier()
        try #require(flow.path == [.signInFactorOne(.emailCode)])
        return flow
    }

    @available(OS2023, *)
    @Test func tooManyWrongCodesNeedANewCode() async throws {
        try await withUIHarness(.emailCodeAndTOTP) { harness in
            let clock = ManualClock()
            defer { clock.releaseAll() }
            let flow = try await startEmailCode(harness, clock: clock, attempts: 2)
            for _ in 0..<2 {
                flow.code = "000000"
                await flow.submitCode()
            }
            #expect(flow.codeAttemptsRemaining == 0)
            #expect(flow.screen.fieldErrors[.code] == .localized(.codeTooManyAttempts))
            #expect(flow.canResendCode)
            let before = await harness.emulator.requestLog().count
            flow.code = try #require(await harness.emulator.latestCode(for: "grace@example.com"))
            await flow.submitCode()
            #expect(await harness.emulator.requestLog().count == before)
            #expect(flow.screen.fieldErrors[.code] == .localized(.codeTooManyAttempts))
            await flow.resendCode()
            #expect(flow.codeAttemptsRemaining == 2)
            #expect(flow.resendSecondsRemaining == 30)
            flow.code = try #require(await harness.emulator.latestCode(for: "grace@example.com"))
            await flow.submitCode()
            #expect(flow.isComplete)
        }
    }

    @available(OS2023, *)
    @Test func anExpiredCodeAsksForANewOne() async throws {
        var configuration = ClerkEmulator.Configuration.emailCodeAndTOTP
        configuration.codeLifetime = .seconds(60)
        try await withUIHarness(configuration) { harness in
            let clock = ManualClock()
            defer { clock.releaseAll() }
            let flow = try await startEmailCode(harness, clock: clock)
            await harness.emulator.advanceClock(by: .seconds(120))
            flow.code = try #require(await harness.emulator.latestCode(for: "grace@example.com"))
            await flow.submitCode()
            #expect(flow.screen.fieldErrors[.code] == .localized(.codeExpired))
            #expect(flow.canResendCode)
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func aRateLimitedResendFollowsRetryAfter() async throws {
        try await withUIHarness(.emailCodeAndTOTP) { harness in
            let clock = ManualClock()
            defer { clock.releaseAll() }
            let flow = try await startEmailCode(harness, clock: clock)
            try await eventually { clock.sleeperCount > 0 }
            clock.advance(by: 30)
            try await eventually { flow.canResendCode }
            await harness.emulator.inject(
                .init(
                    method: "POST", path: "/v1/client/sign_ins/*/prepare_first_factor",
                    outcome: .error(status: 429, code: "too_many_requests", retryAfter: 42)))
            await flow.resendCode()
            #expect(flow.screen.errorMessage == .localized(.errorRateLimited, count: 42))
            #expect(flow.resendSecondsRemaining == 42)
            #expect(flow.string(flow.resendLabel) == "Resend in 42 seconds")
            #expect(!flow.screen.isLoading)
            try await eventually { clock.sleeperCount > 0 }
            clock.advance(by: 42)
            try await eventually { flow.canResendCode }
            await flow.resendCode()
            #expect(!flow.screen.hasErrors)
            #expect(flow.resendSecondsRemaining == 30)
        }
    }

    @available(OS2023, *)
    @Test func aDroppedConnectionAndAServerErrorKeepTheStep() async throws {
        try await withUIHarness(.emailCodeAndTOTP) { harness in
            let clock = ManualClock()
            defer { clock.releaseAll() }
            let flow = try await startEmailCode(harness, clock: clock)
            let code = try #require(await harness.emulator.latestCode(for: "grace@example.com"))
            await harness.emulator.inject(
                .init(method: "POST", path: "/v1/client/sign_ins/*/attempt_first_factor", outcome: .dropConnection))
            flow.code = code
            await flow.submitCode()
            #expect(flow.screen.errorMessage == .localized(.errorConnection))
            #expect(flow.destination == .signInFactorOne(.emailCode))
            #expect(!flow.screen.isLoading)
            #expect(harness.clerk.session == nil)
            await harness.emulator.inject(
                .init(
                    method: "POST", path: "/v1/client/sign_ins/*/attempt_first_factor",
                    outcome: .error(status: 500, code: "internal_clerk_error", message: "Oops")))
            await flow.submitCode()
            #expect(flow.screen.errorMessage == .verbatim("Oops"))
            #expect(flow.destination == .signInFactorOne(.emailCode))
            #expect(harness.clerk.session == nil)
            await flow.submitCode()
            #expect(flow.isComplete)
        }
    }

    @available(OS2023, *)
    @Test func cancellingHalfWayReturnsToTheStart() async throws {
        try await withUIHarness(.emailCodeAndTOTP) { harness in
            let clock = ManualClock()
            defer { clock.releaseAll() }
            let flow = try await startEmailCode(harness, clock: clock)
            await harness.emulator.inject(
                .init(method: "POST", path: "/v1/client/sign_ins/*/attempt_first_factor", delay: .seconds(5)))
            flow.code = try #require(await harness.emulator.latestCode(for: "grace@example.com"))
            let submitting = Task { @MainActor in await flow.submitCode() }
            try await eventually { flow.screen.isLoading }
            await flow.cancel()
            await submitting.value
            #expect(flow.path.isEmpty)
            #expect(flow.signIn == nil)
            #expect(!flow.screen.isLoading)
            #expect(!flow.screen.hasErrors)
            #expect(flow.resendSecondsRemaining == 0)
            #expect(harness.clerk.session == nil)
            #expect(flow.identifier == "grace@example.com")
        }
    }

    @available(OS2023, *)
    @Test func anHTMLErrorPageIsAnUnavailableService() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            let html = ClerkError(
                .invalidResponse, "The server answered HTTP 502 with a body that is not JSON.",
                context: .init(method: "POST", path: "/v1/client/sign_ins/x/attempt_first_factor", status: 502))
            flow.show(html)
            #expect(flow.screen.errorMessage == .localized(.errorServerUnavailable))
            #expect(flow.destination == .signInFactorOne(.password))
        }
    }

    @available(OS2023, *)
    @Test func aProxysHTMLErrorPageOverHTTPShowsAnUnavailableServiceAndTheScreenRecovers() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            await harness.emulator.inject(
                .init(
                    method: "POST", path: "/v1/client/sign_ins/*/attempt_first_factor",
                    outcome: .htmlPage(status: 502, html: "<html><body><h1>502 Bad Gateway</h1></body></html>")))
            flow.password = UIHarness.password
            await flow.submitPassword()
            #expect(flow.screen.errorMessage == .localized(.errorServerUnavailable))
            #expect(flow.string(try #require(flow.screen.errorMessage)).contains("<") == false)
            #expect(!flow.screen.isLoading)
            #expect(flow.destination == .signInFactorOne(.password))
            #expect(harness.clerk.session == nil)
            // The page was served once; the same password then goes through.
            await flow.submitPassword()
            #expect(flow.isComplete)
            #expect(harness.clerk.session != nil)
        }
    }

    @available(OS2023, *)
    @Test func forgotPasswordThenANewPassword() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            #expect(flow.canResetPassword)
            #expect(flow.resetPasswordChoices == [.resetPasswordEmailCode])
            await flow.forgotPassword()
            #expect(flow.destination == .resetPasswordCode(.resetPasswordEmailCode))
            flow.code = try #require(await harness.emulator.latestCode(for: "ada@example.com"))
            await flow.submitCode()
            #expect(flow.destination == .newPassword)
            flow.password = "short"
            await flow.submitNewPassword()
            #expect(flow.screen.fieldErrors[.password] == .localized(.passwordTooShort, count: 8))
            flow.password = "a-brand-new-password"
            flow.confirmPassword = "a-brand-new-passw0rd"
            await flow.submitNewPassword()
            #expect(flow.screen.fieldErrors[.confirmPassword] == .localized(.passwordsDoNotMatch))
            flow.confirmPassword = "a-brand-new-password"
            await flow.submitNewPassword()
            #expect(flow.isComplete)
            #expect(harness.clerk.session != nil)
        }
    }

    @available(OS2023, *)
    @Test func stringsFollowTheFlowsLanguage() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            let flow = AuthFlow(clerk: harness.clerk, localizer: Localizer(table: .french))
            #expect(flow.string(flow.title) == "Se connecter à Clerk Emulator")
            flow.identifier = ""
            await flow.submitIdentifier()
            let error = try #require(flow.screen.fieldErrors[.identifier])
            #expect(flow.string(error) == "Ce champ est obligatoire.")
            #expect(flow.string(AuthFlow.Action.continue.text) == "Continuer")
        }
    }
}
