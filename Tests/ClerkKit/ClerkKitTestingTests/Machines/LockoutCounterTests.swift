import Foundation
import Testing

@testable import ClerkKitTesting

@Suite("User lockout counting")
struct LockoutCounterTests {
    /// One failed verification: whether it locks.
    @available(OS2023, *)
    func fail(_ counter: inout LockoutCounter, _ now: Millis, _ policy: ClerkEmulator.Lockout) -> Bool {
        counter.recordFailure(now: now, policy)
    }

    @available(OS2023, *)
    static let policy = ClerkEmulator.Lockout(maximumAttempts: 3, duration: .seconds(60))

    @Test("the failure that reaches the maximum locks, for the duration; a success before it starts again")
    @available(OS2023, *)
    func countsAndLocks() {
        var counter = LockoutCounter()
        #expect(!fail(&counter, 0, Self.policy))
        #expect(!fail(&counter, 1, Self.policy))
        #expect(counter.attemptsLeft(Self.policy) == 1)
        counter.recordSuccess()
        #expect(counter.attemptsLeft(Self.policy) == 3)
        #expect(!fail(&counter, 2, Self.policy))
        #expect(!fail(&counter, 3, Self.policy))
        #expect(!counter.isLocked(now: 3, Self.policy))
        #expect(fail(&counter, 1_000, Self.policy))
        #expect(counter.isLocked(now: 1_000, Self.policy) && counter.wasLocked)
        #expect(counter.secondsRemaining(now: 1_000, Self.policy) == 60)
        #expect(counter.secondsRemaining(now: 60_999, Self.policy) == 1)
        #expect(fail(&counter, 30_000, Self.policy))  // still locked
        #expect(counter.isLocked(now: 60_999, Self.policy))
        #expect(!counter.isLocked(now: 61_000, Self.policy))
        #expect(counter.secondsRemaining(now: 61_000, Self.policy) == nil)
        // After the lockout, the count starts from zero.
        #expect(!fail(&counter, 61_000, Self.policy))
        #expect(!fail(&counter, 61_001, Self.policy))
        #expect(fail(&counter, 61_002, Self.policy))
    }

    @Test("a policy of fewer than one attempt locks at the first failure")
    @available(OS2023, *)
    func minimumOfOne() {
        var counter = LockoutCounter()
        #expect(ClerkEmulator.Lockout(maximumAttempts: 0).maximumAttempts == 1)
        #expect(fail(&counter, 0, .init(maximumAttempts: 0, duration: .seconds(1))))
    }

    @Test("user_locked carries the wait in seconds and in minutes")
    @available(OS2023, *)
    func lockedError() {
        let error = FAPIError.userLocked(secondsRemaining: 61)
        #expect(error.status == 403 && error.code == "user_locked")
        #expect(error.longMessage.contains("2 minutes"))
        #expect(error.json["meta"]?["lockout_expires_in_seconds"] == .int(61))
    }
}
