import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

@Suite("AuthFlow: navigation and unavailable methods") @MainActor
struct AuthFlowNavigationTests {
    @available(OS2023, *)
    @Test func aMethodTheSignInNoLongerOffersIsRefusedWithAMessage() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let flow = AuthFlow(clerk: harness.clerk)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            flow.useAnotherMethod()
            #expect(flow.destination == .signInFactorOneChoice)
            #expect(flow.title == .localized(.titleChooseMethod))
            await flow.chooseFirstFactor(.phoneCode)
            #expect(flow.screen.errorMessage == .localized(.methodUnavailable))
            #expect(flow.destination == .signInFactorOneChoice)
            #expect(!flow.screen.isLoading)
            flow.back()
            #expect(flow.path == [.signInFactorOne(.password)])
            #expect(!flow.screen.hasErrors)
            flow.back()
            #expect(flow.path.isEmpty)
            #expect(flow.signIn == nil)
        }
    }

    @available(OS2023, *)
    @Test func theLastUsedMethodComesFirstWithABadge() async throws {
        try await withUIHarness { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let first = AuthFlow(clerk: harness.clerk)
            first.identifier = "ada@example.com"
            await first.submitIdentifier()
            await first.chooseFirstFactor(.emailCode)
            first.code = try #require(await harness.emulator.latestCode(for: "ada@example.com"))
            await first.submitCode()
            #expect(first.isComplete)
            try await harness.clerk.auth.signOut()
            let again = AuthFlow(clerk: harness.clerk)
            #expect(again.lastUsedStrategy == .emailCode)
            again.identifier = "ada@example.com"
            await again.submitIdentifier()
            #expect(again.destination == .signInFactorOne(.emailCode))
            #expect(again.firstFactorChoices.first == .emailCode)
            #expect(again.badge(for: .emailCode) == .localized(.badgeLastUsed))
            #expect(again.badge(for: .password) == nil)
        }
    }

    @available(OS2023, *)
    @Test func sessionTaskKeys() {
        #expect(SessionTaskKind(key: "choose-organization") == .chooseOrganization)
        #expect(SessionTaskKind(key: "reset-password") == .resetPassword)
        #expect(SessionTaskKind(key: "setup-mfa") == .setupMFA)
        #expect(SessionTaskKind(key: "verify-phone") == .other("verify-phone"))
    }
}
