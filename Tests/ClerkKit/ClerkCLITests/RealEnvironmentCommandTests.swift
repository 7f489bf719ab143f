import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Testing

/// `clerk auth` against an emulator serving an environment in the real service's shapes
/// (`ClerkEmulator.RecordedEnvironment`: `max_length: 0`, `null`s, empty arrays, unknown keys).
@Suite("clerk auth against the real service's environment")
struct RealEnvironmentCommandTests {
    @available(OS2023, *)
    @Test func signUpAcceptsAPasswordWhenTheMaximumLengthIsZero() async throws {
        let configuration = ClerkEmulator.RecordedEnvironment.emailAndPasswordConfiguration
        try await withCommandEmulator(configuration) { _, connection in
            let finished = try await run(
                "clerk", ["auth", "--mode", "sign-up", "--language", "en"] + connection,
                input: "ada+clerk_test@example.com\nanalytical-engine-1843\n424242\n")
            #expect(finished.status == 0, "\(finished.standardError)")
            #expect(!finished.standardError.contains("at most"), "\(finished.standardError)")
            #expect(finished.lines.joined().contains("\"status\":\"complete\""), "\(finished.lines)")
        }
    }
}
