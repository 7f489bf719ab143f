import CourierTestSupport
import Foundation
import Testing
import Wormhole

/// The request of the helper's responder (mirrors the helper's type).
@available(OS2022, *)
struct Numbers: Codable, Sendable {
    var values: [Int]
}

/// Starts the helper answering `identifier` as `behaviour`, once it is ready.
@available(OS2022, *)
private func responder(_ directory: URL, _ identifier: String, _ behaviour: String) async throws -> ChildProcess {
    let process = try helper(["respond", directory.path, identifier, behaviour])
    let ready = try await process.lines.firstValue { $0 == "ready" }
    try #require(ready != nil, "the responder did not start: \(process.standardError)")
    return process
}

/// Stops a child started by a test.
@available(OS2022, *)
private func stop(_ process: ChildProcess) async throws {
    process.signal(SIGKILL)
    _ = try await process.waitForExit()
}

@Suite("Request/reply across processes")
struct RequestReplyTests {
    @Test("Each request gets the other process's typed answer, concurrent requests included")
    @available(OS2022, *)
    func typedAnswers() async throws {
        try await withDirectory { directory in
            let server = try await responder(directory, "sum", "sum")
            let client = try makeWormhole(directory)
            #expect(try await client.request(Numbers(values: [1, 2, 3]), to: "sum", expecting: Int.self) == 6)
            let sums = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                for index in 1...8 {
                    group.addTask {
                        let values = Array(repeating: index, count: index)
                        let sum = try await client.request(
                            Numbers(values: values), to: "sum", expecting: Int.self, timeout: .seconds(60))
                        return (index, sum)
                    }
                }
                return try await group.reduce(into: [Int: Int]()) { $0[$1.0] = $1.1 }
            }
            #expect(sums == Dictionary(uniqueKeysWithValues: (1...8).map { ($0, $0 * $0) }))
            // Every reply mailbox was removed once read.
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.contains("reply") }
            #expect(leftovers.isEmpty)
            try await stop(server)
        }
    }

    @Test("Without a responder, a request fails at once with noResponder")
    @available(OS2022, *)
    func noResponder() async throws {
        try await withDirectory { directory in
            let client = try makeWormhole(directory)
            let noResponderError = await #expect(throws: WormholeError.self) {
                try await client.request(Numbers(values: [1]), to: "sum", expecting: Int.self, timeout: .seconds(60))
            }
            #expect(noResponderError?.code == .noResponder)
        }
    }

    @Test("A responder whose process ends while handling the request: noResponder, not a timeout")
    @available(OS2022, *)
    func responderGone() async throws {
        try await withDirectory { directory in
            let server = try await responder(directory, "sum", "exit")
            let client = try makeWormhole(directory)
            let error = await #expect(throws: WormholeError.self) {
                try await client.request(Numbers(values: [1]), to: "sum", expecting: Int.self, timeout: .seconds(60))
            }
            #expect(error?.code == .noResponder)
            #expect(error?.reason == "the responder stopped before answering")
            #expect(try await server.waitForExit() == 3)
        }
    }

    @Test("A handler that throws: requestFailed with its description; the responder goes on")
    @available(OS2022, *)
    func handlerFails() async throws {
        try await withDirectory { directory in
            let server = try await responder(directory, "sum", "fail")
            let client = try makeWormhole(directory)
            let error = await #expect(throws: WormholeError.self) {
                try await client.request(Numbers(values: [-1]), to: "sum", expecting: Int.self, timeout: .seconds(60))
            }
            #expect(error?.code == .requestFailed)
            #expect(error?.reason == "negative numbers are refused")
            #expect(try await client.request(Numbers(values: [4, 5]), to: "sum", expecting: Int.self) == 9)
            try await stop(server)
        }
    }

    @Test("A responder that never answers: requestTimedOut after the timeout")
    @available(OS2022, *)
    func timeout() async throws {
        try await withDirectory { directory in
            let server = try await responder(directory, "sum", "stall")
            let client = try makeWormhole(directory)
            let requestTimedOutError = await #expect(throws: WormholeError.self) {
                try await client.request(
                    Numbers(values: [1]), to: "sum", expecting: Int.self, timeout: .milliseconds(300))
            }
            #expect(requestTimedOutError?.code == .requestTimedOut)
            try await stop(server)
        }
    }

    @Test("A second responder for the same identifier is refused while the first runs")
    @available(OS2022, *)
    func oneResponder() async throws {
        try await withDirectory { directory in
            let server = try await responder(directory, "sum", "sum")
            let local = try makeWormhole(directory)
            let alreadyRespondingError = await #expect(throws: WormholeError.self) {
                try await local.respond(to: "sum", as: Numbers.self) { $0.values.count }
            }
            #expect(alreadyRespondingError?.code == .alreadyResponding)
            try await stop(server)
            // Its lock went with its process.
            try await local.respond(to: "sum", as: Numbers.self) { $0.values.count }
            #expect(try await local.request(Numbers(values: [7, 7]), to: "sum", expecting: Int.self) == 2)
        }
    }

    @Test("wormhole respond runs a command per request; wormhole request prints the answer")
    @available(OS2022, *)
    func commandLine() async throws {
        try await withDirectory { directory in
            let missing = try await tool(directory, ["request", "echo", "{\"a\":1}"])
            #expect(missing.status == 69)
            #expect(missing.standardError.contains("no process answers requests"))

            let server = try ChildProcess(
                product: "wormhole",
                arguments: ["respond", "--directory", directory.path, "--ready", "echo", "--", "cat"])
            _ = try await server.lines.firstValue { $0.contains("ready") }
            let answered = try await tool(directory, ["request", "echo", "{\"a\":1}"])
            #expect(answered.status == 0)
            #expect(answered.lines == ["{\"a\":1}"])
            // Swift asks the tool's responder too.
            let swift = try makeWormhole(directory)
            #expect(
                try await swift.request(Counter(count: 5), to: "echo", expecting: Counter.self) == Counter(count: 5))
            try await stop(server)

            let failing = try ChildProcess(
                product: "wormhole",
                arguments: [
                    "respond", "--directory", directory.path, "--ready", "fails", "--", "sh", "-c",
                    "echo broken >&2; exit 4",
                ])
            _ = try await failing.lines.firstValue { $0.contains("ready") }
            let failed = try await tool(directory, ["request", "fails", "{}"])
            #expect(failed.status == 70)
            #expect(failed.standardError.contains("exit status 4: broken"))
            try await stop(failing)
        }
    }
}
