import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// An email-link sign-in with PKCE, end to end: ClerkKit starts it over HTTP, the link is opened as a browser
/// would, and the app URL it redirects to is handed to `Clerk.handle(_:)`.
@Suite("ClerkKit ↔ emulator: email links with PKCE") @MainActor
struct EmailLinkPKCEFlowTests {
    @available(OS2023, *)
    @Test func theRedirectedLinkSignsInOnTheDeviceThatStartedIt() async throws {
        try await withHarness(.init(firstFactors: [.password, .emailCode, .emailLink])) { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            let clerk = harness.clerk
            let started = try await clerk.auth.signInWithEmailLinkPKCE(
                emailAddress: "ada@example.com", redirectURL: "myapp://email-link")
            #expect(started.status == .needsFirstFactor)
            #expect(clerk.session == nil)
            let link = try #require(await harness.emulator.latestLink(for: "ada@example.com"))

            // The browser: opening the link redirects to the app with the flow and its approval token.
            let opened = try await harness.emulator.inProcessTransport.send(ClerkHTTPRequest(method: "GET", url: link))
            #expect(opened.status == 303)
            let callback = try #require(opened.headers["Location"].flatMap { URL(string: $0) })
            #expect(callback.scheme == "myapp")

            #expect(try await clerk.handle(callback))
            #expect(clerk.session?.status == .active)
            #expect(clerk.user?.emailAddresses.map(\.emailAddress) == ["ada@example.com"])
            // The flow completes once; the verifier is gone, so a replay is refused before anything is sent.
            let replay = await refusal { () async throws(ClerkError) in try await clerk.handle(callback) }
            #expect(replay?.code == .invalidState)
        }
    }
}
