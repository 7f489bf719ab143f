import ArgumentParser

/// `clerk`: sign up, sign in, manage sessions, the user's account and organizations against Clerk's Frontend
/// API or a local emulator.
@main
@available(OS2023, *)
struct ClerkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clerk",
        abstract: "Sign up, sign in, manage sessions, the account (`user`) and organizations (`org`) on Clerk.",
        discussion: """
            Without --publishable-key, a command starts an embedded emulator of its own (with the demo user \
            \(DemoUser.emailAddress), password \(DemoUser.password)) and talks to it. With --publishable-key \
            (and --proxy-url for a proxy or `clerk emulator`), commands talk to that instance, and --state-dir keeps \
            the device token and client between commands.

            `clerk user …` shows and changes the signed-in user's account (names and username, email addresses, \
            TOTP, backup codes); `clerk org …` creates and lists organizations, lists members, invites and switches \
            the session's active organization. Both act for the session the other commands signed in.

            Exit codes: 0 success; 64 usage error; 65 the service answered with something that is not a Clerk \
            response; 69 the service could not be reached; 75 rate-limited or a temporary server error (try \
            again); 77 Clerk refused the request (wrong password or code, unknown identifier, not signed in); \
            78 invalid configuration (publishable key, proxy URL, state directory); 1 any other failure.
            """,
        subcommands: [
            EmulatorCommand.self, SignUpCommand.self, SignInCommand.self, TokenCommand.self, WhoamiCommand.self,
            SessionsCommand.self, SignOutCommand.self, UserCommand.self, OrganizationCommand.self, PasskeyCommand.self,
            TrustedDeviceCommand.self, AuthCommand.self, ProfileCommand.self,
        ]
    )
}
