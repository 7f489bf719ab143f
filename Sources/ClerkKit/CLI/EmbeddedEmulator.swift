import ClerkKit
import ClerkKitTesting
import Foundation
import Logging

/// The user every embedded emulator starts with, so `clerk sign-in` works out of the box.
@available(OS2023, *)
enum DemoUser {
    static let emailAddress = "demo+clerk_test@example.com"
    static let password = "correct-horse-battery"
}

/// Starts the emulator a command talks to when no instance was named: one per command, with the demo user.
@available(OS2023, *)
enum EmbeddedEmulator {
    static func start() async throws(ClerkError) -> ClerkEmulator {
        var logger = Logger(label: "clerk.emulator")
        logger.logLevel = .critical  // the command reports failures itself
        var configuration = ClerkEmulator.Configuration()
        configuration.oauthProviders = ["apple", "github", "google"]
        configuration.passkeyRelyingPartyID = "localhost"
        configuration.trustedDevices = true
        let emulator = ClerkEmulator(configuration: configuration, logger: logger)
        _ = try await emulator.createUser(
            emailAddress: DemoUser.emailAddress, password: DemoUser.password, firstName: "Demo", lastName: "User")
        try await emulator.start()
        return emulator
    }
}
