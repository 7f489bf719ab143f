import Foundation
import Testing

@testable import ClerkKit

/// Custom middleware runs where clerk-ios runs it: request middleware after Clerk's own (it sees the finished
/// request), response middleware before Clerk's sync and error mapping (for error responses too).
@MainActor
@Suite struct MiddlewareTests {
    @available(OS2023, *)
    struct StampRequest: ClerkRequestMiddleware {
        @available(OS2023, *)
        func prepare(_ request: inout ClerkHTTPRequest) async throws(ClerkError) {
            let sawClerkHeaders =
                request.headers["clerk-api-version"] != nil && request.url.query?.contains("_is_native") == true
            request.headers["x-app-stamp"] = sawClerkHeaders ? "after-clerk" : "before-clerk"
        }
    }

    @available(OS2023, *)
    final class Observe: ClerkResponseMiddleware, @unchecked Sendable {
        let lock = NSLock()
        var statuses: [Int] = []
        var clientIdSeenBeforeSync: [String?] = []
        var identity: IdentityStore?

        func validate(_ response: ClerkHTTPResponse, for request: ClerkHTTPRequest) async throws(ClerkError) {
            let clientId = identity?.snapshot.client?.id
            lock.withLock {
                statuses.append(response.status)
                clientIdSeenBeforeSync.append(clientId)
            }
        }
    }

    @available(OS2023, *)
    struct Reject: ClerkResponseMiddleware {
        func validate(_ response: ClerkHTTPResponse, for request: ClerkHTTPRequest) async throws(ClerkError) {
            throw ClerkError(.invalidResponse, "rejected by the app")
        }
    }

    @available(OS2023, *)
    @Test func order() async throws {
        let observe = Observe()
        let transport = StubTransport(responses: [
            Fixtures.wrapped(Fixtures.client(id: "client_a")),
            Fixtures.errorResponse(status: 422, code: "form_invalid", client: Fixtures.client(id: "client_b")),
        ])
        let options = ClerkOptions(
            requestMiddleware: [StampRequest()], responseMiddleware: [observe], device: Fixtures.testDevice)
        let harness = try ClerkHarness(transport: transport, options: options)
        observe.identity = harness.clerk.core.identity
        try await harness.clerk.refreshClient()
        _ = await caught { try await harness.clerk.auth.signIn(identifier: "a", password: "b") }
        #expect(transport.requests.allSatisfy { $0.headers["x-app-stamp"] == "after-clerk" })
        #expect(observe.statuses == [200, 422])
        #expect(observe.clientIdSeenBeforeSync == [nil, "client_a"])
        #expect(harness.clerk.client?.id == "client_b")
    }

    @available(OS2023, *)
    @Test func aThrowingResponseMiddlewareStopsTheSync() async throws {
        let transport = StubTransport(responses: [
            Fixtures.wrapped(Fixtures.signedInClient(), headers: ["Authorization": "dvc_x"])
        ])
        let options = ClerkOptions(responseMiddleware: [Reject()], device: Fixtures.testDevice)
        let harness = try ClerkHarness(transport: transport, options: options)
        let error = await caught { try await harness.clerk.refreshClient() }
        #expect(error?.message == "rejected by the app")
        #expect(harness.clerk.client == nil)
        #expect(harness.store.keys.isEmpty)
    }
}
