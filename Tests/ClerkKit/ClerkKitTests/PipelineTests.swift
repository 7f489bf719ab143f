import CourierPrimitives
import CourierTestSupport
import Foundation
import Testing

@testable import ClerkKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request pipeline and the response sync, through a ``Clerk`` on a stub transport.
@MainActor
@Suite struct PipelineTests {
    @available(OS2023, *)
    @Test func requestShapeOfAPasswordSignIn() async throws {
        let transport = StubTransport(responses: [Fixtures.wrapped(Fixtures.signIn(), client: Fixtures.client())])
        let harness = try ClerkHarness(transport: transport)
        _ = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: "correct horse")
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString.hasPrefix("https://mock.clerk.accounts.dev/v1/client/sign_ins?"))
        #expect(request.queryItems.map(\.0) == ["_is_native"])
        #expect(request.query["_is_native"] == "true")
        #expect(request.headers["Authorization"] == nil)
        #expect(request.headers["x-clerk-client-id"] == nil)
        #expect(request.headers["clerk-api-version"] == "2026-05-12")
        #expect(request.headers["x-ios-sdk-version"] == "1.4.1")
        #expect(request.headers["x-mobile"] == "0")
        #expect(request.headers["x-device-type"] == "unspecified")
        #expect(request.headers["x-device-model"] == "x86_64")
        #expect(request.headers["x-os-version"] == "6.8.0")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(request.form == ["identifier": "ada@example.com", "password": "correct horse", "strategy": "password"])
        try SpecCheck.validate(request)
    }

    @available(OS2023, *)
    @Test func proxyPathPrefixesEveryRequest() async throws {
        let transport = StubTransport(responses: [Fixtures.wrapped(Fixtures.client(), client: nil)])
        let harness = try ClerkHarness(transport: transport, proxy: "http://127.0.0.1:8123/__clerk")
        try await harness.clerk.refreshClient()
        let url = try #require(transport.requests.first?.url)
        #expect(url.absoluteString == "http://127.0.0.1:8123/__clerk/v1/client?_is_native=true")
    }

    @available(OS2023, *)
    @Test func deviceTokenIsSentRawAndRotatedFromTheResponseHeader() async throws {
        let transport = StubTransport { _, index in
            switch index {
            case 0: Fixtures.wrapped(Fixtures.client(), headers: ["Authorization": "dvc_first"])
            case 1: Fixtures.wrapped(Fixtures.client())  // no header: kept
            case 2: Fixtures.wrapped(Fixtures.client(), headers: ["Authorization": "dvc_second"])
            case 3: Fixtures.wrapped(Fixtures.client(), headers: ["Authorization": "Bearer"])  // cleared
            default: Fixtures.wrapped(Fixtures.client())
            }
        }
        let harness = try ClerkHarness(transport: transport)
        for _ in 0..<5 { try await harness.clerk.refreshClient() }
        let sent = transport.requests.map { $0.headers["Authorization"] }
        #expect(sent == [nil, "dvc_first", "dvc_first", "dvc_second", nil])
        #expect(transport.requests[1].headers["x-clerk-client-id"] == "client_1")
        #expect(harness.store.data(forKey: "clerkDeviceToken") == nil)
    }

    @available(OS2023, *)
    @Test func emptyAuthorizationHeaderClearsTheIdentity() async throws {
        let transport = StubTransport { _, index in
            index == 0
                ? Fixtures.wrapped(Fixtures.signedInClient(), headers: ["Authorization": "dvc_1"])
                : Fixtures.wrapped(Fixtures.client(), headers: ["Authorization": ""])
        }
        let harness = try ClerkHarness(transport: transport)
        try await harness.clerk.refreshClient()
        #expect(harness.clerk.session?.id == "sess_1")
        #expect(harness.store.data(forKey: "clerkDeviceToken") == Data("dvc_1".utf8))
        try await harness.clerk.refreshClient()
        #expect(harness.clerk.session == nil)
        #expect(harness.store.keys.contains("clerkDeviceToken") == false)
    }

    @available(OS2023, *)
    @Test func sessionIdGoesOnMeAndOrganizationPaths() async throws {
        let transport = StubTransport { request, _ in
            request.url.path == "/v1/client"
                ? Fixtures.wrapped(Fixtures.signedInClient())
                : Fixtures.json([Fixtures.session()])
        }
        let harness = try ClerkHarness(transport: transport)
        try await harness.clerk.refreshClient()
        let sessions = try await harness.clerk.auth.activeSessions()
        #expect(sessions.map(\.id) == ["sess_1"])
        let request = try #require(transport.requests(to: "/v1/me/sessions/active").first)
        #expect(request.query["_clerk_session_id"] == "sess_1")
        #expect(request.query["_is_native"] == "true")
        #expect(transport.requests.first?.query["_clerk_session_id"] == nil)
        try SpecCheck.validate(request)
    }

    @available(OS2023, *)
    @Test func nullClientResponsePreservesState() async throws {
        let transport = StubTransport { _, index in
            index == 0 ? Fixtures.wrapped(Fixtures.signedInClient()) : Fixtures.wrapped(Fixtures.null)
        }
        let harness = try ClerkHarness(transport: transport)
        try await harness.clerk.refreshClient()
        try await harness.clerk.refreshClient()
        #expect(harness.clerk.session?.id == "sess_1")
    }

    @available(OS2023, *)
    @Test func anOlderResponseNeverOverwritesANewerClient() async throws {
        let later = HTTPDate.format(Date(timeIntervalSince1970: 1_800_000_010))
        let earlier = HTTPDate.format(Date(timeIntervalSince1970: 1_800_000_000))
        let transport = StubTransport { _, index in
            switch index {
            case 0: Fixtures.wrapped(Fixtures.signedInClient(sessionId: "sess_new"), headers: ["Date": later])
            case 1: Fixtures.wrapped(Fixtures.signedInClient(sessionId: "sess_old"), headers: ["Date": earlier])
            default: Fixtures.wrapped(Fixtures.signedInClient(sessionId: "sess_same_second"), headers: ["Date": later])
            }
        }
        let harness = try ClerkHarness(transport: transport)
        try await harness.clerk.refreshClient()
        try await harness.clerk.refreshClient()
        #expect(harness.clerk.session?.id == "sess_new")
        // Same server second: the request sent later wins.
        try await harness.clerk.refreshClient()
        #expect(harness.clerk.session?.id == "sess_same_second")
    }

    @available(OS2023, *)
    @Test func responsesArrivingOutOfOrderKeepTheLaterRequest() async throws {
        let firstSent = Gate()
        let release = Gate()
        let transport = StubTransport { _, index in
            if index == 0 {
                firstSent.open()
                await release.wait()
                return Fixtures.wrapped(Fixtures.signedInClient(sessionId: "sess_stale"))
            }
            return Fixtures.wrapped(Fixtures.signedInClient(sessionId: "sess_fresh"))
        }
        let harness = try ClerkHarness(transport: transport)
        let core = harness.clerk.core
        let slow = Task { try await core.fapi.send(FAPIRequest("GET", "/v1/client")) }
        await firstSent.wait()
        try await core.fapi.send(FAPIRequest("GET", "/v1/client"))
        release.open()
        _ = try await slow.value
        #expect(harness.clerk.session?.id == "sess_fresh")
    }

    @available(OS2023, *)
    @Test func errorBodiesSyncTheClientAndThrowTheFirstError() async throws {
        let transport = StubTransport(responses: [
            Fixtures.errorResponse(client: Fixtures.client(id: "client_meta", signIn: Fixtures.signIn()))
        ])
        let harness = try ClerkHarness(transport: transport)
        let error = await caught { try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: "x") }
        #expect(error?.code == .api)
        #expect(error?.apiError?.code == "form_password_incorrect")
        #expect(error?.apiError?.clerkTraceId == "trace_123")
        #expect(error?.apiError?.paramName == "password")
        #expect(error?.context.traceId == "trace_123")
        #expect(error?.context.status == 422)
        #expect(error?.message == "Password is incorrect. Try again, or use another method.")
        #expect(harness.clerk.client?.id == "client_meta")
    }

    @Test(arguments: [
        (502, "<html><body>Bad gateway</body></html>", ClerkError.Code.invalidResponse),
        (500, "", .invalidResponse),
        (200, "<!doctype html>", .invalidResponse),
        (200, "", .invalidResponse),
        (200, #"{"response": {"object": "client", "id": 7}}"#, .decoding),
        (200, #"{"response": "#, .decoding),
        (404, #"{"errors": []}"#, .invalidResponse),
        (401, #"{"message": "nope"}"#, .invalidResponse),
    ])
    @available(OS2023, *)
    func badBodiesAreTypedErrorsAndChangeNothing(status: Int, body: String, code: ClerkError.Code) async throws {
        let good = Fixtures.wrapped(Fixtures.signedInClient(), headers: ["Authorization": "dvc_good"])
        let bad = ClerkHTTPResponse(status: status, headers: ["Authorization": "dvc_evil"], body: Data(body.utf8))
        let transport = StubTransport(responses: [good, bad])
        let options = ClerkOptions(retry: .none, device: Fixtures.testDevice)
        let harness = try ClerkHarness(transport: transport, options: options)
        try await harness.clerk.refreshClient()
        let storedBefore = harness.store.keys.map { harness.store.data(forKey: $0) }
        let error = await caught { try await harness.clerk.refreshClient() }
        #expect(error?.code == code)
        #expect(error?.context.status == status)
        #expect(harness.clerk.session?.id == "sess_1")
        #expect(harness.clerk.core.identity.snapshot.deviceToken == "dvc_good")
        #expect(harness.store.keys.map { harness.store.data(forKey: $0) } == storedBefore)
    }

    @available(OS2023, *)
    @Test func everyErrorStatusIsATypedAPIError() async throws {
        for status in [400, 401, 403, 404, 409, 410, 422, 429, 500, 502, 503, 504] {
            let transport = StubTransport(responses: [Fixtures.errorResponse(status: status, code: "code_\(status)")])
            let harness = try ClerkHarness(transport: transport, options: ClerkOptions(retry: .none))
            let error = await caught { try await harness.clerk.auth.signIn(identifier: "a", password: "b") }
            #expect(error?.code == .api, "HTTP \(status)")
            #expect(error?.apiError?.code == "code_\(status)")
            #expect(harness.clerk.client == nil)
        }
    }

    // MARK: Retries

    @available(OS2023, *)
    @Test func readsRetryOn5xxAndTransportErrors() async throws {
        let transport = StubTransport { _, index throws(ClerkError) in
            switch index {
            case 0: return Fixtures.errorResponse(status: 503, code: "service_unavailable")
            case 1: throw ClerkError(.transport, "lost", underlying: URLError(.networkConnectionLost))
            default: return Fixtures.wrapped(Fixtures.signedInClient())
            }
        }
        let harness = try ClerkHarness(transport: transport)
        try await harness.clerk.refreshClient()
        #expect(transport.requests.count == 3)
        #expect(harness.clock.recordedSleeps == [.milliseconds(500), .seconds(1)])
        #expect(harness.clerk.session?.id == "sess_1")
    }

    @available(OS2023, *)
    @Test func readsGiveUpAfterTheBound() async throws {
        let transport = StubTransport(responses: [Fixtures.errorResponse(status: 500, code: "internal")])
        let harness = try ClerkHarness(transport: transport)
        let error = await caught { try await harness.clerk.refreshClient() }
        #expect(error?.apiError?.code == "internal")
        #expect(transport.requests.count == 3)
    }

    @available(OS2023, *)
    @Test func aNonIdempotentPostIsNeverResentUnlessProvenUnprocessed() async throws {
        // 500: may have been processed. Not resent.
        var transport = StubTransport(responses: [Fixtures.errorResponse(status: 500, code: "internal")])
        var harness = try ClerkHarness(transport: transport)
        _ = await caught { try await harness.clerk.auth.signIn(identifier: "a", password: "b") }
        #expect(transport.requests.count == 1)
        // Dropped mid-body: may have been processed. Not resent, and nothing changes.
        transport = StubTransport { _, _ throws(ClerkError) in
            throw ClerkError(.transport, "lost", underlying: URLError(.networkConnectionLost))
        }
        harness = try ClerkHarness(transport: transport)
        let dropped = await caught { try await harness.clerk.auth.signIn(identifier: "a", password: "b") }
        #expect(dropped?.code == .transport)
        #expect(transport.requests.count == 1)
        #expect(harness.store.keys.isEmpty)
        // 503 without Retry-After: not resent.
        transport = StubTransport(responses: [Fixtures.errorResponse(status: 503, code: "unavailable")])
        harness = try ClerkHarness(transport: transport)
        _ = await caught { try await harness.clerk.auth.signIn(identifier: "a", password: "b") }
        #expect(transport.requests.count == 1)
    }

    @Test(arguments: [
        Fixtures.errorResponse(status: 429, code: "too_many_requests", headers: ["Retry-After": "1"]),
        Fixtures.errorResponse(status: 503, code: "unavailable", headers: ["Retry-After": "2"]),
    ])
    @available(OS2023, *)
    func aPostIsResentWhenTheResponseProvesItWasNotProcessed(first: ClerkHTTPResponse) async throws {
        let transport = StubTransport { _, index in
            index == 0 ? first : Fixtures.wrapped(Fixtures.signIn(), client: Fixtures.client())
        }
        let harness = try ClerkHarness(transport: transport)
        let signIn = try await harness.clerk.auth.signIn(identifier: "a", password: "b")
        #expect(signIn.id == "sia_1")
        #expect(transport.requests.count == 2)
        #expect(transport.requests[0].body == transport.requests[1].body)
        #expect(harness.clock.recordedSleeps.count == 1)
    }

    @available(OS2023, *)
    @Test func identityChangedBetweenAttemptsStopsTheRetry() async throws {
        let box = IdentityBox()
        let transport = StubTransport { _, index in
            if index == 0 {
                // Another request rotates the device token while this one waits to be retried.
                box.identity?.apply(token: .set("dvc_other"), client: .none, order: ResponseOrder(sequence: 99))
                return Fixtures.errorResponse(status: 503, code: "unavailable")
            }
            return Fixtures.wrapped(Fixtures.client())
        }
        let harness = try ClerkHarness(transport: transport)
        box.identity = harness.clerk.core.identity
        let error = await caught { try await harness.clerk.refreshClient() }
        #expect(error?.code == .identityChangedBeforeRetry)
        #expect(transport.requests.count == 1)
    }

    @Test(arguments: [(401, "authentication_invalid"), (404, "resource_not_found")])
    @available(OS2023, *)
    func anInvalidClientTriggersOneCoalescedClientRefresh(status: Int, code: String) async throws {
        let refreshRelease = Gate()
        let refreshStarted = Gate()
        let transport = StubTransport { request, _ in
            if request.method == "GET" && request.url.path == "/v1/client" {
                refreshStarted.open()
                await refreshRelease.wait()
                return Fixtures.wrapped(Fixtures.client(id: "client_refreshed"))
            }
            return Fixtures.errorResponse(status: status, code: code)
        }
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        async let first = caught { try await auth.signIn(identifier: "a", password: "b") }
        async let second = caught { try await auth.signIn(identifier: "c", password: "d") }
        let errors = await [first, second]
        #expect(errors.allSatisfy { $0?.apiError?.code == code })
        try await withTimeout { await refreshStarted.wait() }
        refreshRelease.open()
        let identity = harness.clerk.core.identity
        try await eventually { identity.snapshot.client?.id == "client_refreshed" }
        #expect(transport.requests(to: "/v1/client").count == 1)
    }

    @available(OS2023, *)
    @Test func cancellationStopsARequest() async throws {
        let entered = Gate()
        // A request that never answers on its own: only cancelling ends it, however late the test gets to it on
        // a loaded machine (a 30-second answer once arrived before the cancellation did).
        let transport = StubTransport { _, _ throws(ClerkError) in
            entered.open()
            try await SystemClock().sleep(for: .seconds(3_600))
            return Fixtures.wrapped(Fixtures.client())
        }
        let harness = try ClerkHarness(transport: transport)
        let clerk = harness.clerk
        let task = Task { await caught { try await clerk.refreshClient() } }
        await entered.wait()
        task.cancel()
        let error = try await withTimeout { await task.value }
        #expect(error?.code == .cancelled)
        #expect(clerk.client == nil)
    }
}

/// Lets a transport handler reach the identity store of the Clerk it serves.
@available(OS2023, *)
final class IdentityBox: @unchecked Sendable {
    var identity: IdentityStore?
}
