import Foundation
import Testing

@testable import ClerkKit

/// The sign-up requests the flow tests do not reach: reloading a sign-up and signing up with a ticket. Each
/// request is checked field by field and against the Frontend API description, and so is each response.
@MainActor
@Suite struct SignUpRequestTests {
    @available(OS2023, *)
    static func routes() -> StubTransport {
        StubTransport { request, _ in
            switch (request.method, request.url.path) {
            case ("POST", "/v1/client/sign_ups") where request.form["strategy"] == "ticket":
                let done = Fixtures.signUp(status: "complete", sessionId: "sess_1")
                return Fixtures.wrapped(done, client: Fixtures.signedInClient(), headers: ["Authorization": "dvc_2"])
            case ("POST", "/v1/client/sign_ups"):
                return Fixtures.wrapped(
                    Fixtures.signUp(), client: Fixtures.client(signUp: Fixtures.signUp()),
                    headers: ["Authorization": "dvc_2"])
            case ("GET", "/v1/client/sign_ups/sua_1"):
                let verified = Fixtures.signUp(status: "complete", sessionId: "sess_1")
                return Fixtures.wrapped(verified, client: Fixtures.signedInClient())
            default:
                return Fixtures.errorResponse(status: 404, code: "resource_not_found")
            }
        }
    }

    @available(OS2023, *)
    @Test func reloadGetsTheSignUpByIdAndSyncsTheClient() async throws {
        let transport = Self.routes()
        let harness = try ClerkHarness(transport: transport)
        let auth = harness.clerk.auth
        let started = try await auth.signUp(emailAddress: "ada@example.com")
        #expect(harness.clerk.session == nil)
        let reloaded = try await auth.reload(started)
        #expect(reloaded.status == .complete)
        #expect(harness.clerk.session?.id == "sess_1")
        let reload = try #require(transport.requests.last)
        #expect(reload.method == "GET")
        #expect(reload.url.path == "/v1/client/sign_ups/sua_1")
        #expect(reload.body == nil || reload.body?.isEmpty == true)
        #expect(reload.formItems.isEmpty)
        #expect(reload.headers["Authorization"] == "dvc_2")
        try SpecCheck.validateAll(transport)
    }

    @available(OS2023, *)
    @Test func aTicketSignUpSendsTheTicketStrategyAndTheFields() async throws {
        let transport = Self.routes()
        let harness = try ClerkHarness(transport: transport)
        let signUp = try await harness.clerk.auth.signUpWithTicket(
            "inv_ticket_1", fields: SignUpFields(password: "a-long-password", firstName: "Ada"))
        #expect(signUp.status == .complete)
        #expect(harness.clerk.user?.id == "user_1")
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.path == "/v1/client/sign_ups")
        #expect(
            request.form == [
                "strategy": "ticket", "ticket": "inv_ticket_1", "password": "a-long-password", "first_name": "Ada",
            ])
        try SpecCheck.validateAll(transport)
    }
}
