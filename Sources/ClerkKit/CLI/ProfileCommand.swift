import ArgumentParser
import ClerkKit
import ClerkKitUICore
import Foundation

/// `clerk profile`: the prebuilt profile screens in the terminal, driven by the same `UserProfile` model as the
/// SwiftUI `UserProfileView`.
@available(OS2023, *)
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Manage the signed-in account as the prebuilt profile screens do (names, addresses, security).",
        discussion: """
            Shows the account, then a numbered menu of what the profile screens offer. At a code prompt, type \
            /resend for a new code or /back to leave; at the menu, /done (or the end of input) ends. Without a \
            terminal (or with --json), answers are read line by line from standard input; with the embedded \
            emulator, codes it sent are used when a line is empty.
            """
    )

    @Option(help: "The language of the screens: en, fr or de (default: $LANG, else English).")
    var language: String?

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let interactive = Prompt.isInteractive && !connection.json
        let languages = Prompt.preferredLanguages(language)
        try await CommandContext.run(connection) { context throws(ClerkError) in
            guard context.clerk.user != nil else {
                throw ClerkError(.invalidState, "No one is signed in: run `clerk sign-in` or `clerk auth` first.")
            }
            let profile = UserProfile(clerk: context.clerk)
            let terminal = ProfileTerminal(
                profile: profile, localizer: Localizer(preferredLanguages: languages), interactive: interactive,
                emulator: context.emulator)
            try await terminal.run()
            let user = context.clerk.user
            context.output.print([
                "status": .string(profile.isFinished ? "signed_out" : "done"),
                "user_id": user.map { .string($0.id) } ?? .null,
                "first_name": user?.firstName.map { .string($0) } ?? .null,
                "last_name": user?.lastName.map { .string($0) } ?? .null,
                "email_addresses": .array(profile.emailAddresses.map { .string($0.value) }),
                "phone_numbers": .array(profile.phoneNumbers.map { .string($0.value) }),
                "totp_enabled": .bool(profile.hasAuthenticatorApp),
            ])
        }
    }
}
