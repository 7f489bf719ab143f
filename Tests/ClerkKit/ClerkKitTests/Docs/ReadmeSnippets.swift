// The Swift blocks of Sources/ClerkKit/README.md, word for word (scripts/readme-snippets checks it), compiled and
// run against the emulator.
import ClerkKit
import ClerkKitTesting
import Logging
import Testing

@MainActor
@available(OS2023, *)
func signIn(with configuration: ClerkConfiguration) async throws(ClerkError) -> String? {
    let clerk = Clerk(configuration: configuration)
    try await clerk.load()  // the stored client first, then a refresh from the Frontend API
    let signIn = try await clerk.auth.signIn(
        identifier: "ada+clerk_test@example.com", password: "analytical-engine-1843")
    guard signIn.status == .complete else { return nil }  // e.g. .needsSecondFactor
    return try await clerk.auth.getToken()  // a session JWT for your backend, cached and refreshed for you
}

@MainActor
@available(OS2023, *)
func logSignOuts(of clerk: Clerk) -> Task<Void, Never> {
    Task {
        for await event in clerk.events {
            if case .signedOut = event { print("signed out") }
        }
    }
}

@MainActor
@available(OS2023, *)
func startTeam(_ clerk: Clerk, inviting colleague: String) async throws(ClerkError) -> Int {
    let organization = try await clerk.organizations.create(name: "Analytical Engines")
    try await clerk.organizations.setActive(organization.id)  // session tokens now carry the organization
    guard clerk.has(permission: "org:sys_memberships:manage") else { return 0 }
    _ = try await clerk.organizations.invite(to: organization.id, emailAddress: colleague, role: "org:member")
    var members = 0
    for try await _ in clerk.organizations.memberships(of: organization.id) { members += 1 }
    return members
}

@available(OS2023, *)
@Test @MainActor func startsATeamAgainstTheEmulator() async throws {
    let emulator = ClerkEmulator(logger: Logger(label: "clerk-emulator"))
    _ = try await emulator.createUser(emailAddress: "ada+clerk_test@example.com", password: "analytical-engine-1843")
    let clerk = Clerk(
        configuration: try ClerkConfiguration(publishableKey: await emulator.publishableKey),
        transport: emulator.inProcessTransport)
    try await clerk.load()
    _ = try await clerk.auth.signIn(identifier: "ada+clerk_test@example.com", password: "analytical-engine-1843")
    #expect(try await startTeam(clerk, inviting: "grace@example.com") == 1)
}

@available(OS2023, *)
@Test @MainActor func signsInAgainstTheEmulator() async throws {
    let emulator = ClerkEmulator(logger: Logger(label: "clerk-emulator"))
    _ = try await emulator.createUser(emailAddress: "ada+clerk_test@example.com", password: "analytical-engine-1843")
    let url = try await emulator.start()  // 127.0.0.1, a free port
    let configuration = try ClerkConfiguration(publishableKey: await emulator.publishableKey, proxyURL: url)
    #expect(try await signIn(with: configuration) != nil)
    await emulator.stop()
}

@available(OS2023, *)
@Test @MainActor func theSignOutLoggerEndsWithItsClerk() async throws {
    let emulator = ClerkEmulator(logger: Logger(label: "clerk-emulator"))
    let url = try await emulator.start()
    let clerk = Clerk(
        configuration: try ClerkConfiguration(publishableKey: await emulator.publishableKey, proxyURL: url))
    let task = logSignOuts(of: clerk)
    task.cancel()
    await task.value
    await emulator.stop()
}
