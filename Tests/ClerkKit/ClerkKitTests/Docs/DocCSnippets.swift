// The Swift blocks of ClerkKit's DocC articles and of ARCHITECTURE.md, word for word (scripts/readme-snippets
// checks it), compiled here; the testing article's block runs as a test.
import ClerkKit
import ClerkKitTesting
import Logging
import Testing

/// ARCHITECTURE.md: catching an error by its code.
@MainActor
@available(OS2023, *)
func signInOrExplain(_ clerk: Clerk) async throws {
    do {
        try await clerk.auth.signIn(identifier: "ada@example.com", password: "wrong")
    } catch ClerkError.api {
        // the service refused: error.apiError holds its code and message
    }
}

/// ManagingOrganizations.md: the admins of an organization.
@MainActor
@available(OS2023, *)
func printAdmins(_ clerk: Clerk, of organization: Organization) async throws {
    for try await member in clerk.organizations.memberships(of: organization.id, role: "org:admin") {
        print(member.publicUserData?.identifier ?? member.id)
    }
}

/// ManagingTheAccount.md: a new primary email address.
@MainActor
@available(OS2023, *)
func makePrimary(_ clerk: Clerk, codeFromTheEmail: String) async throws {
    let email = try await clerk.account.createEmailAddress("ada@work.example")
    try await clerk.account.prepareVerification(emailAddressId: email.id)
    try await clerk.account.attemptVerification(emailAddressId: email.id, code: codeFromTheEmail)
    try await clerk.account.update(UserUpdate(primaryEmailAddressId: email.id))
}

/// Telemetry.md: sending what is buffered when the app goes to the background.
@MainActor
@available(OS2023, *)
func appDidEnterBackground(_ clerk: Clerk) async {
    clerk.stopTokenRefresh()
    await clerk.flushTelemetry()
}

/// Telemetry.md: opting out.
@available(OS2023, *)
func configurationWithoutTelemetry(publishableKey: String) throws -> ClerkConfiguration {
    var options = ClerkOptions()
    options.telemetryEnabled = false
    return try ClerkConfiguration(publishableKey: publishableKey, options: options)
}

/// Reverification.md: a password change the service wants reverified.
@MainActor
@available(OS2023, *)
func changePassword(_ clerk: Clerk, from old: String, to new: String, appCode: String) async throws {
    do {
        try await clerk.account.changePassword(currentPassword: old, newPassword: new)
    } catch ClerkError.reverificationRequired {
        _ = try await clerk.auth.startVerification(level: .multiFactor)
        let firstFactor = try await clerk.auth.attemptVerificationFirstFactor(password: old)
        if firstFactor.status == .needsSecondFactor {
            _ = try await clerk.auth.attemptVerificationSecondFactor(strategy: .totp, code: appCode)
        }
        try await clerk.account.changePassword(currentPassword: old, newPassword: new)  // now accepted
    }
}

@available(OS2023, *)
@Test @MainActor func signInWithAnEmailCode() async throws {
    let emulator = ClerkEmulator(logger: Logger(label: "clerk-emulator"))
    let baseURL = try await emulator.start()  // 127.0.0.1, a free port
    try await emulator.createUser(emailAddress: "ada@example.com", password: "correct horse battery")
    let configuration = try ClerkConfiguration(publishableKey: await emulator.publishableKey, proxyURL: baseURL)
    let clerk = Clerk(configuration: configuration)
    try await clerk.load()
    let signIn = try await clerk.auth.signInWithEmailCode(emailAddress: "ada@example.com")
    let code = try #require(await emulator.latestCode(for: "ada@example.com"))  // the code the emulator "emailed"
    let signedIn = try await clerk.auth.attemptFirstFactor(signIn, strategy: .emailCode, code: code)
    #expect(signedIn.status == .complete)
    await emulator.stop()
}
