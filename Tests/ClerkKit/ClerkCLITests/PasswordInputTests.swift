import CourierTestSupport
import Foundation
import Testing

/// Passwords are never echoed at a prompt, and can be read from a file descriptor instead (`--password-fd`).
@Suite("clerk: password prompts and --password-fd")
struct PasswordInputTests {
    static let password = "correct-horse-battery"

    /// Runs the pseudo-terminal driver of `AuthCommandTests` and returns its exit status and transcript.
    @available(OS2023, *)
    static func drive(_ exchanges: [String], expecting: String, _ arguments: [String]) async throws -> (Int32, String) {
        try await withTemporaryDirectory { directory in
            let script = directory.url.appendingPathComponent("drive.py")
            try AuthCommandTests.driver.write(to: script, atomically: true, encoding: .utf8)
            let clerk = ChildProcess.productsDirectory.appendingPathComponent("clerk").path
            let state = directory.url.appendingPathComponent("state").path
            let driver = try ChildProcess(
                command: "python3",
                arguments: [script.path, expecting] + exchanges + ["--", clerk] + arguments + ["--state-dir", state])
            let transcript = try await withTimeout(.seconds(120)) {
                var all: [String] = []
                for await line in driver.lines { all.append(line) }
                return all
            }
            return (try await driver.waitForExit(within: .seconds(30)), transcript.joined(separator: "\n"))
        }
    }

    @available(OS2023, *)
    @Test func signInDoesNotEchoThePassword() async throws {
        let (status, transcript) = try await Self.drive(
            ["password: =\(Self.password)"], expecting: "status: complete",
            ["sign-in", "--identifier", "demo+clerk_test@example.com"])
        #expect(status == 0, "\(transcript)")
        #expect(transcript.contains("Password: "))
        #expect(!transcript.contains(Self.password), "\(transcript)")
    }

    @available(OS2023, *)
    @Test func authDoesNotEchoThePassword() async throws {
        let (status, transcript) = try await Self.drive(
            ["username: =demo+clerk_test@example.com", "password (=\(Self.password)"], expecting: "status: complete",
            ["auth", "--language", "en"])
        #expect(status == 0, "\(transcript)")
        #expect(transcript.contains("demo+clerk_test@example.com"))  // other answers still echo
        #expect(!transcript.contains(Self.password), "\(transcript)")
    }

    @available(OS2023, *)
    @Test func passwordFromAFileDescriptor() async throws {
        try await withTemporaryDirectory { directory in
            let secret = directory.url.appendingPathComponent("secret")
            try Data((Self.password + "\nnot part of it\n").utf8).write(to: secret)
            let clerk = ChildProcess.productsDirectory.appendingPathComponent("clerk").path
            let state = directory.url.appendingPathComponent("state").path
            for command in [
                "sign-in --identifier demo+clerk_test@example.com", "auth --identifier demo+clerk_test@example.com",
            ] {
                let child = try ChildProcess(
                    command: "sh",
                    arguments: [
                        "-c", "exec \"$0\" \(command) --password-fd 3 --json --state-dir \"$1\" 3<\"$2\" </dev/null",
                        clerk, state, secret.path,
                    ])
                let lines = try await withTimeout(.seconds(120)) {
                    var all: [String] = []
                    for await line in child.lines { all.append(line) }
                    return all
                }
                #expect(try await child.waitForExit(within: .seconds(30)) == 0, "\(command): \(child.standardError)")
                #expect(lines.joined().contains("\"status\":\"complete\""), "\(command): \(lines)")
                _ = try await run("clerk", ["sign-out", "--state-dir", state])
            }
        }
    }

    @available(OS2023, *)
    @Test func anUnreadableDescriptorIsAClearError() async throws {
        // Descriptor 9 is closed for the command (`9<&-`; sh takes single-digit descriptors only): the test process
        // may hold one of that number, which a child started without closing it would inherit and read.
        let clerk = ChildProcess.productsDirectory.appendingPathComponent("clerk").path
        let child = try ChildProcess(
            command: "sh",
            arguments: [
                "-c",
                "exec \"$0\" sign-in --identifier demo+clerk_test@example.com --password-fd 9 --json 9<&- 2>&1",
                clerk,
            ])
        let output = try await withTimeout(.seconds(120)) {
            var all: [String] = []
            for await line in child.lines { all.append(line) }
            return all.joined(separator: "\n")
        }
        #expect(try await child.waitForExit(within: .seconds(30)) != 0)
        #expect(output.contains("file descriptor 9"), "\(output)")
        let both = try await run(
            "clerk",
            ["sign-in", "--identifier", "a@example.com", "--password", "x", "--password-fd", "0", "--json"])
        #expect(both.status != 0)
        #expect(both.standardError.contains("not both"), "\(both.standardError)")
    }
}
