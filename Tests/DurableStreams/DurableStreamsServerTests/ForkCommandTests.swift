import CourierTestSupport
import Foundation
import Testing

/// `durable-streams create --fork-from`, run as a child process against the in-process server.
@Suite("durable-streams create --fork-from")
struct ForkCommandTests {
    @available(OS2023, *)
    private func run(_ arguments: [String]) async throws -> (status: Int32, output: String, error: String) {
        let process = try ChildProcess(product: "durable-streams", arguments: arguments)
        var lines: [String] = []
        for await line in process.lines { lines.append(line) }
        let status = try await process.waitForExit(within: .seconds(30))
        return (status, lines.joined(separator: "\n"), process.standardError)
    }

    @Test("Forks at the tail, at an offset with a sub-offset, and takes the source's content type")
    @available(OS2023, *)
    func forks() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("cli")
            let anchor = try #require(
                try await server.create(source, contentType: "application/json", body: "[{\"a\":1}]").nextOffset)
            try await server.append(source, "[{\"b\":2},{\"c\":3}]", contentType: "application/json")
            let created = try await run(["create", server.base + fork, "--fork-from", source])
            #expect(created.status == 0)
            #expect(created.output.hasPrefix("created "))
            #expect(try await server.send(.HEAD, fork).header("Content-Type") == "application/json")
            #expect(try await server.read(fork).text == "[{\"a\":1},{\"b\":2},{\"c\":3}]")
            #expect(try await run(["create", server.base + fork, "--fork-from", source]).output.hasPrefix("exists "))

            let partial = ServerHarness.uniquePath("cli-partial")
            let result = try await run([
                "create", server.base + partial, "--fork-from", source, "--fork-offset", anchor,
                "--fork-sub-offset", "1", "--data", "[{\"d\":4}]",
            ])
            #expect(result.status == 0)
            #expect(try await server.read(partial).text == "[{\"a\":1},{\"b\":2},{\"d\":4}]")
        }
    }

    @Test("Refused forks fail with the server's reason; fork options need --fork-from")
    @available(OS2023, *)
    func failures() async throws {
        try await ServerHarness.run { server in
            let (source, fork) = ServerHarness.forkPaths("cli-fail")
            let missing = try await run(["create", server.base + fork, "--fork-from", source])
            #expect(missing.status != 0)
            #expect(missing.error.contains("not found"))
            try await server.create(source, body: "data")
            let mismatch = try await run([
                "create", server.base + fork, "--fork-from", source, "--content-type", "application/json",
            ])
            #expect(mismatch.status != 0)
            let beyond = try await run(["create", server.base + fork, "--fork-from", source, "--fork-offset", "x"])
            #expect(beyond.status != 0)
            #expect(try await server.headStatus(fork) == 404)
            let usage = try await run(["create", server.base + fork, "--fork-offset", startOffset])
            #expect(usage.status != 0)
            #expect(usage.error.contains("--fork-from"))
            let relative = try await run(["create", server.base + fork, "--fork-from", "//elsewhere/x"])
            #expect(relative.status != 0)
        }
    }
}
