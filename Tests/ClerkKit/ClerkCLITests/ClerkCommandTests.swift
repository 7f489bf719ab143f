import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Logging
import Testing

/// The `clerk` binary, run as a user would: every documented exit code, the embedded emulator, and a session
/// kept in --state-dir across commands against `clerk emulator`.
@Suite("clerk command-line tool")
struct ClerkCommandTests {
    static let demo = ["--identifier", "demo+clerk_test@example.com", "--password", "correct-horse-battery"]

    @available(OS2023, *)
    static func json(_ finished: Finished) -> [String: Any] {
        let text = finished.lines.joined(separator: "\n")
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    @available(OS2023, *)
    @Test func signsInAgainstTheEmbeddedEmulator() async throws {
        let finished = try await run("clerk", ["sign-in", "--json"] + Self.demo)
        #expect(finished.status == 0, "\(finished.standardError)")
        let output = Self.json(finished)
        #expect(output["status"] as? String == "complete")
        #expect((output["session_id"] as? String)?.hasPrefix("sess_") == true)
        #expect(!finished.standardError.contains("correct-horse-battery"))
    }

    @available(OS2023, *)
    @Test func signsInWithAnEmailCodeAndSignsUp() async throws {
        let byCode = try await run(
            "clerk",
            ["sign-in", "--identifier", "demo+clerk_test@example.com", "--strategy", "email_code", "--code", "424242"])
        #expect(byCode.status == 0, "\(byCode.standardError)")
        #expect(byCode.lines.first == "status: complete")
        let signUp = try await run(
            "clerk",
            [
                "sign-up", "--email", "new+clerk_test@example.com", "--password", "a-long-enough-password",
                "--first-name", "Ada", "--code", "424242", "--json",
            ])
        #expect(signUp.status == 0, "\(signUp.standardError)")
        #expect((Self.json(signUp)["user_id"] as? String)?.hasPrefix("user_") == true)
    }

    @available(OS2023, *)
    @Test func usageErrorsExit64() async throws {
        #expect(try await run("clerk", ["sign-in"]).status == 64)
        #expect(try await run("clerk", ["sign-out", "--all", "--session", "sess_1"]).status == 64)
        #expect(try await run("clerk", ["whoami", "--proxy-url", "http://127.0.0.1:9"]).status == 64)
    }

    @available(OS2023, *)
    @Test func refusedCredentialsExit77() async throws {
        let finished = try await run(
            "clerk", ["sign-in", "--identifier", "demo+clerk_test@example.com", "--password", "wrong", "--json"])
        #expect(finished.status == 77)
        #expect(Self.json(finished)["clerk_code"] as? String == "form_password_incorrect")
        #expect(finished.standardError.contains("form_password_incorrect"))
        #expect(try await run("clerk", ["whoami"]).status == 77)
    }

    @available(OS2023, *)
    @Test func invalidPublishableKeyExits78() async throws {
        let finished = try await run("clerk", ["whoami", "--publishable-key", "pk_test_not-a-key"])
        #expect(finished.status == 78)
        #expect(finished.standardError.contains("publishable key"))
    }

    @available(OS2023, *)
    @Test func unreachableServiceExits69() async throws {
        let key = "pk_test_" + Data("127.0.0.1:1$".utf8).base64EncodedString()
        let finished = try await run(
            "clerk", ["whoami", "--publishable-key", key, "--proxy-url", "http://127.0.0.1:1"])
        #expect(finished.status == 69)
        #expect(finished.standardError.hasPrefix("clerk: "))
    }

    @available(OS2023, *)
    @Test func rateLimitedServiceExits75() async throws {
        let emulator = ClerkEmulator(logger: Logger(label: "clerk-cli-tests"))
        let url = try await emulator.start()
        defer { Task { await emulator.stop() } }
        await emulator.inject(
            .init(
                method: "GET", path: "/v1/environment",
                outcome: .error(status: 429, code: "too_many_requests", retryAfter: 60), times: nil))
        let finished = try await run(
            "clerk",
            ["whoami", "--publishable-key", await emulator.publishableKey, "--proxy-url", url.absoluteString])
        #expect(finished.status == 75, "\(finished.standardError)")
    }

    @available(OS2023, *)
    @Test func nonClerkResponsesExit65() async throws {
        try await withTemporaryDirectory { directory in
            let server = try ChildProcess(
                command: "python3",
                arguments: ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.url.path])
            defer { server.signal(SIGKILL) }
            let banner = try await server.lines.first(1, within: .seconds(20)).first ?? ""
            let port = banner.split(separator: " ").first { Int($0) != nil && $0 != "0" }.map(String.init) ?? ""
            let key = "pk_test_" + Data("127.0.0.1:\(port)$".utf8).base64EncodedString()
            let finished = try await run(
                "clerk", ["whoami", "--publishable-key", key, "--proxy-url", "http://127.0.0.1:\(port)"])
            #expect(finished.status == 65, "\(banner) \(finished.standardError)")
        }
    }

    /// Starts `clerk emulator --demo-user` (plus `options`) on a free port; returns it and the options that reach
    /// it, with a state directory inside `directory`.
    @available(OS2023, *)
    static func startEmulator(in directory: TemporaryDirectory, options: [String] = []) async throws
        -> (ChildProcess, [String])
    {
        let errors = directory.url.appendingPathComponent("emulator.err")
        let emulator = try start(
            "clerk", ["emulator", "--port", "0", "--demo-user"] + options, standardError: errors)
        let banner = try await emulator.lines.first(2, within: .seconds(30))
        let url = try #require(banner.first?.components(separatedBy: "listening on ").last)
        let key = try #require(banner.last?.components(separatedBy: "publishable key: ").last)
        let state = directory.url.appendingPathComponent("state").path
        return (emulator, ["--publishable-key", key, "--proxy-url", url, "--state-dir", state])
    }

    @available(OS2023, *)
    @Test func keepsASessionInTheStateDirectoryAcrossCommands() async throws {
        try await withTemporaryDirectory { directory in
            let (emulator, connection) = try await Self.startEmulator(in: directory)
            defer { emulator.signal(SIGTERM) }
            let state = directory.url.appendingPathComponent("state").path

            #expect(try await run("clerk", ["sign-in"] + Self.demo + connection).status == 0)
            let whoami = try await run("clerk", ["whoami", "--json"] + connection)
            #expect(whoami.status == 0, "\(whoami.standardError)")
            #expect(Self.json(whoami)["email_address"] as? String == "demo+clerk_test@example.com")
            let token = try await run("clerk", ["token"] + connection)
            #expect(token.status == 0)
            #expect(token.lines.first?.split(separator: ".").count == 3)
            let sessions = try await run("clerk", ["sessions", "--json"] + connection)
            #expect((Self.json(sessions)["sessions"] as? [Any])?.count == 1)
            #expect(try await run("clerk", ["sign-out"] + connection).status == 0)
            #expect(try await run("clerk", ["whoami"] + connection).status == 77)

            let attributes = try FileManager.default.attributesOfItem(atPath: state)
            #expect((attributes[.posixPermissions] as? Int) == 0o700)
            let files = try FileManager.default.contentsOfDirectory(atPath: state + "/clerk")
            #expect(files.contains("clerkDeviceToken"))
            for file in files {
                let mode = try FileManager.default.attributesOfItem(atPath: state + "/clerk/" + file)[.posixPermissions]
                #expect((mode as? Int) == 0o600, "\(file)")
            }
            emulator.signal(SIGTERM)
            #expect(try await emulator.waitForExit(within: .seconds(10)) == 0)
        }
    }
}
