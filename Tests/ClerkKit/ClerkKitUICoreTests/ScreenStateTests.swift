import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import CourierTestSupport
import Foundation
import Testing

/// A screen with one request, to exercise the shared pattern.
@MainActor
@available(OS2023, *)
final class ProbeScreen: ScreenModel {
    var screen = ScreenState()
}

@Suite("ClerkKitUICore: screen state against the emulator") @MainActor
struct ScreenStateTests {
    @available(OS2023, *)
    @Test func passwordRulesComeFromTheInstance() async throws {
        var configuration = ClerkEmulator.Configuration()
        configuration.signUp.minimumPasswordLength = 12
        try await withUIHarness(configuration) { harness in
            let rules = PasswordRules(environment: harness.clerk.environment)
            #expect(rules.minimumLength == 12)
            #expect(rules.maximumLength == 72)
            #expect(rules.problem(with: "short-pass") == .localized(.passwordTooShort, count: 12))
        }
    }

    @available(OS2023, *)
    @Test func aServerErrorLandsUnderItsFieldWithTheServersMessage() async throws {
        try await withUIHarness { harness in
            let screen = ProbeScreen()
            let result = await screen.perform { () async throws(ClerkError) in
                try await harness.clerk.auth.signIn(identifier: "nobody@example.com", password: "whatever-123")
            }
            #expect(result == nil)
            #expect(!screen.screen.isLoading)
            let message = try #require(screen.screen.fieldErrors[.identifier])
            guard case .verbatim(let text) = message else {
                Issue.record("expected the server's message, got \(message)")
                return
            }
            #expect(!text.isEmpty)
            #expect(screen.screen.errorMessage == nil)
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func aRateLimitSaysHowLongToWait() async throws {
        try await withUIHarness { harness in
            await harness.emulator.inject(
                .init(
                    method: "POST", path: "/v1/client/sign_ins",
                    outcome: .error(status: 429, code: "too_many_requests", retryAfter: 30), times: nil))
            let screen = ProbeScreen()
            let result = await screen.perform { () async throws(ClerkError) in
                try await harness.clerk.auth.signIn(identifier: "ada@example.com")
            }
            #expect(result == nil)
            #expect(!screen.screen.isLoading)
            #expect(screen.screen.errorMessage == .localized(.errorRateLimited, count: 30))
            let message = try #require(screen.screen.errorMessage)
            #expect(Localizer().string(message) == "Too many attempts. Try again in 30 seconds.")
        }
    }

    @available(OS2023, *)
    @Test func aDroppedConnectionIsAConnectionProblem() async throws {
        try await withUIHarness { harness in
            await harness.emulator.inject(
                .init(method: "POST", path: "/v1/client/sign_ins", outcome: .dropConnection, times: nil))
            let screen = ProbeScreen()
            _ = await screen.perform { () async throws(ClerkError) in
                try await harness.clerk.auth.signIn(identifier: "ada@example.com")
            }
            #expect(!screen.screen.isLoading)
            #expect(screen.screen.errorMessage == .localized(.errorConnection))
            #expect(screen.screen.fieldErrors.isEmpty)
        }
    }

    @available(OS2023, *)
    @Test func aServerErrorWithoutAClerkBodyIsUnavailable() {
        let html = ClerkError(
            .invalidResponse, "The server answered HTTP 502 with a body that is not JSON.",
            context: .init(method: "POST", path: "/v1/client/sign_ins", status: 502))
        #expect(ErrorPresentation(html)?.message == .localized(.errorServerUnavailable))
        #expect(ErrorPresentation(ClerkError(.cancelled, "stopped")) == nil)
        #expect(ErrorPresentation(ClerkError(.storage, "disk"))?.message == .localized(.errorUnexpected))
    }

    @available(OS2023, *)
    @Test func cancellingEndsLoadingWithoutAMessage() async throws {
        try await withUIHarness { harness in
            await harness.emulator.inject(
                .init(method: "POST", path: "/v1/client/sign_ins", delay: .seconds(5), outcome: .proceed))
            let screen = ProbeScreen()
            let task = Task { @MainActor in
                await screen.perform { () async throws(ClerkError) in
                    try await harness.clerk.auth.signIn(identifier: "ada@example.com")
                }
            }
            try await withTimeout(.seconds(10)) { @MainActor in
                while !screen.screen.isLoading {
                    try Task.checkCancellation()
                    await Task.yield()
                }
            }
            // A second request while the first is in flight is not sent.
            let second = await screen.perform { () async throws(ClerkError) in 1 }
            #expect(second == nil)
            task.cancel()
            let result = await task.value
            #expect(result == nil)
            #expect(!screen.screen.isLoading)
            #expect(!screen.screen.hasErrors)
            #expect(harness.clerk.session == nil)
        }
    }

    @Test func validationSetsAndClearsFieldErrors() {
        var state = ScreenState()
        state.errorMessage = .localized(.errorUnexpected)
        let valid = state.validate([
            .emailAddress: EmailValidation.problem(with: "ada@"), .password: nil,
        ])
        #expect(!valid)
        #expect(state.fieldErrors == [.emailAddress: .localized(.emailInvalid)])
        #expect(state.errorMessage == nil)
        let validNow = state.validate([.emailAddress: EmailValidation.problem(with: "ada@example.com")])
        #expect(validNow)
        #expect(!state.hasErrors)
    }

    @Test func parameterNamesMapToFields() {
        #expect(FormField(parameterName: "identifier") == .identifier)
        #expect(FormField(parameterName: "new_password") == .password)
        #expect(FormField(parameterName: "code") == .code)
        #expect(FormField(parameterName: "legal_accepted") == .legalAccepted)
        #expect(FormField(parameterName: "unsafe_metadata") == nil)
    }
}
