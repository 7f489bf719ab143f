import ArgumentParser
import ClerkKit
import ClerkKitTesting
import Foundation
import Logging
import ServiceLifecycle

/// `clerk emulator`: runs a local Frontend API until SIGINT or SIGTERM.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct EmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator",
        abstract: "Run a local Clerk Frontend API emulator.",
        discussion: """
            Prints two lines once it accepts connections: "clerk emulator listening on http://127.0.0.1:PORT" and \
            "publishable key: pk_test_…". Point an app or another `clerk` command at it with \
            --publishable-key KEY --proxy-url http://127.0.0.1:PORT. Test-mode rules: +clerk_test email addresses \
            and +1 XXX-555-01XX phone numbers verify with 424242; other codes are printed at info level.
            """
    )

    @Option(help: "The port to listen on (0 picks a free port).")
    var port = 8787

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Flag(name: .customLong("demo-user"), help: "Create the demo user \(DemoUser.emailAddress) at start.")
    var demoUser = false

    @Option(
        name: .customLong("oauth-provider"), help: "Enable an OAuth provider (google, github, apple, …); repeatable.")
    var oauthProviders: [String] = []

    @Option(name: .customLong("passkey-rp-id"), help: "Turn passkeys on with this relying party id (a domain).")
    var passkeyRelyingPartyID: String?

    @Flag(name: .customLong("trusted-devices"), help: "Let native apps enroll trusted devices and sign in with them.")
    var trustedDevices = false

    @Flag(
        name: .customLong("force-organization-selection"),
        help: "Sessions without an active organization are pending with the choose-organization task.")
    var forceOrganizationSelection = false

    @Flag(
        name: .customLong("require-mfa"),
        help: "Users without a second factor are signed in pending with the setup-mfa task.")
    var requireMFA = false

    @Flag(name: .customLong("email-links"), help: "Also offer email links as a first factor.")
    var emailLinks = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "clerk.emulator")
        var configuration = ClerkEmulator.Configuration(port: port)
        configuration.oauthProviders = Set(oauthProviders)
        configuration.passkeyRelyingPartyID = passkeyRelyingPartyID
        configuration.trustedDevices = trustedDevices
        configuration.organizations.forceSelection = forceOrganizationSelection
        configuration.secondFactorRequired = requireMFA
        if emailLinks { configuration.firstFactors.insert(.emailLink) }
        let emulator = ClerkEmulator(configuration: configuration, logger: logger)
        do {
            if demoUser {
                _ = try await emulator.createUser(
                    emailAddress: DemoUser.emailAddress, password: DemoUser.password, firstName: "Demo",
                    lastName: "User")
            }
            let url = try await emulator.start()
            let key = await emulator.publishableKey
            // Unbuffered, so a parent process reading a pipe sees the lines at once.
            FileHandle.standardOutput.write(
                Data("clerk emulator listening on \(url.absoluteString)\npublishable key: \(key)\n".utf8))
        } catch {
            throw Output(json: false).fail(error)
        }
        let group = ServiceGroup(
            configuration: .init(services: [emulator], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
