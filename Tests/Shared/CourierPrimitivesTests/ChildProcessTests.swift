import CourierTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("ChildProcess")
struct ChildProcessTests {
    @Test("standard output arrives as lines and the exit status is reported")
    @available(OS2022, *)
    func linesAndExitStatus() async throws {
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "echo first; printf 'second\\nthird'; exit 3"]
        )
        #expect(try await child.lines.first(3) == ["first", "second", "third"])
        #expect(try await child.waitForExit() == 3)
    }

    @Test("a killed process reports the signal")
    @available(OS2022, *)
    func killedProcess() async throws {
        let child = try ChildProcess(command: "sleep", arguments: ["30"])
        child.signal(SIGKILL)
        #expect(try await child.waitForExit() == SIGKILL)
    }

    @Test("standard input reaches the process")
    @available(OS2022, *)
    func standardInput() async throws {
        let child = try ChildProcess(command: "cat", standardInput: true)
        child.write("ping\npong\n")
        #expect(try await child.lines.first(2) == ["ping", "pong"])
        child.closeStandardInput()
        #expect(try await child.waitForExit() == 0)
    }
}
