import CourierTestSupport
import ExactHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The server under a low open-file limit: more streams than descriptors, connections beyond the limit, and
/// SIGTERM honoured throughout. The limit is set by `/bin/sh` (`ulimit -n`) before it `exec`s the server.
@Suite("Descriptor limits", .enabled(if: TestPass.isHeavy, "runs in the heavy pass of scripts/test"), .serialized)
struct DescriptorLimitTests {
    @Test("10,000 streams under a 256-descriptor limit: created, read, appended, recovered; SIGTERM within 5 s")
    @available(OS2023, *)
    func manyStreamsFewDescriptors() async throws {
        try await withTemporaryDirectory(prefix: "ds-fds") { directory in
            let client = ExactHTTPClient()
            defer { Task { await client.shutdown() } }
            let arguments = ["--data-dir", directory.path, "--sync", "never", "--log-level", "warning"]
            let count = 10_000
            let first = try await ServerProcess.start(arguments: arguments, openFileLimit: 256)
            try await Self.forEachStream(count) { index in
                let url = first.base + "/fds/\(index)"
                let text = [("Content-Type", "text/plain")]
                guard try await client.request(.PUT, url, headers: text, body: Array("a\(index);".utf8)).status == 201,
                    try await client.request(.GET, url).text == "a\(index);",
                    try await client.request(.POST, url, headers: text, body: Array("b;".utf8)).status == 204
                else { throw HarnessError("stream \(index) failed before the restart") }
            }
            try await Self.stop(first)

            let second = try await ServerProcess.start(arguments: arguments, openFileLimit: 256)
            try await Self.forEachStream(count) { index in
                let url = second.base + "/fds/\(index)"
                guard try await client.request(.GET, url).text == "a\(index);b;",
                    try await client.request(.POST, url, headers: [("Content-Type", "text/plain")], body: [0x63])
                        .status == 204
                else { throw HarnessError("stream \(index) failed after the restart") }
            }
            try await Self.stop(second)
            #expect(!second.child.standardError.contains("error"))
        }
    }

    @Test("SIGTERM while 50,000 streams are being recovered ends the process cleanly within 5 s")
    @available(OS2023, *)
    func sigtermDuringRecovery() async throws {
        try await StreamDirectoryFixture.withDirectory(prefix: "ds-recovering") { directory in
            let count = 50_000
            try await StreamDirectoryFixture.populate(count: count, at: directory)
            let server = try ServerProcess.launch(
                arguments: ["--data-dir", directory, "--sync", "never", "--log-level", "info"], openFileLimit: 256)
            // The store logs this line before it reads the first stream; recovering them takes seconds.
            try await server.waitForStandardError(containing: "recovering \(count) streams")
            let signalled = ContinuousClock.now
            server.signal(SIGTERM)
            #expect(try await server.waitForExit(within: .seconds(5)) == 0)
            #expect(signalled.duration(to: .now) < .seconds(5))
            let output = await server.lines.reduce(into: [String]()) { $0.append($1) }
            #expect(!output.contains { $0.contains("listening on") }, "it stopped before serving")
            #expect(
                server.standardError.contains("durable-streams: stopped during start-up"), "\(server.standardError)")
        }
    }

    @Test("Out of descriptors, the server keeps serving open connections, logs once a second, and recovers")
    @available(OS2023, *)
    func acceptSurvivesExhaustion() async throws {
        let server = try await ServerProcess.start(
            arguments: ["--memory", "--log-level", "warning"], openFileLimit: 64)
        let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
        let request = "GET /missing HTTP/1.1\r\nHost: x\r\n\r\n"
        let kept = try PlainSocket(port: port)
        try kept.send(request)
        #expect(try await kept.receiveResponse().hasPrefix("HTTP/1.1 404"))

        let started = ContinuousClock.now
        var flood: [PlainSocket] = []
        for _ in 0..<100 { flood.append(try PlainSocket(port: port)) }
        try await server.child.waitForStandardError(containing: "out of file descriptors")
        try kept.send(request)
        #expect(try await kept.receiveResponse().hasPrefix("HTTP/1.1 404"))
        flood.removeAll()

        let fresh = try PlainSocket(port: port)
        try fresh.send(request)
        #expect(try await fresh.receiveResponse().hasPrefix("HTTP/1.1 404"))
        let seconds = started.duration(to: .now).components.seconds
        let warnings = server.child.standardError.components(separatedBy: "out of file descriptors").count - 1
        #expect(warnings >= 1 && warnings <= Int(seconds) + 1)
        try await Self.stop(server)
    }

    @Test("An append whose closed log cannot be reopened for lack of descriptors frees one and succeeds")
    @available(OS2023, *)
    func reopenWhileExhausted() async throws {
        try await withTemporaryDirectory(prefix: "ds-reopen") { directory in
            let server = try await ServerProcess.start(
                arguments: [
                    "--data-dir", directory.path, "--sync", "never", "--log-level", "warning", "--max-open-logs", "8",
                ],
                openFileLimit: 64)
            let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
            let kept = try PlainSocket(port: port)
            func send(_ method: String, _ index: Int, body: String? = nil) async throws -> String {
                var request = "\(method) /reopen/\(index) HTTP/1.1\r\nHost: x\r\n"
                if let body { request += "Content-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n" }
                try kept.send(request + "\r\n" + (body ?? ""))
                return try await kept.receiveResponse()
            }
            // More streams than the bound of 8 open logs: the first ones' logs are closed.
            for index in 0..<20 { #expect(try await send("PUT", index, body: "a").hasPrefix("HTTP/1.1 201")) }
            // Idle connections take every descriptor left.
            var flood: [PlainSocket] = []
            for _ in 0..<100 { flood.append(try PlainSocket(port: port)) }
            try await server.child.waitForStandardError(containing: "out of file descriptors")
            // Stream 0's log must be reopened: the store closes idle logs to get a descriptor, and the append
            // succeeds instead of failing the stream until a restart.
            let appended = try await send("POST", 0, body: "b")
            #expect(appended.hasPrefix("HTTP/1.1 204"), "\(appended.prefix(60))")
            flood.removeAll()
            #expect(try await send("GET", 0).hasSuffix("ab"))
            #expect(try await send("POST", 0, body: "c").hasPrefix("HTTP/1.1 204"))
            #expect(try await send("GET", 0).hasSuffix("abc"))
            try await Self.stop(server)
        }
    }

    @Test("Appends that wait for a descriptor are logged as a warning at most once a second, not once per try")
    @available(OS2023, *)
    func postponedCommitsAreLogged() async throws {
        try await withTemporaryDirectory(prefix: "ds-postponed") { directory in
            // Recovered streams have no log open, so once connections hold every descriptor the store has no
            // idle log to close: their appends are postponed and retried every 50 ms.
            try await StreamDirectoryFixture.populate(count: 3, at: directory.path)
            let server = try await ServerProcess.start(
                arguments: ["--data-dir", directory.path, "--sync", "never", "--log-level", "warning"],
                openFileLimit: 64)
            let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
            let writers = try (0..<3).map { _ in try PlainSocket(port: port) }
            var flood: [PlainSocket] = []
            for _ in 0..<100 { flood.append(try PlainSocket(port: port)) }
            try await server.child.waitForStandardError(containing: "cannot accept connections")
            for (index, writer) in writers.enumerated() {
                let body = "y"
                try writer.send(
                    "POST \(StreamDirectoryFixture.path(index)) HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                        + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            }
            let postponed = "out of file descriptors: appends postponed"
            try await server.child.waitForStandardError(containing: postponed, count: 3)
            let lines = server.child.standardError.split(separator: "\n").filter { $0.contains(postponed) }
            // Each line starts with its time to the second: at most one line a second means no two lines share
            // one (the test's own polling may run late on a loaded machine, so its clock is not used).
            let stamps = lines.map { $0.split(separator: " ").first ?? "" }
            #expect(Set(stamps).count == stamps.count, "\(lines)")
            // Three streams retried every 50 ms between lines: every line after the first held many back.
            let suppressed = lines.dropFirst().compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("suppressed=") }.flatMap {
                    Int($0.dropFirst("suppressed=".count))
                }
            }
            #expect(suppressed.count == lines.count - 1 && suppressed.allSatisfy { $0 >= 5 }, "\(lines)")
            flood.removeAll()
            for writer in writers { #expect(try await writer.receiveResponse().hasPrefix("HTTP/1.1 204")) }
            try await Self.stop(server)
        }
    }

    /// Runs `body` for stream indices `0..<count`, 16 at a time.
    @available(OS2023, *)
    private static func forEachStream(_ count: Int, _ body: @escaping @Sendable (Int) async throws -> Void)
        async throws
    {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    for index in stride(from: worker, to: count, by: 16) { try await body(index) }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Sends SIGTERM and expects a clean exit within 5 seconds.
    @available(OS2023, *)
    private static func stop(_ server: ServerProcess) async throws {
        server.child.signal(SIGTERM)
        #expect(try await server.child.waitForExit(within: .seconds(5)) == 0)
    }
}
