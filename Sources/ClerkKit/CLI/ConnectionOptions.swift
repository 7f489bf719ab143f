import ArgumentParser
import Foundation
import Logging

/// Where the commands find Clerk, where they keep state, and how they print.
@available(OS2023, *)
struct ConnectionOptions: ParsableArguments {
    @Option(
        name: .customLong("publishable-key"),
        help:
            "The instance's publishable key (pk_test_… or pk_live_…). Default: $CLERK_PUBLISHABLE_KEY, else an embedded emulator."
    )
    var publishableKey: String?

    @Option(
        name: .customLong("proxy-url"),
        help: "Reach the Frontend API through this URL (a proxy, or `clerk emulator`'s http://127.0.0.1:PORT)."
    )
    var proxyURL: String?

    @Option(
        name: .customLong("state-dir"),
        help: "Keep the device token and client here (owner-only files) so commands can follow each other."
    )
    var stateDirectory: String?

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    @Option(
        name: .customLong("log-level"),
        help:
            "trace, debug, info, notice, warning, error or critical (ClerkKit's own log; failures are reported anyway)."
    )
    var logLevel = "critical"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
        if let proxyURL, URL(string: proxyURL)?.host == nil {
            throw ValidationError("--proxy-url must be an absolute URL such as http://127.0.0.1:8080")
        }
        if proxyURL != nil && resolvedPublishableKey == nil {
            throw ValidationError("--proxy-url needs --publishable-key (`clerk emulator` prints one)")
        }
    }

    /// The key from the option or the environment.
    var resolvedPublishableKey: String? {
        publishableKey ?? ProcessInfo.processInfo.environment["CLERK_PUBLISHABLE_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    var output: Output { Output(json: json) }

    /// The level of `--log-level`: ClerkKit's own logger gets it too (its default, `error`, would otherwise print
    /// below `critical`).
    var resolvedLogLevel: Logger.Level { Logger.Level(rawValue: logLevel) ?? .critical }

    /// Sends log lines to standard error at the chosen level. ClerkKit redacts secrets itself.
    func bootstrapLogging() {
        let level = resolvedLogLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
