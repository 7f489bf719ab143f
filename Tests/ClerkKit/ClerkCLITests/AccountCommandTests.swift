import ClerkKit
import CourierTestSupport
import Foundation
import Testing

/// `clerk user …` and `clerk org …` against `clerk emulator`, with the session kept in --state-dir.
@Suite("clerk user and org commands")
struct AccountCommandTests {
    @Test func aUserAddsAnEmailCreatesAnOrganizationAndInvites() async throws {
        try await withTemporaryDirectory { directory in
            let (emulator, connection) = try await ClerkCommandTests.startEmulator(in: directory)
            defer { emulator.signal(SIGTERM) }
            #expect(try await run("clerk", ["sign-in"] + ClerkCommandTests.demo + connection).status == 0)

            let update = try await run("clerk", ["user", "update", "--first-name", "Ada", "--json"] + connection)
            #expect(ClerkCommandTests.json(update)["first_name"] as? String == "Ada", "\(update.standardError)")
            let email = try await run(
                "clerk", ["user", "add-email", "ada+clerk_test@example.com", "--code", "424242", "--json"] + connection)
            #expect(ClerkCommandTests.json(email)["status"] as? String == "verified", "\(email.standardError)")
            let wrong = try await run(
                "clerk", ["user", "add-email", "ada+clerk_test@example.com", "--code", "424242"] + connection)
            #expect(wrong.status == 77)  // already the user's
            #expect(wrong.standardError.contains("form_identifier_exists"))
            let totp = try await run("clerk", ["user", "enable-totp", "--json"] + connection)
            #expect((ClerkCommandTests.json(totp)["uri"] as? String)?.hasPrefix("otpauth://totp/") == true)

            let created = try await run("clerk", ["org", "create", "--name", "Engines", "--json"] + connection)
            let organization = try #require(ClerkCommandTests.json(created)["organization_id"] as? String)
            let invited = try await run(
                "clerk", ["org", "invite", organization, "--email", "grace@example.com", "--json"] + connection)
            #expect((ClerkCommandTests.json(invited)["invitations"] as? [Any])?.count == 1, "\(invited.standardError)")
            let members = try await run("clerk", ["org", "members", organization, "--json"] + connection)
            #expect(
                (ClerkCommandTests.json(members)["members"] as? [[String: Any]])?.first?["role"] as? String
                    == "org:admin")
            #expect(try await run("clerk", ["org", "switch", organization] + connection).status == 0)
            let list = try await run("clerk", ["org", "list", "--json"] + connection)
            let rows = try #require(ClerkCommandTests.json(list)["organizations"] as? [[String: Any]])
            #expect(rows.first?["active"] as? Bool == true)
            #expect(try await run("clerk", ["org", "invite", organization] + connection).status == 64)
        }
    }
}
