import ArgumentParser
import ClerkKit

/// `clerk user …`: the signed-in user's profile, email addresses and second factors.
@available(OS2023, *)
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Show and change the signed-in user's account.",
        subcommands: [
            UserShowCommand.self, UserUpdateCommand.self, UserAddEmailCommand.self, UserEnableTOTPCommand.self,
            UserVerifyTOTPCommand.self, UserBackupCodesCommand.self,
        ])
}

@available(OS2023, *)
extension Output {
    /// The user's profile and second-factor state.
    func print(_ user: User) {
        print([
            "user_id": .string(user.id), "username": user.username.map(JSONValue.string) ?? .null,
            "first_name": user.firstName.map(JSONValue.string) ?? .null,
            "last_name": user.lastName.map(JSONValue.string) ?? .null,
            "email_addresses": .array(user.emailAddresses.map { .string($0.emailAddress) }),
            "two_factor_enabled": .bool(user.twoFactorEnabled ?? false),
            "totp_enabled": .bool(user.totpEnabled ?? false),
        ])
    }
}

/// `clerk user show`.
@available(OS2023, *)
struct UserShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the user, fetched again.")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await CommandContext.run(connection) { context throws(ClerkError) in
            context.output.print(try await context.clerk.account.reload())
        }
    }
}

/// `clerk user update`.
@available(OS2023, *)
struct UserUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "update", abstract: "Change names or username.")
    @Option var username: String?
    @Option(name: .customLong("first-name")) var firstName: String?
    @Option(name: .customLong("last-name")) var lastName: String?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let update = UserUpdate(username: username, firstName: firstName, lastName: lastName)
        try await CommandContext.run(connection) { context throws(ClerkError) in
            context.output.print(try await context.clerk.account.update(update))
        }
    }
}

/// `clerk user add-email`: adds an address and verifies it with the code it receives.
@available(OS2023, *)
struct UserAddEmailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-email", abstract: "Add an email address and verify it with its code.")
    @Argument var emailAddress: String
    @Option(help: "The verification code (asked for, when omitted).") var code: String?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let (address, code) = (emailAddress, code)
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let account = context.clerk.account
            let email = try await account.createEmailAddress(address)
            try await account.prepareVerification(emailAddressId: email.id)
            let verified = try await account.attemptVerification(
                emailAddressId: email.id, code: try await context.code(code, for: address))
            context.output.print([
                "email_address_id": .string(verified.id),
                "status": .string(verified.verification?.status.rawValue ?? "unverified"),
            ])
        }
    }
}

/// `clerk user enable-totp`: starts enrolling an authenticator app; prints the secret and URI.
@available(OS2023, *)
struct UserEnableTOTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable-totp", abstract: "Start enrolling an authenticator app; confirm with verify-totp.")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let totp = try await context.clerk.account.createTOTP()
            context.output.print([
                "secret": totp.secret.map(JSONValue.string) ?? .null, "uri": totp.uri.map(JSONValue.string) ?? .null,
            ])
        }
    }
}

/// `clerk user verify-totp --code`: confirms the enrolment; prints the backup codes made with it.
@available(OS2023, *)
struct UserVerifyTOTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-totp", abstract: "Confirm the authenticator app with a code from it.")
    @Option(help: "The app's current code.") var code: String
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let code = code
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let totp = try await context.clerk.account.verifyTOTP(code: code)
            context.output.print([
                "totp_enabled": .bool(totp.verified),
                "backup_codes": .array((totp.backupCodes ?? []).map(JSONValue.string)),
            ])
        }
    }
}

/// `clerk user backup-codes`: replaces the backup codes and prints them.
@available(OS2023, *)
struct UserBackupCodesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup-codes", abstract: "Create a new set of backup codes (the old ones stop working).")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let codes = try await context.clerk.account.createBackupCodes()
            context.output.print(["backup_codes": .array(codes.codes.map(JSONValue.string))])
        }
    }
}
