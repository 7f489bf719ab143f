import CourierTestSupport
import Foundation
import Testing

/// `clerk emulator --lockout` and `--rate-limit`: a guessed password stops being checked.
@Suite("clerk emulator: lockout and rate limit")
struct LockoutCommandTests {
    static let wrong = ["sign-in", "--identifier", "demo+clerk_test@example.com", "--password", "wrong-password"]

    @available(OS2023, *)
    @Test func aLockedUserExits75AndIsToldForHowLong() async throws {
        try await withTemporaryDirectory { directory in
            let (emulator, connection) = try await ClerkCommandTests.startEmulator(
                in: directory, options: ["--lockout", "2/5"])
            defer { emulator.signal(SIGTERM) }
            #expect(try await run("clerk", Self.wrong + connection).status == 77)
            let locked = try await run("clerk", Self.wrong + connection)
            #expect(locked.status == 75, "\(locked.standardError)")
            #expect(locked.standardError.contains("locked"), "\(locked.standardError)")
            #expect(locked.standardError.contains("5 minutes"), "\(locked.standardError)")
            let right = try await run("clerk", ["sign-in"] + ClerkCommandTests.demo + connection)
            #expect(right.status == 75, "\(right.standardError)")
        }
    }

    @available(OS2023, *)
    @Test func overTheRateLimitExits75() async throws {
        try await withTemporaryDirectory { directory in
            let (emulator, connection) = try await ClerkCommandTests.startEmulator(
                in: directory, options: ["--rate-limit", "3/60"])
            defer { emulator.signal(SIGTERM) }
            var statuses: [Int32] = []
            for _ in 0..<4 { statuses.append(try await run("clerk", Self.wrong + connection).status) }
            #expect(statuses.contains(75), "\(statuses)")
        }
    }

    @available(OS2023, *)
    @Test func badValuesAreRefused() async throws {
        for value in ["0", "x", "3/0", "3/4/5", "-1"] {
            let finished = try await run("clerk", ["emulator", "--lockout", value])
            #expect(finished.status == 64, "\(value): \(finished.standardError)")
        }
    }
}
