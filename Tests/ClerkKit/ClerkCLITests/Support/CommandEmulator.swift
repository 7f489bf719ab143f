import ClerkKitTesting
import CourierTestSupport
import Foundation
import Logging

/// Runs `body` with a started emulator (logging only critical messages) and the options that point a `clerk`
/// command at it with a fresh state directory (`--publishable-key`, `--proxy-url`, `--state-dir`, `--json`); the
/// emulator is stopped afterwards, whatever happens.
@available(OS2023, *)
func withCommandEmulator(
    _ configuration: ClerkEmulator.Configuration, _ body: (ClerkEmulator, [String]) async throws -> Void
) async throws {
    var logger = Logger(label: "clerk-emulator")
    logger.logLevel = .critical
    let emulator = ClerkEmulator(configuration: configuration, logger: logger)
    let url = try await emulator.start()
    do {
        try await withTemporaryDirectory { directory in
            let connection = [
                "--publishable-key", await emulator.publishableKey, "--proxy-url", url.absoluteString,
                "--state-dir", directory.url.appendingPathComponent("state").path, "--json",
            ]
            try await body(emulator, connection)
        }
    } catch {
        await emulator.stop()
        throw error
    }
    await emulator.stop()
}
