// The shared-sessions block of Sources/ClerkKit/README.md and of the product's DocC catalog, word for word
// (scripts/readme-snippets checks it), run against the emulator.
import ClerkKit
import ClerkKitSharedSessions
import Foundation
import Testing

@MainActor
@available(OS2023, *)
func startSharing(_ clerk: Clerk, in groupDirectory: URL) async throws(ClerkError) -> SharedSessionSync {
    let sync = try SharedSessionSync(
        clerk: clerk, ownerIdentifier: "com.example.app.widget", groupDirectory: groupDirectory)
    try await sync.start()  // adopts the group's identity first if it wins
    try await clerk.load()
    return sync
}

@Suite("Shared sessions: the README's code") @MainActor
struct SharedSessionsReadmeTests {
    @available(OS2023, *)
    @Test("The README's widget adopts the app's sign-in at start")
    func readmeWidget() async throws {
        let group = try await AppGroup()
        defer { group.directory.remove() }
        try await group.createUser("ada@example.com")
        let app = try await group.member("com.example.app")
        let appEvents = app.sync.events
        _ = try await app.clerk.auth.signIn(identifier: "ada@example.com", password: AppGroup.password)
        _ = try #require(try await appEvents.publication { $0.isSignedIn })
        let widget = Clerk(
            configuration: try ClerkConfiguration(publishableKey: group.publishableKey, proxyURL: group.url),
            store: InMemorySecureStore())
        let sync = try await startSharing(widget, in: group.groupDirectory)
        #expect(widget.identity.isSignedIn)
        #expect(widget.identity.deviceToken == app.clerk.identity.deviceToken)
        await sync.stop()
        await group.finish()
    }
}
