import ClerkKit
import ClerkKitTesting
import ClerkKitUICore
import Foundation
import Testing

/// Brute force against the emulator's user lockout (`user_locked`), as ClerkKit's errors and the screens see it.
@Suite("User lockout") @MainActor
struct LockoutTests {
    @available(OS2023, *)
    static var configuration: ClerkEmulator.Configuration {
        var configuration = ClerkEmulator.Configuration.passwordOnly
        configuration.lockout = .init(maximumAttempts: 3, duration: .seconds(600))
        return configuration
    }

    @available(OS2023, *)
    @Test func wrongPasswordsLockTheUserUntilTheLockoutEnds() async throws {
        try await withUIHarness(Self.configuration) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            let auth = harness.clerk.auth
            var last: ClerkError?
            for _ in 0..<3 {
                do throws(ClerkError) {
                    _ = try await auth.signIn(identifier: "ada@example.com", password: "wrong-password")
                } catch {
                    last = error
                }
            }
            let locked = try #require(last)
            #expect(locked.context.status == 403)
            #expect(locked.apiError?.code == ClerkAPIError.userLockedCode)
            #expect(locked.userLockout?.expiresIn == .seconds(600))
            // The right password is refused too while the lockout lasts.
            await #expect(throws: ClerkError.self) {
                _ = try await auth.signIn(identifier: "ada@example.com", password: UIHarness.password)
            }
            #expect(harness.clerk.session == nil)

            // The screens say for how long, in minutes.
            let flow = AuthFlow(clerk: harness.clerk)
            flow.identifier = "ada@example.com"
            await flow.submitIdentifier()
            #expect(flow.screen.errorMessage == .localized(.errorAccountLocked, count: 10))
            #expect(flow.string(.localized(.errorAccountLocked, count: 10)).contains("10 minutes"))

            await harness.emulator.advanceClock(by: .seconds(601))
            let signedIn = try await auth.signIn(identifier: "ada@example.com", password: UIHarness.password)
            #expect(signedIn.status == .complete)
        }
    }

    @available(OS2023, *)
    @Test func withoutALockoutPolicyNoUserIsLocked() async throws {
        try await withUIHarness(.passwordOnly) { harness in
            try await harness.emulator.createUser(emailAddress: "ada@example.com", password: UIHarness.password)
            for _ in 0..<5 {
                await #expect(throws: ClerkError.self) {
                    _ = try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: "wrong-password")
                }
            }
            #expect(
                try await harness.clerk.auth.signIn(identifier: "ada@example.com", password: UIHarness.password)
                    .status == .complete)
        }
    }
}
