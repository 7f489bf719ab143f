import ArgumentParser
import ClerkKit
import ClerkKitTesting
import Foundation
import Logging
import ServiceLifecycle

/// `clerk emulator`: runs a local Frontend API until SIGINT or SIGTERM.
@available(OS2023, *)
struct EmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator",
        abstract: "Run a local Clerk Frontend API emulator.",
        discussion: """
            Prints two lines once it accepts connections: "clerk emulator listening on http://127.0.0.1:PORT" and \
            "publishable key: pk_test_…". Point an app or another `clerk` command at it with \
            --publishable-key KEY --proxy-url http://127.0.0.1:PORT. Test-mode rules: +clerk_test email addresses \
            and +1 XXX-555-01XX phone numbers verify with 424242; other codes are printed at info level, and so \
            is the console's address (http://127.0.0.1:PORT/__emulator/).
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

    @Flag(
        name: .customLong("client-trust"),
        help: "Password sign-ins on a device new to a user without a second factor need a code sent to them.")
    var clientTrust = false

    @Option(
        name: .customLong("environment-file"),
        help: "A JSON object laid over the served environment (a real instance's GET /v1/environment body, say).")
    var environmentFile: String?

    @Option(
        name: .customLong("lockout"),
        help: ArgumentHelp(
            "Lock a user after ATTEMPTS wrong passwords or codes, for MINUTES (default 60): 403 user_locked.",
            valueName: "ATTEMPTS[/MINUTES]"))
    var lockout: String?

    @Option(
        name: .customLong("rate-limit"),
        help: ArgumentHelp(
            "Allow REQUESTS per client every SECONDS (default 60); more answer 429 with Retry-After.",
            valueName: "REQUESTS[/SECONDS]"))
    var rateLimit: String?

    /// `N[/M]` as two positive numbers, M defaulting to `fallback`.
    static func pair(_ text: String, option: String, fallback: Int) throws -> (Int, Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let first = parts[0], first > 0,
            let second = parts.count == 2 ? parts[1] : fallback, second > 0
        else { throw ValidationError("--\(option) takes N or N/M with positive whole numbers, not \(text)") }
        return (first, second)
    }

    func validate() throws {
        if let lockout { _ = try Self.pair(lockout, option: "lockout", fallback: 60) }
        if let rateLimit { _ = try Self.pair(rateLimit, option: "rate-limit", fallback: 60) }
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
        configuration.clientTrust = clientTrust
        if let lockout {
            let (attempts, minutes) = try Self.pair(lockout, option: "lockout", fallback: 60)
            configuration.lockout = .init(maximumAttempts: attempts, duration: .seconds(minutes * 60))
        }
        if let rateLimit {
            let (requests, seconds) = try Self.pair(rateLimit, option: "rate-limit", fallback: 60)
            configuration.rateLimit = .init(requests: requests, window: .seconds(seconds))
        }
        if let environmentFile {
            guard let overlay = FileManager.default.contents(atPath: environmentFile) else {
                throw ValidationError("cannot read --environment-file \(environmentFile)")
            }
            configuration.environmentOverlay = overlay
        }
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
