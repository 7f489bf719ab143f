import ArgumentParser
import ClerkKit

/// `clerk sign-in`: signs in with a password or a one-time code.
@available(OS2023, *)
struct SignInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in",
        abstract: "Sign in with an identifier and a password or a one-time code, or with an OAuth provider.",
        discussion: """
            --identifier is an email address, a phone number (E.164) or a username. Give --password, or \
            --strategy email_code|phone_code; the code is taken from --code, else asked for on a terminal. A \
            second factor is taken from --totp-code, --backup-code or (a code sent by SMS or email, also to trust \
            a new device) --code, else asked for on a terminal. \
            --oauth PROVIDER opens the provider's page in the browser ($BROWSER, else xdg-open or open) and \
            waits for its redirect on 127.0.0.1.
            """
    )

    enum Strategy: String, ExpressibleByArgument, CaseIterable {
        case password
        case emailCode = "email_code"
        case phoneCode = "phone_code"
    }

    @Option(help: "Email address, phone number or username.")
    var identifier: String?

    @Option(help: "Sign in with this OAuth provider in the browser (google, github, …) instead.")
    var oauth: String?

    @Option(help: "The password (prefer a prompt or a file descriptor over a shell history).")
    var password: String?

    @OptionGroup var passwordDescriptor: PasswordDescriptorOption

    @Option(help: "password, email_code or phone_code (default: password when --password is given).")
    var strategy: Strategy?

    @Option(
        help: "The one-time code (email_code, phone_code; after a password, an SMS second factor or a new device).")
    var code: String?

    @OptionGroup var secondFactor: SecondFactorOptions

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if oauth != nil {
            guard identifier == nil, password == nil, passwordDescriptor.descriptor == nil, strategy == nil, code == nil
            else {
                throw ValidationError("--oauth takes no identifier, password, strategy or code")
            }
            return
        }
        guard identifier != nil else { throw ValidationError("--identifier or --oauth is needed") }
        if resolvedStrategy == .password && password == nil && passwordDescriptor.descriptor == nil
            && !Prompt.isInteractive
        {
            throw ValidationError("--password is needed (or --strategy email_code|phone_code)")
        }
    }

    var resolvedStrategy: Strategy {
        let passwordGiven = password != nil || passwordDescriptor.descriptor != nil
        return strategy ?? (passwordGiven || code == nil ? .password : .emailCode)
    }

    func run() async throws {
        if let oauth { return try await OAuthSignIn.run(provider: OAuthProvider(rawValue: oauth), connection) }
        let identifier = identifier ?? ""
        let strategy = resolvedStrategy
        let given = try passwordDescriptor.password(password)
        let password = given ?? (strategy == .password ? Prompt.ask("Password", secret: true) : nil)
        let (code, secondFactor) = (code, secondFactor)
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let auth = context.clerk.auth
            var signIn: SignIn
            switch strategy {
            case .password:
                signIn = try await auth.signIn(identifier: identifier, password: password ?? "")
            case .emailCode:
                signIn = try await auth.signInWithEmailCode(emailAddress: identifier)
                let code = try await context.code(code, for: identifier)
                signIn = try await auth.attemptFirstFactor(signIn, strategy: .emailCode, code: code)
            case .phoneCode:
                signIn = try await auth.signInWithPhoneCode(phoneNumber: identifier)
                let code = try await context.code(code, for: identifier)
                signIn = try await auth.attemptFirstFactor(signIn, strategy: .phoneCode, code: code)
            }
            signIn = try await SecondFactorStep.finish(
                signIn, options: secondFactor, sentCode: strategy == .password ? code : nil, context: context)
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
