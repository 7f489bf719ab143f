import CourierTestSupport
import ExactHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Start-up on a data directory of 100,000 streams: bounded in time and memory, and a process that stops on
/// SIGTERM once serving.
@Suite("A large data directory", .enabled(if: TestPass.isHeavy, "runs in the heavy pass of scripts/test"), .serialized)
struct LargeDirectoryTests {
    /// How long the server may take to recover 100,000 streams and listen: generous, for a loaded 2-core machine.
    @available(OS2023, *)
    static var startBound: Duration { .seconds(120) }
    /// The most memory the server may have held at any point (its peak resident set, `VmHWM`).
    static let peakMemoryBoundKiB = 400 * 1024

    @Test("100,000 streams: the server listens within 120 s, its peak resident memory stays under 400 MiB")
    @available(OS2023, *)
    func hundredThousandStreams() async throws {
        try await StreamDirectoryFixture.withDirectory(prefix: "ds-large") { directory in
            let count = 100_000
            let writing = ContinuousClock.now
            try await StreamDirectoryFixture.populate(count: count, at: directory)
            let written = writing.duration(to: .now)
            let started = ContinuousClock.now
            let server = try ServerProcess.launch(
                arguments: ["--data-dir", directory, "--sync", "never", "--log-level", "warning"],
                openFileLimit: 256)
            let line = try await server.lines.firstValue(within: Self.startBound) { $0.contains("listening on") }
            let elapsed = started.duration(to: .now)
            let base = try #require(line?.split(separator: " ").last.map(String.init), "\(server.standardError)")
            #expect(elapsed < Self.startBound)

            let client = ExactHTTPClient()
            do {
                for index in [0, count / 2, count - 1] {
                    #expect(try await client.request(.GET, base + StreamDirectoryFixture.path(index)).text == "x")
                }
            } catch {
                await client.shutdown()
                throw error
            }
            await client.shutdown()
            #if os(Linux)
            let peak = try #require(Self.peakResidentKiB(of: server.pid))
            #expect(peak < Self.peakMemoryBoundKiB, "peak resident memory \(peak) KiB")
            print("100,000 streams: written in \(written), listening after \(elapsed), peak memory \(peak / 1024) MiB")
            #endif
            server.signal(SIGTERM)
            #expect(try await server.waitForExit(within: .seconds(5)) == 0)
            #expect(!server.standardError.contains("error"), "\(server.standardError)")
        }
    }

    /// The peak resident set size of a running process, in KiB (`VmHWM` in `/proc/<pid>/status`).
    @available(OS2023, *)
    static func peakResidentKiB(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        let fields = line?.dropFirst("VmHWM:".count).split { $0 == " " || $0 == "\t" }
        return fields?.first.flatMap { Int($0) }
    }
}
