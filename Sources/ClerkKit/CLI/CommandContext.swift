import ArgumentParser
import ClerkKit
import ClerkKitTesting
import Foundation

/// A loaded `Clerk` for one command, with the embedded emulator it talks to when no instance was named.
@MainActor
@available(OS2023, *)
struct CommandContext {
    let clerk: Clerk
    /// The embedded emulator, when the command runs without --publishable-key.
    let emulator: ClerkEmulator?
    let output: Output
    /// Where the device token and client are kept (the --state-dir files, else memory).
    let store: any SecureStore

    /// The app identifier trusted devices enrolled by this tool carry.
    nonisolated static let appIdentifier = "dev.courier.clerk-cli"

    /// Runs `body` with a loaded `Clerk`; maps ClerkKit's errors to the documented exit codes.
    static func run(
        _ options: ConnectionOptions, _ body: @MainActor (CommandContext) async throws(ClerkError) -> Void
    ) async throws {
        options.bootstrapLogging()
        let output = options.output
        var emulator: ClerkEmulator?
        var loaded: Clerk?
        do {
            let stateDirectory = try options.stateDirectory.map(StateDirectory.init(path:))
            let store: any SecureStore =
                try stateDirectory.map { directory throws(ClerkError) in
                    try FileSecureStore(directory: directory.url.appendingPathComponent("clerk"))
                } ?? InMemorySecureStore()
            let configuration: ClerkConfiguration
            var clerkOptions = ClerkOptions(logLevel: options.resolvedLogLevel)
            // Trusted devices name the app that owns them; a command-line tool has no bundle of its own.
            if clerkOptions.device.bundleId == nil { clerkOptions.device.bundleId = Self.appIdentifier }
            if let key = options.resolvedPublishableKey {
                configuration = try ClerkConfiguration(
                    publishableKey: key, proxyURL: options.proxyURL.flatMap(URL.init(string:)), options: clerkOptions)
            } else {
                let embedded = try await EmbeddedEmulator.start()
                emulator = embedded
                // Telemetry (when it is on) goes to the embedded emulator, which records it, not to Clerk.
                var clerkOptions = ClerkOptions(logLevel: options.resolvedLogLevel)
                if let endpoint = await embedded.telemetryEndpoint { clerkOptions.telemetryEndpoint = endpoint }
                configuration = try ClerkConfiguration(
                    publishableKey: await embedded.publishableKey, proxyURL: await embedded.baseURL,
                    options: clerkOptions)
            }
            let clerk = Clerk(configuration: configuration, store: store)
            loaded = clerk
            try await clerk.load()
            try await body(CommandContext(clerk: clerk, emulator: emulator, output: output, store: store))
            // The process ends with the command: finish the writes of responses still in flight (a background
            // client refresh), then send the telemetry still buffered.
            await clerk.finishPendingWork()
            await clerk.flushTelemetry()
            if let emulator { await emulator.stop() }
        } catch {
            if let loaded { await loaded.finishPendingWork() }
            if let emulator { await emulator.stop() }
            throw output.fail(error)
        }
    }

    /// A verification code: the option's, else asked on the terminal, else (embedded emulator only) the one the
    /// emulator just "sent" to `identifier`.
    func code(_ option: String?, for identifier: String) async throws(ClerkError) -> String {
        if let option { return option }
        if let typed = Prompt.ask("Code sent to \(identifier)"), !typed.isEmpty { return typed }
        if let emulator, let sent = await emulator.latestCode(for: identifier) { return sent }
        throw ClerkError(
            .invalidState,
            "a verification code is needed: pass --code (test-mode +clerk_test addresses and +1 XXX 555 01XX numbers use 424242)"
        )
    }
}
