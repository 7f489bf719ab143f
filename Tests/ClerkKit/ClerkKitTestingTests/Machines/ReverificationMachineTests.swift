import Foundation
import Testing

@testable import ClerkKitTesting

@Suite("ReverificationMachine")
struct ReverificationMachineTests {
    @available(OS2023, *)
    typealias F = MachineFixtures
    @available(OS2023, *)
    typealias Machine = ReverificationMachine
    @available(OS2023, *)
    var configuration: ClerkEmulator.Configuration { ClerkEmulator.Configuration() }

    @Test(
        "Each level starts where it should, for users with and without a second factor",
        arguments: [
            ("first_factor", false, Machine.Status.needsFirstFactor), ("first_factor", true, .needsFirstFactor),
            ("second_factor", false, .needsFirstFactor), ("second_factor", true, .needsSecondFactor),
            ("multi_factor", false, .needsFirstFactor), ("multi_factor", true, .needsFirstFactor),
        ])
    @available(OS2023, *)
    func startingStatus(level: String, totp: Bool, expected: Machine.Status) {
        #expect(Machine(level: level, user: F.user(totp: totp), configuration).status == expected)
    }

    @Test("A password completes a first-factor level, and leads to the second factor at multi_factor")
    @available(OS2023, *)
    func passwordSteps() {
        var first = Machine(level: "first_factor", user: F.user(totp: true), configuration)
        let done = first.attemptFirstFactor(
            strategy: "password", code: nil, password: F.password, user: F.user(totp: true), now: F.now, configuration)
        #expect(F.actions(done) == [.verified(second: false)])
        #expect(first.status == .complete)
        var multi = Machine(level: "multi_factor", user: F.user(totp: true), configuration)
        _ = multi.attemptFirstFactor(
            strategy: "password", code: nil, password: F.password, user: F.user(totp: true), now: F.now, configuration)
        #expect(multi.status == .needsSecondFactor)
    }

    @Test("A wrong password fails and counts the attempt; the state does not move")
    @available(OS2023, *)
    func wrongPassword() {
        var machine = Machine(level: "first_factor", user: F.user(), configuration)
        let result = machine.attemptFirstFactor(
            strategy: "password", code: nil, password: "nope", user: F.user(), now: F.now, configuration)
        #expect(F.failure(result) == .passwordIncorrect)
        #expect(machine.status == .needsFirstFactor)
        #expect(machine.firstFactor?.attempts == 1)
    }

    @Test("An email code is delivered, then verifies; an expired one is refused")
    @available(OS2023, *)
    func emailCode() {
        var machine = Machine(level: "first_factor", user: F.user(), configuration)
        let prepared = machine.prepare(
            second: false, strategy: "email_code", targetId: nil, user: F.user(), now: F.now, code: "135790",
            configuration)
        #expect(
            F.actions(prepared)
                == [
                    .deliver(
                        Delivery(channel: .email, to: "ada@example.com", code: "135790", purpose: "reverification"))
                ])
        var late = machine
        let expired = late.attemptFirstFactor(
            strategy: "email_code", code: "135790", password: nil, user: F.user(), now: F.now + 3_600_000, configuration
        )
        #expect(F.failure(expired) == .verificationExpired)
        let verified = machine.attemptFirstFactor(
            strategy: "email_code", code: "135790", password: nil, user: F.user(), now: F.now + 1000, configuration)
        #expect(F.actions(verified) == [.verified(second: false)])
    }

    @Test("TOTP and backup codes verify the second factor; a backup code is used up; steps out of order fail")
    @available(OS2023, *)
    func secondFactors() {
        let user = F.user(totp: true, backupCodes: ["abcd1234"])
        var machine = Machine(level: "second_factor", user: user, configuration)
        let early = machine.attemptFirstFactor(
            strategy: "password", code: nil, password: F.password, user: user, now: F.now, configuration)
        #expect(F.failure(early)?.code == "client_state_invalid")
        var withBackup = machine
        let backup = withBackup.attemptSecondFactor(
            strategy: "backup_code", code: "abcd1234", user: user, now: F.now, configuration)
        #expect(F.actions(backup) == [.consumeBackupCode("abcd1234"), .verified(second: true)])
        let wrong = machine.attemptSecondFactor(strategy: "totp", code: "000000", user: user, now: F.now, configuration)
        #expect(F.failure(wrong) == .codeIncorrect)
        let code = TOTP.code(secret: F.secret, at: F.now)
        let right = machine.attemptSecondFactor(strategy: "totp", code: code, user: user, now: F.now, configuration)
        #expect(F.actions(right) == [.verified(second: true)])
        #expect(machine.status == .complete)
        let unavailable = Machine(level: "second_factor", user: user, configuration)
        var sms = unavailable
        #expect(
            F.failure(sms.attemptSecondFactor(strategy: "phone_code", code: "1", user: user, now: F.now, configuration))
                == .strategyInvalid("phone_code"))
    }
}
