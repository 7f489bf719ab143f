import ClerkKit
import ClerkKitTesting
import Foundation
import Logging

/// One emulator and one `Clerk` talking to it over HTTP on 127.0.0.1.
@MainActor
@available(OS2023, *)
struct UIHarness {
    let emulator: ClerkEmulator
    let clerk: Clerk

    static let password = "analytical-engine-1843"

    static func start(_ configuration: ClerkEmulator.Configuration = .init()) async throws -> UIHarness {
        var logger = Logger(label: "clerk-emulator")
        logger.logLevel = .critical
        let emulator = ClerkEmulator(configuration: configuration, logger: logger)
        let url = try await emulator.start()
        let clerkConfiguration = try ClerkConfiguration(
            publishableKey: await emulator.publishableKey, proxyURL: url,
            options: ClerkOptions(telemetryEnabled: false))
        let clerk = Clerk(configuration: clerkConfiguration, store: InMemorySecureStore())
        do {
            try await clerk.load()
        } catch {
            await emulator.stop()
            throw error
        }
        return UIHarness(emulator: emulator, clerk: clerk)
    }
}

/// Runs `body` with a started harness and always stops the emulator.
@MainActor
@available(OS2023, *)
func withUIHarness(
    _ configuration: ClerkEmulator.Configuration = .init(), _ body: (UIHarness) async throws -> Void
) async throws {
    let harness = try await UIHarness.start(configuration)
    do {
        try await body(harness)
    } catch {
        await harness.emulator.stop()
        throw error
    }
    await harness.emulator.stop()
}
