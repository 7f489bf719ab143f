import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// OAuth, enterprise SSO and ID-token sign-in end to end: ClerkKit over HTTP, the browser scripted against the
/// emulated provider, every exchange checked against the Frontend API description.
@Suite("ClerkKit ↔ emulator: OAuth, enterprise SSO and ID tokens") @MainActor
struct ProviderFlowTests {
    static let redirect = URL(string: "com.example.app://callback")
    @available(OS2023, *)
    static let ada = ClerkEmulator.ProviderAccount(emailAddress: "ada@example.com", firstName: "Ada", lastName: "King")

    @available(OS2023, *)
    static func configuration(providers: Set<String> = ["google", "apple"]) -> ClerkEmulator.Configuration {
        var configuration = ClerkEmulator.Configuration()
        configuration.oauthProviders = providers
        configuration.enterpriseSSODomains = ["acme.test"]
        return configuration
    }

    @available(OS2023, *)
    func browser(_ harness: Harness, _ script: ScriptedWebAuthenticator.Script = .follow) -> ScriptedWebAuthenticator {
        ScriptedWebAuthenticator(emulator: harness.emulator, script: script, redirectURL: Self.redirect)
    }

    @available(OS2023, *)
    @Test func anExistingUserSignsInWithGoogleAndTheDeviceTokenRotates() async throws {
        try await withHarness(Self.configuration()) { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            try await harness.emulator.setConsent(.approve(Self.ada), for: "google")
            let (clerk, authenticator) = (harness.clerk, browser(harness))
            let result = try await clerk.auth.signInWithOAuth(provider: .google, using: authenticator)
            guard case .signIn(let signIn) = result else { throw Expectation.failed("expected a sign-in") }
            #expect(signIn.status == .complete)
            #expect(harness.clerk.session?.id == result.createdSessionId)
            #expect(harness.clerk.user?.emailAddresses.map(\.emailAddress) == ["ada@example.com"])
            let log = await harness.emulator.requestLog()
            let reload = try #require(log.last { $0.method == "GET" && $0.path.hasPrefix("/v1/client/sign_ins/") })
            let nonce = try #require(reload.query.first { $0.name == "rotating_token_nonce" }?.value)
            #expect(nonce.count == 40 && !nonce.contains("%"))
            // The rotated token keeps working: the client reads back signed in.
            _ = try await harness.clerk.refreshClient()
            #expect(harness.clerk.session?.status == .active)
        }
    }

    @available(OS2023, *)
    @Test func anUnknownGoogleAccountTransfersToASignUpThatCreatesTheUser() async throws {
        try await withHarness(Self.configuration()) { harness in
            try await harness.emulator.setConsent(.approve(Self.ada), for: "google")
            let result = try await harness.clerk.auth.signInWithOAuth(
                provider: .google, using: browser(harness), unsafeMetadata: .object(["plan": .string("pro")]))
            guard case .signUp(let signUp) = result else { throw Expectation.failed("expected a sign-up") }
            #expect(signUp.status == .complete)
            let user = try #require(harness.clerk.user)
            #expect(user.firstName == "Ada")
            #expect(user.externalAccounts.map(\.provider) == ["oauth_google"])
            #expect(user.unsafeMetadata == .object(["plan": .string("pro")]))
            // Without a transfer the sign-in stays as the provider left it.
            try await harness.clerk.auth.signOut()
            try await harness.emulator.setConsent(
                .approve(.init(emailAddress: "grace@example.com")), for: "google")
            let kept = try await harness.clerk.auth.signInWithOAuth(
                provider: .google, using: browser(harness), transferable: false)
            guard case .signIn(let signIn) = kept else { throw Expectation.failed("expected a sign-in") }
            #expect(signIn.firstFactorVerification?.status == .transferable)
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func aSignUpWithAnAccountThatExistsTransfersToASignIn() async throws {
        try await withHarness(Self.configuration()) { harness in
            let seeded = try await harness.emulator.createUser(emailAddress: "ada@example.com")
            try await harness.emulator.setConsent(.approve(Self.ada), for: "google")
            let result = try await harness.clerk.auth.signUpWithOAuth(provider: .google, using: browser(harness))
            guard case .signIn(let signIn) = result else { throw Expectation.failed("expected a sign-in") }
            #expect(signIn.status == .complete)
            #expect(harness.clerk.user?.id == seeded.id)
        }
    }

    @available(OS2023, *)
    @Test func declinedCancelledAndForgedCallbacksLeaveNobodySignedIn() async throws {
        try await withHarness(Self.configuration()) { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com")
            let auth = harness.clerk.auth
            try await harness.emulator.setConsent(.deny, for: "google")
            let declined = await refusal { () async throws(ClerkError) in
                try await auth.signInWithOAuth(provider: .google, using: browser(harness))
            }
            #expect(declined?.code == .api)
            #expect(declined?.apiError?.code == "oauth_access_denied")
            let cancelled = await refusal { () async throws(ClerkError) in
                try await auth.signInWithOAuth(provider: .google, using: browser(harness, .cancel))
            }
            #expect(cancelled?.code == .authenticationCancelled)
            try await harness.emulator.setConsent(.approve(Self.ada), for: "google")
            let elsewhere = try #require(URL(string: "https://evil.example/callback?rotating_token_nonce=x"))
            let forged = await refusal { () async throws(ClerkError) in
                try await auth.signInWithOAuth(provider: .google, using: browser(harness, .returnURL(elsewhere)))
            }
            #expect(forged?.code == .invalidCallback)
            #expect(harness.clerk.session == nil)
            // A provider that is not enabled is refused before any browser opens.
            let github = await refusal { () async throws(ClerkError) in
                try await auth.signInWithOAuth(provider: .github, using: browser(harness))
            }
            #expect(github?.apiError?.code == "strategy_for_user_invalid")
        }
    }

    @available(OS2023, *)
    @Test func aCallbackIsUsedOnceAndAReplayedNonceChangesNothing() async throws {
        try await withHarness(Self.configuration()) { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com")
            try await harness.emulator.setConsent(.approve(Self.ada), for: "google")
            let recorder = RecordingBrowser(transport: harness.emulator.inProcessTransport, redirect: Self.redirect)
            let result = try await harness.clerk.auth.signInWithOAuth(provider: .google, using: recorder)
            guard case .signIn(let signIn) = result else { throw Expectation.failed("expected a sign-in") }
            #expect(signIn.status == .complete)
            let visited = recorder.visited.value
            let callback = try #require(visited.first { $0.path == "/v1/oauth_callback" })
            let replay = try await harness.emulator.inProcessTransport.send(
                ClerkHTTPRequest(method: "GET", url: callback))
            #expect(replay.status == 400)
            #expect(String(decoding: replay.body, as: UTF8.self).contains("oauth_callback_invalid"))
            // The nonce was exchanged once; sending it again is a plain reload.
            let nonce = try #require(
                visited.last.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.queryItems?
                    .first { $0.name == "rotating_token_nonce" }?.value)
            let again = try await harness.clerk.auth.reload(signIn, rotatingTokenNonce: nonce)
            #expect(again.status == .complete)
            #expect(harness.clerk.session?.status == .active)
        }
    }

    @available(OS2023, *)
    @Test func enterpriseSSOSignsInThroughTheDomainsConnection() async throws {
        try await withHarness(Self.configuration()) { harness in
            try await harness.emulator.setConsent(.approve(.init(emailAddress: "bob@acme.test")), for: "enterprise_sso")
            let auth = harness.clerk.auth
            let result = try await auth.signInWithEnterpriseSSO(emailAddress: "bob@acme.test", using: browser(harness))
            guard case .signUp(let signUp) = result else { throw Expectation.failed("a new user signs up") }
            #expect(signUp.status == .complete)
            try await auth.signOut()
            let again = try await auth.signInWithEnterpriseSSO(emailAddress: "bob@acme.test", using: browser(harness))
            #expect(again.createdSessionId != nil)
            try await auth.signOut()
            let outside = await refusal { () async throws(ClerkError) in
                try await auth.signInWithEnterpriseSSO(emailAddress: "bob@other.test", using: browser(harness))
            }
            #expect(outside?.apiError?.code == "form_param_format_invalid")
        }
    }
}

/// A browser that follows redirects in process and keeps every URL it was sent to, the callback included.
@available(OS2023, *)
struct RecordingBrowser: WebAuthenticator {
    let transport: any HTTPTransport
    let redirect: URL?
    let visited = LockedURLs()
    var redirectURL: URL? { redirect }

    func authenticate(url: URL, redirectURL: URL, prefersEphemeralSession: Bool) async throws(ClerkError) -> URL {
        var current = url
        while current.scheme != redirectURL.scheme {
            visited.append(current)
            let response = try await transport.send(ClerkHTTPRequest(method: "GET", url: current))
            guard let location = response.headers["Location"], let next = URL(string: location) else {
                throw ClerkError(.transport, "no redirect from \(current.path)")
            }
            current = next
        }
        visited.append(current)
        return current
    }
}

/// URLs shared between a browser and the test.
final class LockedURLs: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [URL] = []
    var value: [URL] { lock.withLock { urls } }
    func append(_ url: URL) { lock.withLock { urls.append(url) } }
}

enum Expectation: Error {
    case failed(String)
}
