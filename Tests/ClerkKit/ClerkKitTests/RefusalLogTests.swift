import Foundation
import Testing

@testable import ClerkKit

/// A refusal the person can fix (a wrong password) is not an SDK error: it is logged at notice, below the default
/// level (`error`); a server failure still is an error.
@MainActor
@Suite struct RefusalLogTests {
    @available(OS2023, *)
    @Test func aWrongPasswordIsLoggedBelowTheDefaultLevel() async throws {
        let transport = StubTransport(routes: [
            "POST /v1/client/sign_ins": Fixtures.errorResponse(status: 422, code: "form_password_incorrect"),
            "GET /v1/client": Fixtures.errorResponse(status: 500, code: "internal_clerk_error"),
        ])
        let harness = try ClerkHarness(transport: transport)
        await #expect(throws: ClerkError.self) {
            _ = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: "wrong")
        }
        let log = harness.log.text
        #expect(log.contains("[notice] ← 422 POST /v1/client/sign_ins"), "\(log)")
        #expect(!log.contains("[error] ← 422"), "\(log)")
        #expect(ClerkOptions().logLevel > .notice)
        await #expect(throws: ClerkError.self) { _ = try await harness.clerk.refreshClient() }
        #expect(harness.log.text.contains("[error] ← 500 GET /v1/client"), "\(harness.log.text)")
    }
}
