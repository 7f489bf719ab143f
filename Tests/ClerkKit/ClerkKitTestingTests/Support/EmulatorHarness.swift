import ClerkKitTesting
import Foundation
import Logging
import Testing

/// Runs `body` against a fresh emulator on an ephemeral port, then checks every response it served against the
/// Frontend API description and stops it.
@available(OS2023, *)
func withEmulator<Result>(
    _ configuration: ClerkEmulator.Configuration = .init(),
    logger: Logger = Logger(label: "clerk-emulator-test", factory: { _ in SwiftLogNoOpLogHandler() }),
    _ body: (ClerkEmulator, FAPIClient) async throws -> Result
) async throws -> Result {
    let emulator = ClerkEmulator(configuration: configuration, logger: logger)
    let baseURL = try await emulator.start()
    do {
        let result = try await body(emulator, FAPIClient(baseURL: baseURL))
        await expectResponsesConform(emulator)
        await emulator.stop()
        return result
    } catch {
        await emulator.stop()
        throw error
    }
}

/// Every response body the emulator produced is JSON and, once the spec validator is available, valid against
/// the Frontend API description.
@available(OS2023, *)
func expectResponsesConform(_ emulator: ClerkEmulator, sourceLocation: SourceLocation = #_sourceLocation) async {
    for entry in await emulator.requestLog() where entry.status != 0 {
        let problems: [String]
        do {
            problems = try SpecConformance.problems(entry)
        } catch {
            problems = ["cannot validate: \(error)"]
        }
        #expect(
            problems.isEmpty, "\(entry.method) \(entry.path) → \(entry.status): \(problems)",
            sourceLocation: sourceLocation)
    }
}
