import CourierTestSupport
import Foundation
import Testing

/// What `clerk` and `clerk emulator` print to standard error: the emulator's console URL and the codes it sends;
/// no SDK log line for a refusal the person can fix; and no temporary file left in the state directory.
@Suite("clerk: log lines and the state directory")
struct LoggingCommandTests {
    @available(OS2023, *)
    @Test func theEmulatorPrintsItsConsoleAndTheCodesItSends() async throws {
        let emulator = try ChildProcess(product: "clerk", arguments: ["emulator", "--port", "0", "--demo-user"])
        defer { emulator.signal(SIGKILL) }
        let banner = try await emulator.lines.first(2, within: .seconds(30))
        let url = try #require(banner.first?.components(separatedBy: "listening on ").last)
        let key = try #require(banner.last?.components(separatedBy: "publishable key: ").last)
        try await emulator.waitForStandardError(containing: "\(url)/__emulator/")
        try await withTemporaryDirectory { directory in
            let state = directory.url.appendingPathComponent("state").path
            let connection = ["--publishable-key", key, "--proxy-url", url, "--state-dir", state]
            // A refusal the person can fix is reported once, as the command's error, not as an SDK log line.
            let wrong = try await run(
                "clerk",
                ["sign-in", "--identifier", "demo+clerk_test@example.com", "--password", "wrong-password"] + connection)
            #expect(wrong.status == 77)
            #expect(!wrong.standardError.contains("com.clerk.sdk"), "\(wrong.standardError)")
            #expect(!wrong.standardError.contains("← 422"), "\(wrong.standardError)")

            // A sign-up to an address that is not a test address: the code comes from the emulator's log.
            let signUp = try ChildProcess(
                product: "clerk",
                arguments: ["auth", "--mode", "sign-up", "--json", "--language", "en"] + connection,
                standardInput: true)
            defer { signUp.signal(SIGKILL) }
            // First name, last name, username, email address, phone number, password: the optional ones left empty.
            signUp.write("\n\n\nada@example.com\n\nanalytical-engine-1843\n")
            try await emulator.waitForStandardError(containing: "to ada@example.com")
            let line = try #require(
                emulator.standardError.split(separator: "\n").last { $0.contains("to ada@example.com") })
            let code = try #require(line.components(separatedBy: "sent code ").last?.prefix(6))
            #expect(code.count == 6 && code.allSatisfy(\.isNumber), "\(line)")
            signUp.write(code + "\n")
            #expect(try await signUp.waitForExit(within: .seconds(60)) == 0, "\(signUp.standardError)")

            for _ in 0..<3 { #expect(try await run("clerk", ["token"] + connection).status == 0) }
            let files = try FileManager.default.contentsOfDirectory(atPath: state + "/clerk")
            #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files)")
        }
    }
}
