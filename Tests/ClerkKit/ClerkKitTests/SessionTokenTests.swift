import CourierTestSupport
import Foundation
import Testing

@testable import ClerkKit

@MainActor
@Suite struct SessionTokenTests {
    @available(OS2023, *)
    static var t: Int { Fixtures.nowSeconds }

    /// A Clerk signed in to `sess_1` (optionally in `org`), whose token endpoint answers with `jwt(index)`.
    @available(OS2023, *)
    static func signedIn(
        organizationId: String? = nil, seed: String? = nil, environment: [String: Any]? = nil,
        token: @escaping @Sendable (ClerkHTTPRequest, Int) async -> String? = { _, _ in
            Fixtures.jwt(exp: Fixtures.nowSeconds + 60)
        }
    ) async throws -> ClerkHarness {
        let client = Fixtures.wrapped(Fixtures.signedInClient(organizationId: organizationId, token: seed))
        let environmentResponse = environment.map { Fixtures.json($0) }
        let transport = StubTransport { request, index in
            if request.url.path == "/v1/client" { return client }
            if request.url.path == "/v1/environment", let environmentResponse { return environmentResponse }
            return Fixtures.tokenResponse(await token(request, index))
        }
        let harness = try ClerkHarness(transport: transport)
        try await harness.clerk.refreshClient()
        if environmentResponse != nil { try await harness.clerk.refreshEnvironment() }
        return harness
    }

    @available(OS2023, *)
    @Test func signedOutHasNoToken() async throws {
        let harness = try ClerkHarness(transport: StubTransport(responses: [Fixtures.wrapped(Fixtures.client())]))
        #expect(try await harness.clerk.auth.getToken() == nil)
        #expect(harness.transport.requests.isEmpty)
    }

    @available(OS2023, *)
    @Test func thousandConcurrentCallersShareOneRequest() async throws {
        let harness = try await Self.signedIn()
        let clerk = harness.clerk
        let tasks = (0..<1000).map { _ in Task { @MainActor in try await clerk.auth.getToken() } }
        var tokens: [String?] = []
        for task in tasks { tokens.append(try await task.value) }
        #expect(tokens.count == 1000)
        #expect(Set(tokens).count == 1)
        #expect(tokens.first??.isEmpty == false)
        let requests = harness.transport.requests(to: "/tokens")
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.url.path == "/v1/client/sessions/sess_1/tokens")
        #expect(request.form == ["organization_id": ""])
        try SpecCheck.validate(request)
    }

    @available(OS2023, *)
    @Test func seededFromLastActiveTokenAndRefreshedInsideTheBuffer() async throws {
        let fresh = Fixtures.jwt(exp: Self.t + 60)
        let harness = try await Self.signedIn(seed: fresh) { _, _ in
            Fixtures.jwt(exp: Fixtures.nowSeconds + 120, iat: Fixtures.nowSeconds + 55)
        }
        #expect(try await harness.clerk.auth.getToken() == fresh)
        #expect(harness.transport.requests(to: "/tokens").isEmpty)
        // 55 s later the token expires within the 10 s buffer: one request.
        harness.clock.advance(by: 55)
        let next = try await harness.clerk.auth.getToken()
        #expect(next != fresh)
        #expect(harness.transport.requests(to: "/tokens").count == 1)
        // A custom buffer of 2 s keeps the new one.
        harness.clock.advance(by: 50)
        #expect(try await harness.clerk.auth.getToken(GetTokenOptions(expirationBuffer: 2)) == next)
    }

    @available(OS2023, *)
    @Test func seedForAnotherSessionOrOrganizationIsIgnored() async throws {
        let harness = try await Self.signedIn(
            organizationId: "org_1", seed: Fixtures.jwt(exp: Self.t + 60, org: "org_other"))
        _ = try await harness.clerk.auth.getToken()
        let request = try #require(harness.transport.requests(to: "/tokens").first)
        #expect(request.form == ["organization_id": "org_1"])
    }

    @available(OS2023, *)
    @Test func skipCacheAlwaysAsksAndIsNotShared() async throws {
        let harness = try await Self.signedIn(seed: Fixtures.jwt(exp: Self.t + 60))
        let auth = harness.clerk.auth
        async let a = auth.getToken(GetTokenOptions(skipCache: true))
        async let b = auth.getToken(GetTokenOptions(skipCache: true))
        _ = try await (a, b)
        #expect(harness.transport.requests(to: "/tokens").count == 2)
    }

    @available(OS2023, *)
    @Test func templatesHaveTheirOwnPathAndCache() async throws {
        let harness = try await Self.signedIn(seed: Fixtures.jwt(exp: Self.t + 60))
        let templated = try await harness.clerk.auth.getToken(GetTokenOptions(template: "supabase"))
        #expect(templated != nil)
        _ = try await harness.clerk.auth.getToken(GetTokenOptions(template: "supabase"))
        let requests = harness.transport.requests(to: "/tokens/supabase")
        #expect(requests.count == 1)
        #expect(requests.first?.body == nil)
        try SpecCheck.validate(try #require(requests.first))
    }

    @available(OS2023, *)
    @Test func sessionMinterSendsThePreviousToken() async throws {
        let previous = Fixtures.jwt(exp: Self.t + 5)
        let harness = try await Self.signedIn(seed: previous, environment: Fixtures.environment(sessionMinter: true))
        _ = try await harness.clerk.auth.getToken()
        _ = try await harness.clerk.auth.getToken(GetTokenOptions(skipCache: true))
        let requests = harness.transport.requests(to: "/tokens")
        #expect(requests.first?.form == ["organization_id": "", "token": previous])
        #expect(requests.last?.form["force_origin"] == "true")
    }

    @available(OS2023, *)
    @Test func unreadableTokenNeverReplacesAReadableOne() async throws {
        let readable = Fixtures.jwt(exp: Self.t + 8)
        let harness = try await Self.signedIn(seed: readable) { _, _ in "not-a-jwt" }
        #expect(try await harness.clerk.auth.getToken() == readable)
        #expect(harness.transport.requests(to: "/tokens").count == 1)
    }

    @available(OS2023, *)
    @Test func nullJWTIsNil() async throws {
        let harness = try await Self.signedIn { _, _ in nil }
        #expect(try await harness.clerk.auth.getToken() == nil)
    }

    @available(OS2023, *)
    @Test func tokenErrorsAreTypedAndKeepTheCache() async throws {
        let transport = StubTransport { request, _ in
            request.url.path == "/v1/client"
                ? Fixtures.wrapped(Fixtures.signedInClient())
                : Fixtures.errorResponse(status: 422, code: "missing_expired_token")
        }
        let harness = try ClerkHarness(transport: transport)
        try await harness.clerk.refreshClient()
        let error = await caught { try await harness.clerk.auth.getToken() }
        #expect(error?.apiError?.code == "missing_expired_token")
        #expect(harness.clerk.session?.id == "sess_1")
    }

    @available(OS2023, *)
    @Test func tokenRefreshedEventOnNewToken() async throws {
        let harness = try await Self.signedIn()
        let events = harness.clerk.events
        let token = try await harness.clerk.auth.getToken()
        let event = try await events.firstValue { if case .tokenRefreshed = $0 { true } else { false } }
        #expect(event == .tokenRefreshed(token: token ?? ""))
    }

    /// How the app ends or switches away from `sess_1` while its token request is in flight.
    @available(OS2023, *)
    enum Fence: String, CaseIterable, Sendable {
        case signOutOfTheSession, signOutOfEverySession, switchOrganization
    }

    @Test(arguments: Fence.allCases)
    @available(OS2023, *)
    func signingOutOrSwitchingFencesAnInFlightTokenRequest(fence: Fence) async throws {
        let started = Gate()
        let release = Gate()
        let signedOut = Fixtures.wrapped(Fixtures.session(status: "removed"), client: Fixtures.client())
        let switched = Fixtures.wrapped(
            Fixtures.session(organizationId: "org_1"), client: Fixtures.signedInClient(organizationId: "org_1"))
        let transport = StubTransport { request, index in
            switch (request.method, request.url.path) {
            case ("GET", "/v1/client"): return Fixtures.wrapped(Fixtures.signedInClient())
            case ("POST", "/v1/client/sessions/sess_1/remove"): return signedOut
            case ("DELETE", "/v1/client/sessions"): return Fixtures.wrapped(Fixtures.client())
            case ("POST", "/v1/client/sessions/sess_1/touch"): return switched
            default:
                if index == 1 {
                    started.open()
                    await release.wait()
                }
                return Fixtures.tokenResponse(Fixtures.jwt(exp: Fixtures.nowSeconds + 60))
            }
        }
        let harness = try ClerkHarness(transport: transport)
        try await harness.clerk.refreshClient()
        let auth = harness.clerk.auth
        let inFlight = Task { @MainActor in try await auth.getToken() }
        await started.wait()
        switch fence {
        case .signOutOfTheSession: try await auth.signOut(sessionId: "sess_1")
        case .signOutOfEverySession: try await auth.signOut()
        case .switchOrganization: try await auth.setActive(sessionId: "sess_1", organizationId: "org_1")
        }
        release.open()
        _ = try await inFlight.value
        // The late token of the old session (or organization) is not cached.
        let key = TokenCacheKey(sessionId: "sess_1", organizationId: nil, template: nil)
        #expect(await harness.clerk.core.tokens.cache.token(for: key) == nil)
        #expect(transport.requests(to: "/tokens").count == 1)
    }

    @available(OS2023, *)
    @Test func proactiveRefreshBacksOff() {
        var schedule = TokenRefreshSchedule(interval: .seconds(5))
        #expect(schedule.nextDelay(unit: 0.5) == .seconds(5))
        schedule.recordFailure()
        #expect(schedule.nextDelay(unit: 0.5) == .seconds(10))
        #expect(schedule.nextDelay(unit: 0) == .seconds(8))
        #expect(schedule.nextDelay(unit: 1) == .seconds(12))
        for _ in 0..<10 { schedule.recordFailure() }
        #expect(schedule.nextDelay(unit: 0.5) == .seconds(60))
        schedule.recordSuccess()
        #expect(schedule.nextDelay(unit: 0.9) == .seconds(5))
    }

    @available(OS2023, *)
    @Test func proactiveRefreshFetchesNearExpiry() async throws {
        let harness = try await Self.signedIn(seed: Fixtures.jwt(exp: Self.t + 3))
        harness.clerk.startTokenRefresh()
        defer { harness.clerk.stopTokenRefresh() }
        let transport = harness.transport
        try await eventually { !transport.requests(to: "/tokens").isEmpty }
    }
}

@Suite struct TokenFreshnessTests {
    @available(OS2023, *)
    var now: Date { Date(timeIntervalSince1970: TimeInterval(Fixtures.nowSeconds)) }
    @available(OS2023, *)
    var t: Int { Fixtures.nowSeconds }

    @available(OS2023, *)
    @Test func rules() {
        let live = Fixtures.jwt(exp: t + 60, iat: t)
        let newer = Fixtures.jwt(exp: t + 60, iat: t + 1)
        let expired = Fixtures.jwt(exp: t - 1, iat: t + 5)
        #expect(TokenFreshness.pick(current: nil, incoming: live, now: now) == .takeIncoming)
        #expect(TokenFreshness.pick(current: live, incoming: live, now: now) == .keepCurrent)
        #expect(TokenFreshness.pick(current: live, incoming: newer, now: now) == .takeIncoming)
        #expect(TokenFreshness.pick(current: newer, incoming: live, now: now) == .keepCurrent)
        // Unexpired beats expired, whatever iat says.
        #expect(TokenFreshness.pick(current: live, incoming: expired, now: now) == .keepCurrent)
        #expect(TokenFreshness.pick(current: expired, incoming: live, now: now) == .takeIncoming)
        // oiat before iat.
        let highOiat = Fixtures.jwt(exp: t + 60, iat: t, oiat: t + 10)
        let lowOiat = Fixtures.jwt(exp: t + 60, iat: t + 5, oiat: t + 2)
        #expect(TokenFreshness.pick(current: highOiat, incoming: lowOiat, now: now) == .keepCurrent)
        #expect(TokenFreshness.pick(current: lowOiat, incoming: highOiat, now: now) == .takeIncoming)
        // Another context always wins.
        let otherOrg = Fixtures.jwt(exp: t + 60, iat: t - 100, org: "org_2", version2: true)
        #expect(TokenFreshness.pick(current: newer, incoming: otherOrg, now: now) == .takeIncoming)
        // Unreadable never replaces readable; anything replaces unreadable.
        #expect(TokenFreshness.pick(current: live, incoming: "garbage", now: now) == .keepCurrent)
        #expect(TokenFreshness.pick(current: "garbage", incoming: live, now: now) == .takeIncoming)
    }

    @available(OS2023, *)
    @Test func jwtClaims() throws {
        let jwt = try SessionJWT(Fixtures.jwt(exp: t + 60, iat: t, oiat: t - 5, org: "org_9", version2: true))
        #expect(jwt.sessionId == "sess_1")
        #expect(jwt.organizationId == "org_9")
        #expect(jwt.originIssuedAt == Date(timeIntervalSince1970: TimeInterval(t - 5)))
        #expect(jwt.expiresAt == Date(timeIntervalSince1970: TimeInterval(t + 60)))
        for bad in ["", "a.b", "a.b.c", "e30.e30.x", Fixtures.base64URL(Data("{}".utf8)) + ".x.y"] {
            #expect(caught { try SessionJWT(bad) }?.code == .invalidToken, "\(bad)")
        }
    }
}

@MainActor
@Suite struct ExpiredTokenTests {
    @available(OS2023, *)
    @Test func anExpiredSeedIsReplacedByAFreshToken() async throws {
        let fresh = Fixtures.jwt(exp: Fixtures.nowSeconds + 60, iat: Fixtures.nowSeconds)
        let harness = try await SessionTokenTests.signedIn(seed: Fixtures.jwt(exp: Fixtures.nowSeconds - 30)) { _, _ in
            fresh
        }
        #expect(try await harness.clerk.auth.getToken() == fresh)
        #expect(harness.transport.requests(to: "/tokens").count == 1)
    }

    @available(OS2023, *)
    @Test func anUnreadableSeedIsIgnored() async throws {
        let harness = try await SessionTokenTests.signedIn(seed: "not.a.jwt")
        let token = try await harness.clerk.auth.getToken()
        #expect(token != "not.a.jwt")
        #expect(harness.transport.requests(to: "/tokens").count == 1)
    }
}
