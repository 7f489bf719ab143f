import ClerkKit
import ClerkKitTesting
import Foundation
import Testing

/// What ClerkKit does when the service fails: retries reads, never submits a sign-in twice, honours rate limits.
@Suite("ClerkKit ↔ emulator: failures") @MainActor
struct ResilienceTests {
    @available(OS2023, *)
    @Test func aDroppedSignInIsNotSentAgain() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            await harness.emulator.clearRequestLog()
            await harness.emulator.inject(.init(method: "POST", path: "/v1/client/sign_ins", outcome: .dropConnection))
            do throws(ClerkError) {
                _ = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
                Issue.record("a dropped connection produced a sign-in")
            } catch {
                #expect(error.code == .transport)
            }
            let posts = await harness.emulator.requestLog().filter { $0.method == "POST" }
            #expect(posts.count == 1)
        }
    }

    @available(OS2023, *)
    @Test func aReadIsRetriedAfterA503() async throws {
        try await withHarness { harness in
            await harness.emulator.clearRequestLog()
            await harness.emulator.inject(
                .init(method: "GET", path: "/v1/client", outcome: .error(status: 503, code: "service_unavailable")))
            try await harness.clerk.refreshClient()
            let reads = await harness.emulator.requestLog().filter { $0.path == "/v1/client" }
            #expect(reads.map(\.status) == [503, 200])
        }
    }

    @available(OS2023, *)
    @Test func aRateLimitedSignInIsRetriedAfterRetryAfter() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            await harness.emulator.clearRequestLog()
            await harness.emulator.inject(
                .init(
                    method: "POST", path: "/v1/client/sign_ins",
                    outcome: .error(status: 429, code: "too_many_requests", retryAfter: 1)))
            let signIn = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            #expect(signIn.status == .complete)
            let posts = await harness.emulator.requestLog().filter { $0.method == "POST" }
            #expect(posts.map(\.status) == [429, 200])
        }
    }

    @available(OS2023, *)
    @Test func aServerErrorOnASignInIsNotRetried() async throws {
        try await withHarness { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            await harness.emulator.clearRequestLog()
            await harness.emulator.inject(
                .init(method: "POST", path: "/v1/client/sign_ins", outcome: .error(status: 500, code: "internal_error"))
            )
            await #expect(throws: ClerkError.self) {
                try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            }
            #expect(await harness.emulator.requestLog().filter { $0.method == "POST" }.count == 1)
            #expect(harness.clerk.session == nil)
        }
    }

    @available(OS2023, *)
    @Test func anExpiredTokenIsReplacedAndConcurrentCallersShareOneRequest() async throws {
        try await withHarness(.init(jwtTemplates: ["backend"])) { harness in
            _ = try await harness.emulator.createUser(emailAddress: "ada@example.com", password: Harness.password)
            _ = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: Harness.password)
            await harness.emulator.clearRequestLog()
            let options = GetTokenOptions(template: "backend")
            let tasks = (0..<200).map { _ in Task { @MainActor in try await harness.clerk.auth.getToken(options) } }
            var tokens: Set<String?> = []
            for task in tasks { tokens.insert(try await task.value) }
            #expect(tokens.count == 1)
            let minted = await harness.emulator.requestLog().filter { $0.path.hasSuffix("/tokens/backend") }
            #expect(minted.count == 1)
        }
    }
}
