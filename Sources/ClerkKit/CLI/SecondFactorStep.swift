import ArgumentParser
import ClerkKit

/// `--totp-code` and `--backup-code` (with the command's `--code` for a code sent by SMS or email): how a command
/// finishes a sign-in that needs a second factor or
/// client trust (a code sent to the user's address), as `clerk auth` does.
@available(OS2023, *)
struct SecondFactorOptions: ParsableArguments {
    @Option(name: .customLong("totp-code"), help: "An authenticator app code, when a second factor is asked for.")
    var totpCode: String?

    @Option(name: .customLong("backup-code"), help: "One of the user's backup codes, as a second factor.")
    var backupCode: String?
}

/// Finishes a sign-in that stopped at `needsSecondFactor` or `needsClientTrust`.
@MainActor
@available(OS2023, *)
enum SecondFactorStep {
    /// `signIn` when complete; otherwise verifies the second factor the options (or a prompt, or the embedded
    /// emulator's outbox) give and returns the result. Throws `.invalidState` when nothing can answer.
    static func finish(
        _ signIn: SignIn, options: SecondFactorOptions, sentCode: String? = nil, context: CommandContext
    ) async throws(ClerkError) -> SignIn {
        guard signIn.status == .needsSecondFactor || signIn.status == .needsClientTrust else { return signIn }
        let auth = context.clerk.auth
        let offered = Set(signIn.supportedSecondFactors.map(\.strategy))
        if let code = options.totpCode, offered.contains(.totp) {
            return try await auth.attemptSecondFactor(signIn, strategy: .totp, code: code)
        }
        if let code = options.backupCode, offered.contains(.backupCode) {
            return try await auth.attemptSecondFactor(signIn, strategy: .backupCode, code: code)
        }
        let given = sentCode
        if offered.contains(.totp), given == nil, let typed = Prompt.ask("Authenticator app code"), !typed.isEmpty {
            return try await auth.attemptSecondFactor(signIn, strategy: .totp, code: typed)
        }
        guard let strategy = [FactorStrategy.emailCode, .phoneCode].first(where: offered.contains) else {
            throw ClerkError(
                .invalidState,
                "the sign-in needs a second factor: pass --totp-code or --backup-code (offered: "
                    + offered.map(\.rawValue).sorted().joined(separator: ", ") + ")")
        }
        let prepared = try await auth.prepareSecondFactor(signIn, strategy: strategy)
        let destination =
            prepared.secondFactor(strategy)?.safeIdentifier ?? signIn.identifier ?? "your email address or phone"
        if signIn.status == .needsClientTrust {
            Prompt.say("This device is new to the account: verify with the code sent to \(destination).")
        }
        let code = try await context.code(given, for: destination)
        return try await auth.attemptSecondFactor(prepared, strategy: strategy, code: code)
    }
}
