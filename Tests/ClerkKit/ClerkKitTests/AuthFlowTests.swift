import CourierTestSupport
import Foundation
import Testing

@testable import ClerkKit

/// Every auth flow end to end against recorded-style Frontend API responses: request shapes (validated against
/// the description), returned models, synced state and events.
@MainActor
@Suite struct AuthFlowTests {
    /// Routes for a sign-in that completes with `sess_1`.
    @available(OS2023, *)
    static func signInRoutes(firstStatus: String = "needs_first_factor") -> StubTransport {
        StubTransport { request, _ in
            let path = request.url.path
            let complete = Fixtures.signIn(status: "complete", sessionId: "sess_1")
            switch (request.method, path) {
            case ("POST", "/v1/client/sign_ins"):
                if request.form["strategy"] == "password" {
                    return Fixtures.wrapped(
                        complete, client: Fixtures.signedInClient(), headers: ["Authorization": "dvc_1"])
                }
                return Fixtures.wrapped(
                    Fixtures.signIn(status: firstStatus), client: Fixtures.client(signIn: Fixtures.signIn()),
                    headers: ["Authorization": "dvc_1"])
            case ("GET", "/v1/client/sign_ins/sia_1"):
                return Fixtures.wrapped(Fixtures.signIn(status: firstStatus), client: Fixtures.client())
            case ("POST", _)
            where path.hasSuffix("/attempt_first_factor")
                && request.form["strategy"]?.hasPrefix("reset_password_") == true:
                return Fixtures.wrapped(Fixtures.signIn(status: "needs_new_password"), client: Fixtures.client())
            case ("POST", _) where path.hasSuffix("/attempt_first_factor") && firstStatus == "needs_second_factor":
                return Fixtures.wrapped(Fixtures.signIn(status: "needs_second_factor"), client: Fixtures.client())
            case ("POST", _) where path.hasSuffix("/prepare_first_factor") || path.hasSuffix("/prepare_second_factor"):
                return Fixtures.wrapped(Fixtures.signIn(status: firstStatus), client: Fixtures.client())
            case ("POST", _)
            where path.hasSuffix("/attempt_first_factor") || path.hasSuffix("/attempt_second_factor")
                || path.hasSuffix("/reset_password"):
                return Fixtures.wrapped(complete, client: Fixtures.signedInClient())
            default:
                return Fixtures.errorResponse(status: 404, code: "resource_not_found")
            }
        }
    }

    @available(OS2023, *)
    @Test func passwordSignInSyncsStateAndEmitsEvents() async throws {
        let transport = Self.signInRoutes()
        let harness = try ClerkHarness(transport: transport)
        let events = harness.clerk.events
        let signIn = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: "pw")
        #expect(signIn.status == .complete)
        #expect(signIn.createdSessionId == "sess_1")
        #expect(harness.clerk.session?.id == "sess_1")
        #expect(harness.clerk.user?.firstName == "Ada")
        #expect(harness.clerk.client?.id == "client_1")
        #expect(harness.store.data(forKey: "clerkDeviceToken") == Data("dvc_1".utf8))
        let received = try await events.first(2)
        #expect(received.contains { if case .signInCompleted(let value) = $0 { value.id == "sia_1" } else { false } })
        #expect(received.contains { if case .sessionChanged(nil, let new) = $0 { new?.id == "sess_1" } else { false } })
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func everySubscriberGetsEveryEvent() async throws {
        let harness = try ClerkHarness(transport: Self.signInRoutes())
        let first = harness.clerk.events
        let second = harness.clerk.events
        _ = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: "pw")
        let a = try await first.first(2)
        let b = try await second.first(2)
        #expect(a == b)
    }

    @Test(arguments: [FactorStrategy.emailCode, .phoneCode])
    @available(OS2023, *)
    func codeSignIn(strategy: FactorStrategy) async throws {
        let transport = Self.signInRoutes()
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        let started =
            strategy == .emailCode
            ? try await auth.signInWithEmailCode(emailAddress: "ada+clerk_test@example.com")
            : try await auth.signInWithPhoneCode(phoneNumber: "+15555550100")
        #expect(started.status == .needsFirstFactor)
        #expect(auth.currentSignIn?.id == "sia_1")
        let done = try await auth.attemptFirstFactor(started, strategy: strategy, code: "424242")
        #expect(done.status == .complete)
        #expect(harness.clerk.session?.id == "sess_1")
        let create = transport.requests[0]
        #expect(create.form["strategy"] == strategy.rawValue)
        #expect(create.form["identifier"] == (strategy == .emailCode ? "ada+clerk_test@example.com" : "+15555550100"))
        let attempt = transport.requests[1]
        #expect(attempt.url.path == "/v1/client/sign_ins/sia_1/attempt_first_factor")
        #expect(attempt.form == ["strategy": strategy.rawValue, "code": "424242"])
        #expect(attempt.headers["Authorization"] == "dvc_1")
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func identifierFirstThenPreparedFactorThenPassword() async throws {
        let transport = Self.signInRoutes()
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        let started = try await auth.signIn(identifier: "ada@example.com")
        let prepared = try await auth.prepareFirstFactor(started, strategy: .emailCode)
        _ = try await auth.attemptFirstFactor(prepared, password: "pw")
        #expect(transport.requests[0].form == ["identifier": "ada@example.com"])
        #expect(transport.requests[1].form == ["strategy": "email_code", "email_address_id": "idn_email"])
        #expect(transport.requests[2].form == ["strategy": "password", "password": "pw"])
        _ = try await auth.reload(prepared)
        #expect(transport.requests[3].method == "GET")
        #expect(transport.requests[3].url.path == "/v1/client/sign_ins/sia_1")
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func ticketSignIn() async throws {
        let transport = Self.signInRoutes()
        let harness = try ClerkHarness(transport: transport)
        _ = try await harness.clerk.auth.signInWithTicket("tkt_abc")
        #expect(transport.requests[0].form == ["strategy": "ticket", "ticket": "tkt_abc"])
        try SpecCheck.validateAll(transport)
    }

    @Test(arguments: [
        (FactorStrategy.totp, false), (.phoneCode, true), (.emailCode, true), (.backupCode, false),
    ])
    @available(OS2023, *)
    func secondFactor(strategy: FactorStrategy, needsPrepare: Bool) async throws {
        let transport = Self.signInRoutes(firstStatus: "needs_second_factor")
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        let started = try await auth.signIn(identifier: "ada@example.com")
        var signIn = try await auth.attemptFirstFactor(started, password: "pw")
        #expect(signIn.status == .needsSecondFactor)
        if needsPrepare { signIn = try await auth.prepareSecondFactor(signIn, strategy: strategy) }
        let done = try await auth.attemptSecondFactor(signIn, strategy: strategy, code: "123456")
        #expect(done.status == .complete)
        #expect(harness.clerk.session?.id == "sess_1")
        let attempt = try #require(transport.requests(to: "/attempt_second_factor").first)
        #expect(attempt.form == ["strategy": strategy.rawValue, "code": "123456"])
        if needsPrepare {
            let prepare = try #require(transport.requests(to: "/prepare_second_factor").first)
            #expect(prepare.form["strategy"] == strategy.rawValue)
            if strategy == .phoneCode { #expect(prepare.form["phone_number_id"] == "idn_phone") }
        }
        try SpecCheck.validateAll(transport)
    }

    @Test(arguments: [FactorStrategy.resetPasswordEmailCode, .resetPasswordPhoneCode])
    @available(OS2023, *)
    func resetPassword(strategy: FactorStrategy) async throws {
        let transport = Self.signInRoutes()
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        let started = try await auth.signIn(identifier: "ada@example.com")
        let prepared = try await auth.prepareFirstFactor(started, strategy: strategy)
        let verified = try await auth.attemptFirstFactor(prepared, strategy: strategy, code: "424242")
        #expect(verified.status == .needsNewPassword)
        let done = try await auth.resetPassword(verified, newPassword: "n3w-pass", signOutOfOtherSessions: true)
        #expect(done.status == .complete)
        let prepare = transport.requests[1]
        #expect(prepare.form["strategy"] == strategy.rawValue)
        if strategy == .resetPasswordEmailCode {
            #expect(prepare.form == ["strategy": strategy.rawValue, "email_address_id": "idn_email"])
        } else {
            #expect(prepare.form == ["strategy": strategy.rawValue, "phone_number_id": "idn_phone"])
        }
        #expect(transport.requests[2].form == ["strategy": strategy.rawValue, "code": "424242"])
        #expect(transport.requests[3].form == ["password": "n3w-pass", "sign_out_of_other_sessions": "1"])
        try SpecCheck.validateAll(transport)
    }

    // MARK: Sign-up

    @available(OS2023, *)
    static func signUpRoutes() -> StubTransport {
        StubTransport { request, _ in
            switch (request.method, request.url.path) {
            case ("POST", "/v1/client/sign_ups"), ("PATCH", "/v1/client/sign_ups/sua_1"):
                return Fixtures.wrapped(
                    Fixtures.signUp(), client: Fixtures.client(signUp: Fixtures.signUp()),
                    headers: ["Authorization": "dvc_2"])
            case ("POST", "/v1/client/sign_ups/sua_1/prepare_verification"):
                return Fixtures.wrapped(Fixtures.signUp(), client: Fixtures.client(signUp: Fixtures.signUp()))
            case ("POST", "/v1/client/sign_ups/sua_1/attempt_verification"):
                let done = Fixtures.signUp(status: "complete", sessionId: "sess_1")
                return Fixtures.wrapped(done, client: Fixtures.signedInClient())
            default:
                return Fixtures.errorResponse(status: 404, code: "resource_not_found")
            }
        }
    }

    @available(OS2023, *)
    @Test func signUpWithEmailVerification() async throws {
        let transport = Self.signUpRoutes()
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        let events = harness.clerk.events
        var signUp = try await auth.signUp(
            emailAddress: "ada+clerk_test@example.com", password: "pw", firstName: "Ada",
            unsafeMetadata: .object(["plan": .string("pro")]), legalAccepted: true)
        #expect(signUp.status == .missingRequirements)
        #expect(auth.currentSignUp?.id == "sua_1")
        signUp = try await auth.updateSignUp(signUp, SignUpFields(lastName: "Lovelace"))
        signUp = try await auth.prepareVerification(signUp, strategy: .emailCode)
        signUp = try await auth.attemptVerification(signUp, strategy: .emailCode, code: "424242")
        #expect(signUp.status == .complete)
        #expect(signUp.createdSessionId == "sess_1")
        #expect(harness.clerk.user?.id == "user_1")
        #expect(
            transport.requests[0].form == [
                "email_address": "ada+clerk_test@example.com", "password": "pw", "first_name": "Ada",
                "unsafe_metadata": #"{"plan":"pro"}"#, "legal_accepted": "1",
            ])
        #expect(transport.requests[1].method == "PATCH")
        #expect(transport.requests[1].form == ["last_name": "Lovelace"])
        #expect(transport.requests[2].form == ["strategy": "email_code"])
        #expect(transport.requests[3].form == ["strategy": "email_code", "code": "424242"])
        #expect(transport.requests[1].headers["Authorization"] == "dvc_2")
        let received = try await events.first(2)
        #expect(received.contains { if case .signUpCompleted = $0 { true } else { false } })
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func signUpWithPhoneVerification() async throws {
        let transport = Self.signUpRoutes()
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        var signUp = try await auth.signUp(phoneNumber: "+15555550100")
        signUp = try await auth.prepareVerification(signUp, strategy: .phoneCode)
        signUp = try await auth.attemptVerification(signUp, strategy: .phoneCode, code: "424242")
        #expect(signUp.status == .complete)
        #expect(transport.requests[0].form == ["phone_number": "+15555550100"])
        #expect(transport.requests[2].form == ["strategy": "phone_code", "code": "424242"])
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func wrongCodeLeavesStateAndThrowsTheAPIError() async throws {
        let transport = StubTransport { request, _ in
            request.url.path.hasSuffix("attempt_verification")
                ? Fixtures.errorResponse(status: 422, code: "form_code_incorrect")
                : Fixtures.wrapped(Fixtures.signUp(), client: Fixtures.client(signUp: Fixtures.signUp()))
        }
        let harness = try ClerkHarness(transport: transport)
        let signUp = try await harness.clerk.auth.signUp(emailAddress: "a@example.com")
        let before = harness.clerk.client
        let error = await caught {
            try await harness.clerk.auth.attemptVerification(signUp, strategy: .emailCode, code: "1")
        }
        #expect(error?.apiError?.code == "form_code_incorrect")
        #expect(harness.clerk.client == before)
    }

    // MARK: Sessions

    @available(OS2023, *)
    static func sessionRoutes() -> StubTransport {
        let two = Fixtures.client(
            sessions: [Fixtures.session(id: "sess_1"), Fixtures.session(id: "sess_2", organizationId: "org_1")],
            lastActive: "sess_1")
        let switched = Fixtures.client(
            sessions: [Fixtures.session(id: "sess_1"), Fixtures.session(id: "sess_2", organizationId: "org_1")],
            lastActive: "sess_2")
        let clientResponse = Fixtures.wrapped(two)
        let touchResponse = Fixtures.wrapped(Fixtures.session(id: "sess_2", organizationId: "org_1"), client: switched)
        let revokeResponse = Fixtures.wrapped(Fixtures.session(id: "sess_9", status: "revoked"), client: two)
        return StubTransport { request, _ in
            switch (request.method, request.url.path) {
            case ("GET", "/v1/client"): return clientResponse
            case ("POST", "/v1/client/sessions/sess_2/touch"): return touchResponse
            case ("POST", "/v1/client/sessions/sess_1/remove"):
                return Fixtures.wrapped(
                    Fixtures.session(id: "sess_1", status: "removed"),
                    client: Fixtures.client(sessions: [Fixtures.session(id: "sess_2")], lastActive: "sess_2"))
            case ("DELETE", "/v1/client/sessions"): return Fixtures.wrapped(Fixtures.client())
            case ("GET", "/v1/me/sessions/active"): return Fixtures.json([Fixtures.session(id: "sess_1")])
            case ("POST", "/v1/me/sessions/sess_9/revoke"): return revokeResponse
            default: return Fixtures.errorResponse(status: 404, code: "resource_not_found")
            }
        }
    }

    @available(OS2023, *)
    @Test func setActiveWithOrganization() async throws {
        let transport = Self.sessionRoutes()
        let harness = try ClerkHarness(transport: transport)
        try await harness.clerk.refreshClient()
        #expect(harness.clerk.session?.id == "sess_1")
        #expect(harness.clerk.organization == nil)
        let session = try await harness.clerk.auth.setActive(sessionId: "sess_2", organizationId: "org_1")
        #expect(session.lastActiveOrganizationId == "org_1")
        #expect(harness.clerk.session?.id == "sess_2")
        #expect(harness.clerk.organization?.id == "org_1")
        #expect(harness.clerk.auth.sessions.count == 2)
        let touch = try #require(transport.requests(to: "/touch").first)
        #expect(touch.form == ["active_organization_id": "org_1", "intent": "select_org"])
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func signOutOneThenAll() async throws {
        let transport = Self.sessionRoutes()
        let harness = try ClerkHarness(transport: transport)
        try await harness.clerk.refreshClient()
        let events = harness.clerk.events
        try await harness.clerk.auth.signOut(sessionId: "sess_1")
        #expect(harness.clerk.session?.id == "sess_2")
        let signedOut = try await events.firstValue { if case .signedOut = $0 { true } else { false } }
        #expect(
            signedOut
                == .signedOut(
                    try ClerkJSON.decoder().decode(
                        Session.self, from: Fixtures.data(Fixtures.session(id: "sess_1", status: "removed")))))
        try await harness.clerk.auth.signOut()
        #expect(harness.clerk.session == nil)
        #expect(transport.requests.last?.method == "DELETE")
        #expect(transport.requests.last?.url.path == "/v1/client/sessions")
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func activeSessionsAndRevoke() async throws {
        let transport = Self.sessionRoutes()
        let harness = try ClerkHarness(transport: transport)
        #expect(await caught { try await harness.clerk.auth.activeSessions() }?.code == .notSignedIn)
        try await harness.clerk.refreshClient()
        let active = try await harness.clerk.auth.activeSessions()
        #expect(active.map(\.id) == ["sess_1"])
        let revoked = try await harness.clerk.auth.revokeSession("sess_9")
        #expect(revoked.status == .revoked)
        let revoke = try #require(transport.requests(to: "/revoke").first)
        #expect(revoke.query["_clerk_session_id"] == "sess_1")
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func loadHydratesThenRefreshesEnvironmentAndClient() async throws {
        let transport = StubTransport { request, _ in
            request.url.path == "/v1/environment"
                ? Fixtures.json(Fixtures.environment()) : Fixtures.wrapped(Fixtures.signedInClient())
        }
        let harness = try ClerkHarness(transport: transport)
        #expect(harness.clerk.isLoaded == false)
        try await harness.clerk.load()
        #expect(harness.clerk.isLoaded)
        #expect(harness.clerk.environment?.displayConfig?.applicationName == "Courier")
        #expect(harness.clerk.session?.id == "sess_1")
        #expect(Set(transport.requests.map(\.url.path)) == ["/v1/environment", "/v1/client"])
        #expect(harness.store.data(forKey: "cachedEnvironment") != nil)
        try SpecCheck.validateAll(transport)
    }
}

@Suite struct SpecCheckTests {
    @available(OS2023, *)
    @Test func unknownParametersAreProblems() throws {
        let url = try #require(URL(string: "https://x.dev/v1/client/sign_ins?_is_native=true&bogus=1"))
        let request = ClerkHTTPRequest(
            method: "POST", url: url, body: Data("identifier=a&locale=en&strategy=password".utf8))
        let problems = try SpecCheck.problems(request)
        #expect(problems.contains { $0.contains("bogus") })
        #expect(problems.contains { $0.contains("locale") })
        #expect(problems.count == 2)
    }
}
