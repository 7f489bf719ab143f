import ArgumentParser
import ClerkKit

/// `clerk sign-up`: creates an account and verifies its email address or phone number.
@available(OS2023, *)
struct SignUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-up",
        abstract: "Create an account, verifying its email address or phone number with a code.",
        discussion: "The code is taken from --code, else asked for on a terminal."
    )

    @Option var email: String?
    @Option var phone: String?
    @Option var username: String?
    @Option var password: String?
    @OptionGroup var passwordDescriptor: PasswordDescriptorOption
    @Option(name: .customLong("first-name")) var firstName: String?
    @Option(name: .customLong("last-name")) var lastName: String?
    @Option(help: "The verification code sent to the email address or phone number.") var code: String?
    @Flag(
        name: .customLong("legal-accepted"),
        help: "Accept the instance's terms and privacy policy (needed where the instance asks for legal consent).")
    var legalAccepted = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if email == nil && phone == nil && username == nil {
            throw ValidationError("give at least one of --email, --phone and --username")
        }
    }

    func run() async throws {
        let (email, phone, username) = (email, phone, username)
        let password = try passwordDescriptor.password(password)
        let (firstName, lastName, code) = (firstName, lastName, code)
        let legalAccepted: Bool? = legalAccepted ? true : nil
        try await CommandContext.run(connection) { context throws(ClerkError) in
            let auth = context.clerk.auth
            var signUp = try await auth.signUp(
                emailAddress: email, password: password, firstName: firstName, lastName: lastName, username: username,
                phoneNumber: phone, legalAccepted: legalAccepted)
            for (identifier, strategy) in [(email, FactorStrategy.emailCode), (phone, .phoneCode)] {
                guard let identifier, signUp.status != .complete else { continue }
                signUp = try await auth.prepareVerification(signUp, strategy: strategy)
                let code = try await context.code(code, for: identifier)
                signUp = try await auth.attemptVerification(signUp, strategy: strategy, code: code)
            }
            guard signUp.status == .complete else {
                throw ClerkError(
                    .invalidState, "sign-up needs more: missing \(signUp.missingFields.joined(separator: ", "))")
            }
            context.output.print([
                "status": .string("complete"),
                "user_id": signUp.createdUserId.map(JSONValue.string) ?? .null,
                "session_id": signUp.createdSessionId.map(JSONValue.string) ?? .null,
            ])
        }
    }
}
