import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Logging
import Testing

/// `clerk user …` and `clerk org …` against `clerk emulator`, with the session kept in --state-dir.
@Suite("clerk user and org commands")
struct AccountCommandTests {
    @available(OS2023, *)
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

    @available(OS2023, *)
    @Test func showVerifyTOTPAndBackupCodesRunAsBinaries() async throws {
        try await withTemporaryDirectory { directory in
            let (emulator, connection) = try await ClerkCommandTests.startEmulator(in: directory)
            defer { emulator.signal(SIGTERM) }
            #expect(try await run("clerk", ["sign-in"] + ClerkCommandTests.demo + connection).status == 0)

            let shown = try await run("clerk", ["user", "show", "--json"] + connection)
            #expect(shown.status == 0, "\(shown.standardError)")
            let user = ClerkCommandTests.json(shown)
            #expect((user["user_id"] as? String)?.hasPrefix("user_") == true)
            #expect(user["email_addresses"] as? [String] == ["demo+clerk_test@example.com"])
            #expect(user["totp_enabled"] as? Bool == false)

            let enrolled = try await run("clerk", ["user", "enable-totp", "--json"] + connection)
            let uri = try #require(ClerkCommandTests.json(enrolled)["uri"] as? String)
            let secret = try #require(
                URLComponents(string: uri)?.queryItems?.first { $0.name == "secret" }?.value)
            // The codes an authenticator app shows for that secret (RFC 6238), from a local emulator's helper.
            let calculator = ClerkEmulator(logger: Logger(label: "totp") { _ in SwiftLogNoOpLogHandler() })
            let code = try #require(await calculator.totpCode(secret: secret))
            let wrongCode = String(format: "%06d", ((Int(code) ?? 0) + 500_000) % 1_000_000)
            let wrong = try await run("clerk", ["user", "verify-totp", "--code", wrongCode] + connection)
            #expect(wrong.status == 77, "\(wrong.standardError)")
            let verified = try await run("clerk", ["user", "verify-totp", "--code", code, "--json"] + connection)
            #expect(verified.status == 0, "\(verified.standardError)")
            let confirmation = ClerkCommandTests.json(verified)
            #expect(confirmation["totp_enabled"] as? Bool == true)
            let first = try #require(confirmation["backup_codes"] as? [String])
            #expect(!first.isEmpty)

            let codes = try await run("clerk", ["user", "backup-codes", "--json"] + connection)
            #expect(codes.status == 0, "\(codes.standardError)")
            let second = try #require(ClerkCommandTests.json(codes)["backup_codes"] as? [String])
            #expect(second.count == first.count)
            #expect(Set(second).isDisjoint(with: first))
            let after = ClerkCommandTests.json(try await run("clerk", ["user", "show", "--json"] + connection))
            #expect(after["totp_enabled"] as? Bool == true)
            #expect(after["two_factor_enabled"] as? Bool == true)
        }
    }
}
