import ArgumentParser
import ClerkKit
import ClerkKitUICore
import Foundation

/// `clerk auth`: the prebuilt sign-in and sign-up screens in the terminal, driven by the same `AuthFlow` model
/// as the SwiftUI views.
@available(OS2023, *)
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Sign in or sign up step by step, as the prebuilt screens do (prompts, choices, countdown).",
        discussion: """
            On a terminal, each screen asks for its fields; at a password or code prompt, type /other for \
            another method, /forgot to reset the password, /resend for a new code, /back or /cancel. Without a \
            terminal (or with --json), answers are read line by line from standard input, after the values given \
            by --identifier, --password (or --password-fd) and --code; with the embedded emulator, codes and links it sent are used \
            when none is given. At an email link, open the link on any device (the sign-in is polled and goes on by \
            itself), or paste the link from the email (it is opened here) or the address it redirected to.
            """
    )

    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case signIn = "sign-in"
        case signUp = "sign-up"
        case signInOrUp = "sign-in-or-up"

        var authMode: AuthMode {
            switch self {
            case .signIn: .signIn
            case .signUp: .signUp
            case .signInOrUp: .signInOrUp
            }
        }
    }

    @Option(help: "sign-in, sign-up or sign-in-or-up (default).")
    var mode: Mode = .signInOrUp

    @Option(help: "The identifier to start with (email address, phone number or username).")
    var identifier: String?

    @Option(help: "The password, when a screen asks for one.")
    var password: String?

    @OptionGroup var passwordDescriptor: PasswordDescriptorOption

    @Option(help: "The one-time code, when a screen asks for one.")
    var code: String?

    @Option(help: "The language of the screens: en, fr or de (default: $LANG, else English).")
    var language: String?

    @Option(
        name: .customLong("email-link-redirect-url"),
        help: "Where email links return to (the URL you paste back; default: \(AuthCommand.emailLinkRedirect)).")
    var emailLinkRedirectURL = AuthCommand.emailLinkRedirect

    /// The app URL email links redirect to by default.
    static let emailLinkRedirect = "dev.courier.clerk-cli://email-link"

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let interactive = Prompt.isInteractive && !connection.json
        let languages = Prompt.preferredLanguages(language)
        let answers = AuthAnswers(
            identifier: identifier, password: try passwordDescriptor.password(password), code: code)
        let mode = mode.authMode
        let redirect = emailLinkRedirectURL
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let flow = AuthFlow(
                clerk: context.clerk, mode: mode, localizer: Localizer(preferredLanguages: languages),
                emailLinkRedirectURL: redirect)
            flow.pollsEmailLinks = true
            let terminal = AuthTerminal(
                flow: flow, interactive: interactive, answers: answers, emulator: context.emulator)
            try await terminal.run()
            context.output.print([
                "status": .string("complete"), "session_id": context.clerk.session.map { .string($0.id) } ?? .null,
                "user_id": context.clerk.user.map { .string($0.id) } ?? .null,
                "organization_id": context.clerk.organization.map { .string($0.id) } ?? .null,
            ])
        }
    }
}

/// Values given on the command line, used once each before asking.
struct AuthAnswers: Sendable {
    var identifier: String?
    var password: String?
    var code: String?
}
