import CourierTestSupport
import Foundation
import Testing

/// `clerk sign-in --oauth`: the loopback redirect flow against the embedded emulator, with `$BROWSER` standing
/// in for a person who answers the emulated provider's consent page (over real HTTP, redirects followed by Python's
/// urllib).
@Suite("clerk sign-in --oauth")
struct OAuthCommandTests {
    /// A browser that answers the consent page as `email` would (allow) or declines. Run through `sh` (not
    /// executed itself): a file just written may still be open in a process another test forks (`ETXTBSY`).
    static func browser(allowing email: String?) throws -> URL {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString).sh")
        let decision =
            email.map { address in
                let escaped = address.replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(
                    of: "@", with: "%40")
                return "decision=allow&email=\(escaped)"
            } ?? "decision=deny"
        let text = """
            #!/bin/sh
            consent=$(printf '%s' "$1" | sed 's#/authorize?#/consent?#')
            exec python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()' "$consent&\(decision)"
            """
        try Data(text.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        return script
    }

    @available(OS2023, *)
    @Test func aPersonAllowingInTheBrowserSignsIn() async throws {
        let browser = try Self.browser(allowing: "demo+clerk_test@example.com")
        defer { try? FileManager.default.removeItem(at: browser) }
        let finished = try await run(
            "clerk", ["sign-in", "--oauth", "google", "--json"], environment: ["BROWSER": "sh " + browser.path])
        #expect(finished.status == 0, "\(finished.standardError)")
        let output = ClerkCommandTests.json(finished)
        #expect(output["status"] as? String == "complete")
        // The demo user has that address: the Google account signs in to it.
        #expect(output["flow"] as? String == "sign_in")
        #expect((output["session_id"] as? String)?.hasPrefix("sess_") == true)
    }

    @available(OS2023, *)
    @Test func declinedConsentFailsWithTheProvidersReason() async throws {
        let browser = try Self.browser(allowing: nil)
        defer { try? FileManager.default.removeItem(at: browser) }
        let finished = try await run(
            "clerk", ["sign-in", "--oauth", "google"], environment: ["BROWSER": "sh " + browser.path])
        #expect(finished.status != 0)
        #expect(finished.standardError.contains("access"))
        #expect(try await run("clerk", ["sign-in", "--oauth", "google", "--identifier", "x"]).status == 64)
    }

    @available(OS2023, *)
    @Test func aPasskeyRegisteredInOneCommandSignsInInTheNext() async throws {
        try await withTemporaryDirectory { directory in
            let (emulator, connection) = try await ClerkCommandTests.startEmulator(
                in: directory, options: ["--passkey-rp-id", "localhost"])
            defer { emulator.signal(SIGTERM) }
            let state = directory.url.appendingPathComponent("state").path

            #expect(try await run("clerk", ["sign-in"] + ClerkCommandTests.demo + connection).status == 0)
            let registered = try await run("clerk", ["passkey", "register", "--json"] + connection)
            #expect(registered.status == 0, "\(registered.standardError)")
            #expect(try await run("clerk", ["sign-out"] + connection).status == 0)
            let signedIn = try await run("clerk", ["passkey", "sign-in", "--json"] + connection)
            #expect(signedIn.status == 0, "\(signedIn.standardError)")
            #expect(ClerkCommandTests.json(signedIn)["status"] as? String == "complete")
            let keys = try FileManager.default.attributesOfItem(atPath: state + "/clerk/clerkSoftwarePasskeys")
            #expect((keys[.posixPermissions] as? Int) == 0o600)
            // A fresh state directory holds no passkey: nothing to sign in with.
            let empty = directory.url.appendingPathComponent("empty").path
            let none = try await run(
                "clerk", ["passkey", "sign-in"] + connection.dropLast(2) + ["--state-dir", empty])
            #expect(none.status != 0)
        }
    }
}
