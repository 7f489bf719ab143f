import ClerkKit
import ClerkKitTesting
import ClerkSpecValidation
import Foundation
import Logging
import Testing

/// One emulator and one `Clerk` talking to it over HTTP. `finish()` checks every request the client sent and
/// every response the emulator served against the Frontend API description, then stops the emulator.
@MainActor
@available(OS2023, *)
struct Harness {
    let emulator: ClerkEmulator
    let url: URL
    let configuration: ClerkConfiguration
    let clerk: Clerk

    static let password = "analytical-engine-1843"

    static func start(
        _ emulatorConfiguration: ClerkEmulator.Configuration = .init(), store: (any SecureStore)? = nil
    ) async throws -> Harness {
        var logger = Logger(label: "clerk-emulator")
        logger.logLevel = .critical
        let emulator = ClerkEmulator(configuration: emulatorConfiguration, logger: logger)
        let url = try await emulator.start()
        // Telemetry stays off on every platform (it is on by default on Apple's): these tests count requests.
        let configuration = try ClerkConfiguration(
            publishableKey: await emulator.publishableKey, proxyURL: url, options: ClerkOptions(telemetryEnabled: false)
        )
        let clerk = Clerk(configuration: configuration, store: store ?? InMemorySecureStore())
        try await clerk.load()
        return Harness(emulator: emulator, url: url, configuration: configuration, clerk: clerk)
    }

    /// Another client (another device) of the same emulator.
    func secondClient(store: (any SecureStore)? = nil) async throws -> Clerk {
        let clerk = Clerk(configuration: configuration, store: store ?? InMemorySecureStore())
        try await clerk.load()
        return clerk
    }

    /// Validates the whole exchange against the description and stops the emulator.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let log = await emulator.requestLog()
        await emulator.stop()
        #expect(!log.isEmpty, sourceLocation: sourceLocation)
        for problem in try await Self.problems(in: log) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// What in `log` departs from the description, one line per exchange. Runs off the main actor: parsing and
    /// walking the description is the heaviest work of these tests, and every main-actor test shares that thread.
    nonisolated static func problems(in log: [ClerkEmulator.LoggedRequest]) async throws -> [String] {
        let spec = try FAPISpec.load()
        var problems: [String] = []
        // The telemetry endpoint (`/v1/event`) is not part of the Frontend API.
        for entry in log where entry.path.hasPrefix("/v1/") && entry.path != ClerkEmulator.telemetryPath {
            let request = spec.validateRequest(
                method: entry.method, path: entry.path, query: entry.query.map { ($0.name, Optional($0.value)) },
                formBody: entry.form)
            if !request.isEmpty { problems.append("\(entry.method) \(entry.path): \(request)") }
            guard entry.status != 0 else { continue }  // a dropped connection: nothing was answered
            var response = spec.validateResponse(
                method: entry.method, path: entry.path, status: entry.status, body: entry.responseBody)
            if entry.status >= 400, response.first?.hasSuffix("is not in the description") == true {
                // Statuses the real service sends but the description leaves out (429, 5xx): a Clerk error body.
                response = spec.validate(try SpecNode.json(entry.responseBody), schema: "ClerkErrors")
            }
            if !response.isEmpty { problems.append("\(entry.method) \(entry.path) \(entry.status): \(response)") }
        }
        return problems
    }
}

/// Runs `body` with a started harness and always finishes it.
@MainActor
@available(OS2023, *)
func withHarness(
    _ emulatorConfiguration: ClerkEmulator.Configuration = .init(), store: (any SecureStore)? = nil,
    _ body: (Harness) async throws -> Void
) async throws {
    let harness = try await Harness.start(emulatorConfiguration, store: store)
    do {
        try await body(harness)
    } catch {
        await harness.emulator.stop()
        throw error
    }
    try await harness.finish()
}
