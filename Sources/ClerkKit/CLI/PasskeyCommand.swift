import ArgumentParser
import ClerkKit
import ClerkKitTesting

/// `clerk passkey register|sign-in`: passkeys with the software authenticator, its keys kept (owner-only) in the
/// --state-dir beside the session.
@available(OS2023, *)
struct PasskeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passkey",
        abstract: "Register a passkey or sign in with one (a software P-256 authenticator).",
        discussion: """
            The authenticator's private keys are kept in --state-dir (files 0600), so `register` in one command \
            and `sign-in` in a later one work against the same instance. Without --state-dir both happen against \
            a throwaway embedded emulator.
            """,
        subcommands: [Register.self, SignIn.self]
    )

    struct Register: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "register", abstract: "Add a passkey to the signed-in user.")

        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await CommandContext.run(connection) { context throws(ClerkError) in
                let authenticator = SoftwarePasskeyAuthenticator(store: context.store)
                let passkey = try await context.clerk.account.createPasskey(using: authenticator)
                context.output.print(["status": .string("registered"), "passkey_id": .string(passkey.id)])
            }
        }
    }

    struct SignIn: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-in", abstract: "Sign in with a passkey this authenticator holds.")

        @OptionGroup var connection: ConnectionOptions
        @OptionGroup var secondFactor: SecondFactorOptions
        @Option(help: "The code sent by SMS or email, when a second factor is asked for.")
        var code: String?

        func run() async throws {
            let (secondFactor, code) = (secondFactor, code)
            try await CommandContext.run(connection) { context throws(ClerkError) in
                let authenticator = SoftwarePasskeyAuthenticator(store: context.store)
                var signIn = try await context.clerk.auth.signInWithPasskey(using: authenticator)
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
}
