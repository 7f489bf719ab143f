import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

/// Email links waited for by polling the sign-in (`AuthFlow.pollsEmailLinks`), as a tool without a URL scheme of its
/// own needs: the link, sent without PKCE, may be opened on any device.
@Suite("AuthFlow: email links opened elsewhere, seen by polling") @MainActor
struct EmailLinkPollingTests {
    @available(OS2023, *)
    @Test func theSignInIsPolledUntilTheLinkIsOpened() async throws {
        try await withUIHarness(AuthFlowEmailLinkTests.linksOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com")
            let flow = AuthFlow(clerk: harness.clerk, emailLinkRedirectURL: AuthFlowEmailLinkTests.redirect)
            flow.pollsEmailLinks = true
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            #expect(flow.path == [.signInFactorOne(.emailLink)])
            let prepare = await harness.emulator.requestLog().last { $0.path.hasSuffix("/prepare_first_factor") }
            #expect(prepare?.form.contains { $0.name == "code_challenge" } == false)
            // Not opened yet: nothing moves.
            #expect(await flow.checkEmailLink() == false)
            #expect(harness.clerk.session == nil)

            // Opened in a browser elsewhere (its redirect is never seen here).
            let link = try #require(await harness.emulator.latestLink(for: "ada@example.com"))
            _ = try await harness.emulator.inProcessTransport.send(ClerkHTTPRequest(method: "GET", url: link))
            #expect(await flow.checkEmailLink())
            #expect(flow.isComplete)
            #expect(harness.clerk.session?.status == .active)
        }
    }

    @available(OS2023, *)
    @Test func withoutPollingTheSignInIsNotReloaded() async throws {
        try await withUIHarness(AuthFlowEmailLinkTests.linksOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com")
            let flow = AuthFlow(clerk: harness.clerk, emailLinkRedirectURL: AuthFlowEmailLinkTests.redirect)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            await harness.emulator.clearRequestLog()
            #expect(await flow.checkEmailLink() == false)
            #expect(await harness.emulator.requestLog().isEmpty)
        }
    }
}
