import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Testing

/// `clerk auth` at an email link: the link opened on another device signs in here, found by polling the sign-in,
/// with nothing pasted.
@Suite("clerk auth: email links opened elsewhere")
struct EmailLinkPollingCommandTests {
    @available(OS2023, *)
    @Test func theLinkOpenedElsewhereSignsInWithoutPastingIt() async throws {
        let configuration = ClerkEmulator.Configuration(
            identifiers: [.emailAddress], firstFactors: [.emailLink], secondFactors: [])
        try await withCommandEmulator(configuration) { emulator, connection in
            try await emulator.createUser(emailAddress: "ada@example.com")
            let auth = try ChildProcess(
                product: "clerk", arguments: ["auth", "--language", "en"] + connection, standardInput: true)
            defer { auth.signal(SIGKILL) }
            auth.write("ada@example.com\n")
            try await auth.waitForStandardError(containing: "== Check your email ==")
            let link = try #require(await emulator.latestLink(for: "ada@example.com"))
            // A browser on another device opens it; its redirect never reaches the command. Standard input stays
            // open, with nothing typed.
            let opened = try await emulator.inProcessTransport.send(ClerkHTTPRequest(method: "GET", url: link))
            #expect(opened.status == 303)
            #expect(try await auth.waitForExit(within: .seconds(30)) == 0, "\(auth.standardError)")
            let reloads = await emulator.requestLog().filter { $0.method == "GET" && $0.path.contains("/sign_ins/") }
            #expect(!reloads.isEmpty)
        }
    }
}
