import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

/// Email-link sign-in in the flow: sent with PKCE, completed by the URL the app is opened with.
@Suite("AuthFlow: email links against the emulator") @MainActor
struct AuthFlowEmailLinkTests {
    static let redirect = "myapp://email-link"

    @available(OS2023, *)
    static var linksOnly: ClerkEmulator.Configuration {
        .init(identifiers: [.emailAddress], firstFactors: [.emailLink], secondFactors: [])
    }

    /// Opens the newest link sent to `email` as a browser would and returns the app URL it redirects to.
    @available(OS2023, *)
    static func open(_ emulator: ClerkEmulator, for email: String = "ada@example.com") async throws -> URL {
        let link = try #require(await emulator.latestLink(for: email))
        let opened = try await emulator.inProcessTransport.send(ClerkHTTPRequest(method: "GET", url: link))
        #expect(opened.status == 303)
        return try #require(opened.headers["Location"].flatMap { URL(string: $0) })
    }

    @available(OS2023, *)
    @Test func theLinkOpenedOnThisDeviceSignsIn() async throws {
        try await withUIHarness(Self.linksOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com")
            let flow = AuthFlow(clerk: harness.clerk, emailLinkRedirectURL: Self.redirect)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            #expect(flow.path == [.signInFactorOne(.emailLink)])
            #expect(flow.title == .localized(.titleCheckEmail))
            #expect(flow.subtitle == .localized(.linkSentTo, arguments: ["destination": "ada@example.com"]))
            #expect(flow.resendSecondsRemaining == 30)
            // Typing a code on this screen sends nothing.
            flow.code = "123456"
            await flow.submitCode()
            #expect(harness.clerk.session == nil)

            #expect(await flow.handle(try #require(URL(string: "myapp://settings"))) == false)
            let callback = try await Self.open(harness.emulator)
            #expect(callback.absoluteString.hasPrefix(Self.redirect))
            #expect(await flow.handle(callback))
            #expect(flow.path.last == .done)
            #expect(harness.clerk.session?.status == .active)
            #expect(!flow.screen.hasErrors)
        }
    }

    @available(OS2023, *)
    @Test func linksAreOfferedOnlyWithARedirectURL() async throws {
        let configuration = ClerkEmulator.Configuration(
            identifiers: [.emailAddress], firstFactors: [.password, .emailLink], secondFactors: [])
        try await withUIHarness(configuration) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let without = AuthFlow(clerk: harness.clerk)
            without.identifier = "ada@example.com"
            await without.submitIdentifier()
            #expect(without.firstFactorChoices == [.password])
            await without.cancel()

            let with = AuthFlow(clerk: harness.clerk, emailLinkRedirectURL: Self.redirect)
            with.identifier = "ada@example.com"
            await with.submitIdentifier()
            #expect(with.path == [.signInFactorOne(.password)])
            #expect(with.firstFactorChoices == [.password, .emailLink])
            #expect(AuthFlow.label(for: .emailLink) == .localized(.factorEmailLink))
            await with.chooseFirstFactor(.emailLink)
            #expect(with.path.last == .signInFactorOne(.emailLink))
            #expect(with.resendLabel == .localized(.resendCodeIn, count: 30))
            #expect(await with.handle(try await Self.open(harness.emulator)))
            #expect(with.isComplete)
        }
    }

    @available(OS2023, *)
    @Test func aResentLinkReplacesTheFirst() async throws {
        try await withUIHarness(Self.linksOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com")
            let clock = ManualClock()
            let flow = AuthFlow(clerk: harness.clerk, clock: clock, emailLinkRedirectURL: Self.redirect)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            let first = try await Self.open(harness.emulator)
            clock.advance(by: 30)
            flow.updateCountdown()
            #expect(flow.resendLabel == .localized(.resendLink))
            await flow.resendCode()
            #expect(!flow.screen.hasErrors)
            let second = try await Self.open(harness.emulator)
            #expect(second != first)

            #expect(await flow.handle(first))
            #expect(flow.screen.errorMessage != nil)
            #expect(harness.clerk.session == nil)
            #expect(!flow.screen.isLoading)
            #expect(await flow.handle(second))
            #expect(flow.isComplete)
            clock.releaseAll()
        }
    }

    @available(OS2023, *)
    @Test func aLinkRequestedOnAnotherDeviceSignsNobodyIn() async throws {
        try await withUIHarness(Self.linksOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com")
            let flow = AuthFlow(clerk: harness.clerk, emailLinkRedirectURL: Self.redirect)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            let callback = try await Self.open(harness.emulator)

            let configuration = try ClerkConfiguration(
                publishableKey: await harness.emulator.publishableKey, proxyURL: await harness.emulator.baseURL,
                options: ClerkOptions(telemetryEnabled: false))
            let other = Clerk(configuration: configuration, store: InMemorySecureStore())
            try await other.load()
            let elsewhere = AuthFlow(clerk: other, emailLinkRedirectURL: Self.redirect)
            #expect(await elsewhere.handle(callback))
            #expect(elsewhere.screen.errorMessage == .localized(.linkNotStartedHere))
            #expect(other.session == nil)
            #expect(!elsewhere.isComplete)
            // The device that asked for it still can.
            #expect(await flow.handle(callback))
            #expect(flow.isComplete)
        }
    }

    @available(OS2023, *)
    @Test func aLinkLeadsToTheSessionTasks() async throws {
        var configuration = Self.linksOnly
        configuration.organizations.forceSelection = true
        try await withUIHarness(configuration) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com")
            let flow = AuthFlow(clerk: harness.clerk, emailLinkRedirectURL: Self.redirect)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            #expect(await flow.handle(try await Self.open(harness.emulator)))
            #expect(flow.path.last == .createOrganization)
            #expect(harness.clerk.session?.status == .pending)
        }
    }
}
