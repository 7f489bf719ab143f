import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Testing

/// `clerk profile` against `clerk emulator`: the profile screens' model driven line by line from standard input.
@Suite("clerk profile")
struct ProfileCommandTests {
    @available(OS2023, *)
    @Test func theMenuEditsNamesAddsAndVerifiesAnEmailMakesItPrimaryAndChangesThePassword() async throws {
        try await withTemporaryDirectory { directory in
            let (emulator, connection) = try await ClerkCommandTests.startEmulator(in: directory)
            defer { emulator.signal(SIGTERM) }
            #expect(try await run("clerk", ["sign-in"] + ClerkCommandTests.demo + connection).status == 0)

            // Menu: 1 edit profile, 2 add email, 3 add phone, 4 remove, 5 set password, 6 authenticator app, …
            // Once a second verified address exists, 4 is "set as primary" and the rest move down by one.
            let script = [
                "1", "Ada", "Lovelace",
                "2", "ada+clerk_test@example.com", "000000", "424242",
                "4", "1",
                "6", "correct-horse-battery", "short", "short",
                "6", "correct-horse-battery", "analytical-engine-1843", "analytical-engine-1843",
                "/done",
            ]
            let finished = try await run(
                "clerk", ["profile", "--json", "--language", "en"] + connection,
                input: script.joined(separator: "\n") + "\n")
            #expect(finished.status == 0, "\(finished.standardError)")
            let result = ClerkCommandTests.json(finished)
            #expect(result["status"] as? String == "done")
            #expect(result["first_name"] as? String == "Ada")
            #expect(result["last_name"] as? String == "Lovelace")
            #expect(
                result["email_addresses"] as? [String] == [
                    "ada+clerk_test@example.com", "demo+clerk_test@example.com",
                ],
                "the new address is verified and primary: \(finished.standardError)")
            // The wrong code and the too-short password were shown, and the flow went on.
            #expect(finished.standardError.contains("! "), "\(finished.standardError)")
            #expect(finished.standardError.contains("== Profile =="))

            #expect(try await run("clerk", ["sign-out"] + connection).status == 0)
            let again = try await run(
                "clerk",
                ["sign-in", "--identifier", "ada+clerk_test@example.com", "--password", "analytical-engine-1843"]
                    + connection)
            #expect(again.status == 0, "the new password signs in: \(again.standardError)")
        }
    }

    @available(OS2023, *)
    @Test func signingOutEndsTheProfileAndTheEndOfInputMidFormIsAnError() async throws {
        try await withTemporaryDirectory { directory in
            let (emulator, connection) = try await ClerkCommandTests.startEmulator(in: directory)
            defer { emulator.signal(SIGTERM) }
            #expect(try await run("clerk", ["profile", "--json"] + connection, input: "").status != 0)
            #expect(try await run("clerk", ["sign-in"] + ClerkCommandTests.demo + connection).status == 0)

            let halfWay = try await run("clerk", ["profile", "--json"] + connection, input: "1\nAda\n")
            #expect(halfWay.status != 0)
            #expect(halfWay.standardError.contains("input ended"), "\(halfWay.standardError)")

            // 7 is the devices screen (this device cannot be revoked from here), 8 signs out.
            let out = try await run("clerk", ["profile", "--json"] + connection, input: "7\n1\n8\n")
            #expect(out.status == 0, "\(out.standardError)")
            #expect(ClerkCommandTests.json(out)["status"] as? String == "signed_out")
            #expect(out.standardError.contains("(This device)"), "\(out.standardError)")
            let whoami = try await run("clerk", ["whoami", "--json"] + connection)
            #expect(!whoami.lines.joined().contains("user_"), "\(whoami.lines)")
        }
    }
}
