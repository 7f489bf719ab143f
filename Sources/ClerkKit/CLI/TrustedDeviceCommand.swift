import ArgumentParser
import ClerkKit
import ClerkKitTesting

/// `clerk trusted-device enroll|sign-in|list|revoke`: this command-line installation as a trusted device, its
/// software P-256 key kept (owner-only) in the --state-dir beside the session.
@available(OS2023, *)
struct TrustedDeviceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trusted-device",
        abstract: "Enroll this installation as a trusted device, sign in with it, list or revoke credentials.",
        discussion: """
            The device key and the credential are kept in --state-dir (files 0600), so `enroll` in one command and \
            `sign-in` in a later one work against the same instance; the app identifier sent is \
            \(CommandContext.appIdentifier). The instance must allow trusted devices (`clerk emulator \
            --trusted-devices`).
            """,
        subcommands: [Enroll.self, SignIn.self, List.self, Revoke.self]
    )

    struct Enroll: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "enroll", abstract: "Enroll this installation for the signed-in user.")

        @OptionGroup var connection: ConnectionOptions
        @Option(help: "The name shown in the user's device list.") var name: String?
        @Option(name: .customLong("identifier-hint"), help: "A hint (such as the email address) to pick it later.")
        var identifierHint: String?

        func run() async throws {
            try await CommandContext.run(connection) { context throws(ClerkError) in
                let device = try await context.clerk.trustedDevices.enroll(
                    deviceName: name, identifierHint: identifierHint)
                context.output.print(["status": .string("enrolled"), "trusted_device_id": .string(device.id)])
            }
        }
    }

    struct SignIn: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-in", abstract: "Sign in with this installation's trusted-device credential.")

        @OptionGroup var connection: ConnectionOptions
        @OptionGroup var secondFactor: SecondFactorOptions
        @Option(help: "The code sent by SMS or email, when a second factor is asked for.")
        var code: String?
        @Option(name: .customLong("identifier-hint"), help: "Use the credential enrolled with this hint.")
        var identifierHint: String?

        func run() async throws {
            let (secondFactor, code) = (secondFactor, code)
            try await CommandContext.run(connection) { context throws(ClerkError) in
                var signIn = try await context.clerk.auth.signInWithTrustedDevice(identifierHint: identifierHint)
                signIn = try await SecondFactorStep.finish(
                    signIn, options: secondFactor, sentCode: code, context: context)
                guard signIn.status == .complete else {
                    throw ClerkError(.invalidState, "sign-in needs more: \(signIn.status)")
                }
                context.output.print([
                    "status": .string("complete"), "session_id": signIn.createdSessionId.map(JSONValue.string) ?? .null,
                    "user_id": context.clerk.user.map { .string($0.id) } ?? .null,
                ])
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the signed-in user's active trusted devices.")

        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await CommandContext.run(connection) { context throws(ClerkError) in
                let devices = try await context.clerk.trustedDevices.list()
                let rows: [[String: JSONValue]] = devices.map { device in
                    [
                        "id": .string(device.id), "name": device.name.map(JSONValue.string) ?? .null,
                        "app_identifier": .string(device.appIdentifier), "status": .string(device.status),
                    ]
                }
                context.output.printList("trusted_devices", rows, columns: ["id", "name", "status"])
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Revoke a trusted device (this installation's without an id).")

        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The credential id (tdv_…).") var id: String?

        func run() async throws {
            try await CommandContext.run(connection) { context throws(ClerkError) in
                let revoked =
                    if let id { try await context.clerk.trustedDevices.revoke(id: id) } else {
                        try await context.clerk.trustedDevices.revokeCurrentDevice()
                    }
                context.output.print([
                    "status": .string(revoked == nil ? "none" : "revoked"),
                    "trusted_device_id": revoked.map { .string($0.id) } ?? .null,
                ])
            }
        }
    }
}
