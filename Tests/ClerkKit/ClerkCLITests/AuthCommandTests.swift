import ClerkKit
import ClerkKitTesting
import CourierTestSupport
import Foundation
import Logging
import Testing

/// `clerk auth`: the AuthFlow model in a terminal, through a pseudo-terminal and without one.
@Suite("clerk auth")
struct AuthCommandTests {
    /// Answers prompts in a pseudo-terminal: for each `PROMPT=ANSWER` argument, waits until PROMPT appears
    /// (case-insensitive) and types ANSWER; then waits for `--expect` and the child's exit. Prints the
    /// transcript and exits with the child's status.
    static let driver = #"""
        import os, pty, sys, time
        expect = sys.argv[1]; exchanges = []; i = 2
        while sys.argv[i] != "--":
            prompt, answer = sys.argv[i].split("=", 1); exchanges.append((prompt.lower(), answer)); i += 1
        command = sys.argv[i + 1:]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(command[0], command)
        seen = b""; start = 0; deadline = time.time() + 90
        def wait_for(text):
            global seen, start
            while True:
                at = seen.lower().find(text.encode(), start)
                if at >= 0:
                    start = at + len(text); return
                if time.time() > deadline:
                    sys.stdout.write(seen.decode(errors="replace")); sys.exit(90)
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    sys.stdout.write(seen.decode(errors="replace")); sys.exit(91)
                seen += chunk
        for prompt, answer in exchanges:
            wait_for(prompt); os.write(fd, (answer + "\n").encode())
        wait_for(expect.lower())
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(seen.decode(errors="replace"))
        sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 92)
        """#

    @available(OS2023, *)
    @Test func aSignInWithMFAThroughAPseudoTerminal() async throws {
        var logger = Logger(label: "clerk-emulator")
        logger.logLevel = .critical
        let emulator = ClerkEmulator(
            configuration: .init(firstFactors: [.password], secondFactors: [.phoneCode]), logger: logger)
        let url = try await emulator.start()
        defer { Task { await emulator.stop() } }
        let user = try await emulator.createUser(
            emailAddress: "ada@example.com", phoneNumber: "+15555550100", password: "analytical-engine-1843")
        try await emulator.enableSMSSecondFactor(userId: user.id)
        try await withTemporaryDirectory { directory in
            let script = directory.url.appendingPathComponent("drive.py")
            try Self.driver.write(to: script, atomically: true, encoding: .utf8)
            let clerk = ChildProcess.productsDirectory.appendingPathComponent("clerk").path
            let driver = try ChildProcess(
                command: "python3",
                arguments: [
                    script.path, "You are signed in", "username: =ada@example.com",
                    "password (=analytical-engine-1843", "verification code (=424242", "--",
                    clerk, "auth", "--publishable-key", await emulator.publishableKey, "--proxy-url",
                    url.absoluteString, "--language", "en",
                ])
            let transcript = try await withTimeout(.seconds(120)) {
                var all: [String] = []
                for await line in driver.lines { all.append(line) }
                return all
            }
            let status = try await driver.waitForExit(within: .seconds(30))
            let text = transcript.joined(separator: "\n")
            #expect(status == 0, "\(text)")
            #expect(text.contains("== Check your phone =="))
            #expect(text.contains("Resend in 30 seconds"))
            #expect(text.contains("status: complete"))
        }
        let sessions = await emulator.requestLog().filter { $0.path.hasSuffix("/attempt_second_factor") }
        #expect(sessions.count == 1)
    }

    @available(OS2023, *)
    @Test func withoutATerminalAnswersComeFromOptionsAndStandardInput() async throws {
        let fromOptions = try await run(
            "clerk",
            ["auth", "--json", "--identifier", "demo+clerk_test@example.com", "--password", "correct-horse-battery"],
            input: "")
        #expect(fromOptions.status == 0, "\(fromOptions.standardError)")
        #expect(fromOptions.lines.joined().contains("\"status\":\"complete\""))
        let piped = try await run(
            "clerk", ["auth", "--json"], input: "demo+clerk_test@example.com\ncorrect-horse-battery\n")
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.lines.joined().contains("\"session_id\":\"sess_"))
    }

    @available(OS2023, *)
    @Test func endOfInputHalfWayFailsWithoutASession() async throws {
        let finished = try await run("clerk", ["auth", "--json"], input: "demo+clerk_test@example.com\nwrong\n")
        #expect(finished.status != 0)
        #expect(finished.standardError.contains("input ended"), "\(finished.standardError)")
        #expect(!finished.lines.joined().contains("complete"))
    }
}

/// `clerk auth` through an email link and the session tasks, answering on standard input as each screen appears.
@Suite("clerk auth: email links and session tasks")
struct AuthCommandTaskTests {
    @available(OS2023, *)
    @Test func anEmailLinkThenTwoStepSetupThenAnOrganization() async throws {
        var logger = Logger(label: "clerk-emulator")
        logger.logLevel = .critical
        var configuration = ClerkEmulator.Configuration(
            identifiers: [.emailAddress], firstFactors: [.emailLink], secondFactors: [.totp])
        configuration.secondFactorRequired = true
        configuration.organizations.forceSelection = true
        let emulator = ClerkEmulator(configuration: configuration, logger: logger)
        let url = try await emulator.start()
        defer { Task { await emulator.stop() } }
        try await emulator.createUser(emailAddress: "ada@example.com")
        let child = try ChildProcess(
            product: "clerk",
            arguments: [
                "auth", "--publishable-key", await emulator.publishableKey, "--proxy-url", url.absoluteString,
                "--language", "en",
            ],
            standardInput: true)
        defer { child.signal(SIGKILL) }
        try await Self.answer(child, emulator)
        let output = try await withTimeout(.seconds(10)) {
            var all: [String] = []
            for await line in child.lines { all.append(line) }
            return all
        }
        #expect(output.contains("status: complete"), "\(output)")
        #expect(output.contains { $0.hasPrefix("organization_id: org_") }, "\(output)")
    }

    @available(OS2023, *)
    private static func answer(_ child: ChildProcess, _ emulator: ClerkEmulator) async throws {
        do {
            try await walk(child, emulator)
        } catch {
            Issue.record("\(error); the command wrote:\n\(child.standardError)")
            throw error
        }
    }

    @available(OS2023, *)
    private static func walk(_ child: ChildProcess, _ emulator: ClerkEmulator) async throws {
        child.write("ada@example.com\n")
        try await child.waitForStandardError(containing: "== Check your email ==")
        #expect(child.standardError.contains("Open the link sent to ada@example.com on this device."))
        // The link from the email, pasted as it is: the command opens it and completes the redirect.
        let link = try #require(await emulator.latestLink(for: "ada@example.com"))
        child.write(link.absoluteString + "\n")
        try await child.waitForStandardError(containing: "otpauth://")
        let uri = try #require(child.standardError.split(separator: "\n").first { $0.hasPrefix("otpauth://") })
        let secret = try #require(
            URLComponents(string: String(uri))?.queryItems?.first { $0.name == "secret" }?.value)
        child.write((await emulator.totpCode(secret: secret) ?? "") + "\n")
        try await child.waitForStandardError(containing: "== Create an organization ==")
        child.write("Analytical Engines\n")
        let status = try await child.waitForExit(within: .seconds(60))
        #expect(status == 0, "\(child.standardError)")
    }
}
