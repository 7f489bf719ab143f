import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Logging
import Testing

/// `clerk auth` against an emulator serving an environment in the real service's shapes
/// (`ClerkEmulator.RecordedEnvironment`: `max_length: 0`, `null`s, empty arrays, unknown keys).
@Suite("clerk auth against the real service's environment")
struct RealEnvironmentCommandTests {
    @available(OS2023, *)
    @Test func signUpAcceptsAPasswordWhenTheMaximumLengthIsZero() async throws {
        var logger = Logger(label: "clerk-emulator")
        logger.logLevel = .critical
        let emulator = ClerkEmulator(
            configuration: ClerkEmulator.RecordedEnvironment.emailAndPasswordConfiguration, logger: logger)
        let url = try await emulator.start()
        defer { Task { await emulator.stop() } }
        try await withTemporaryDirectory { directory in
            let finished = try await run(
                "clerk",
                [
                    "auth", "--mode", "sign-up", "--json", "--publishable-key", await emulator.publishableKey,
                    "--proxy-url", url.absoluteString, "--state-dir",
                    directory.url.appendingPathComponent("state").path, "--language", "en",
                ],
                input: "ada+clerk_test@example.com\nanalytical-engine-1843\n424242\n")
            #expect(finished.status == 0, "\(finished.standardError)")
            #expect(!finished.standardError.contains("at most"), "\(finished.standardError)")
            #expect(finished.lines.joined().contains("\"status\":\"complete\""), "\(finished.lines)")
        }
    }
}
