import CourierTestSupport
import Foundation
import Testing
import Wormhole

@Suite("README")
struct ReadmeTests {
    private static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    private static let readme = docs.appendingPathComponent("../../../../Sources/Wormhole/README.md").standardized

    /// The code between `// snippet: NAME` and `// end-snippet` in a snippet file.
    @available(OS2022, *)
    private static func snippet(_ name: String, in file: String) throws -> String {
        let text = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "// snippet: \(name)"))
        let end = try #require(lines[start...].firstIndex(of: "// end-snippet"))
        // `@available` lines let the tests compile at the deployment floors; the README's readers need none.
        return lines[(start + 1)..<end].filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("@available(") }
            .joined(separator: "\n")
    }

    /// The Swift code block that follows `<!-- snippet: NAME -->` in the README.
    @available(OS2022, *)
    private static func readmeBlock(_ name: String) throws -> String {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let marker = try #require(lines.firstIndex(of: "<!-- snippet: \(name) -->"), "README lacks snippet \(name)")
        #expect(lines[marker + 1] == "```swift")
        let end = try #require(lines[(marker + 2)...].firstIndex(of: "```"))
        return lines[(marker + 2)..<end].joined(separator: "\n")
    }

    @Test(
        "README code blocks are the compiled snippets",
        arguments: [
            ("quick-start", "QuickStartSnippet.swift"), ("listening", "ListeningSnippet.swift"),
            ("queue", "QueueSnippet.swift"), ("request", "RequestSnippet.swift"),
            ("finish-responding", "FinishRespondingSnippet.swift"),
            ("delivery-executor", "DeliveryExecutorSnippet.swift"),
        ]
    )
    @available(OS2022, *)
    func blocksMatch(name: String, file: String) throws {
        #expect(try Self.readmeBlock(name) == Self.snippet(name, in: file))
    }

    @Test("the quick start runs")
    @available(OS2022, *)
    func quickStartRuns() async throws {
        try await withTemporaryDirectory(prefix: "wormhole-readme") { directory in
            let count = try await withTimeout(.seconds(30)) { try await quickStart(in: directory.url) }
            #expect(count == 42)
        }
    }

    @Test("the listening example updates its model on the main actor")
    @MainActor
    @available(OS2022, *)
    func listeningRuns() async throws {
        let directory = try TemporaryDirectory(prefix: "wormhole-readme")
        defer { directory.remove() }
        let wormhole = try Wormhole(directory: directory.url)
        let model = CounterModel()
        let (changes, changed) = AsyncStream.makeStream(of: Int.self)
        model.onChange = { changed.yield($0) }
        try await model.start(wormhole)
        try await wormhole.send(CounterUpdate(count: 7), to: "counter")
        #expect(try await changes.first(1, within: .seconds(30)) == [7])
        #expect(model.count == 7)
        model.stop(wormhole)
    }

    @Test("the finish-responding example answers the request before it returns")
    @available(OS2022, *)
    func finishRespondingRuns() async throws {
        try await withTemporaryDirectory(prefix: "wormhole-readme") { directory in
            let widget = try Wormhole(directory: directory.url)
            let answer = Task {
                // Asks until the responder is up (a request before it exists fails with noResponder).
                while true {
                    do {
                        return try await widget.request(
                            Numbers(values: [1, 2, 3]), to: "sum", expecting: Int.self, timeout: .seconds(30))
                    } catch WormholeError.noResponder {
                        await Task.yield()
                    }
                }
            }
            let question = try await withTimeout(.seconds(30)) { try await answerOneRequest(in: directory.url) }
            #expect(question == [1, 2, 3])
            #expect(try await answer.value == 6)
        }
    }

    @Test("the queue example returns every command in order")
    @available(OS2022, *)
    func queueRuns() async throws {
        try await withTemporaryDirectory(prefix: "wormhole-readme") { directory in
            let commands = try await queuedCommands(in: directory.url)
            #expect(commands == ["refresh", "sync", "badge"])
        }
    }

    @Test("the request example gets the responder's sum")
    @available(OS2022, *)
    func requestRuns() async throws {
        try await withTemporaryDirectory(prefix: "wormhole-readme") { directory in
            let sum = try await withTimeout(.seconds(30)) { try await askForSum(in: directory.url) }
            #expect(sum == 6)
        }
    }

    @Test("the delivery-executor example answers each ping")
    @available(OS2024, *)
    func deliveryExecutorRuns() async throws {
        try await withTemporaryDirectory(prefix: "wormhole-readme") { directory in
            let app = try Wormhole(directory: directory.url)
            let helper = try Wormhole(directory: directory.url)
            let pings = try await helper.messages(String.self, for: "ping")
            let pongs = try await app.messages(String.self, for: "pong")
            let echo = Task { try await answerPings(on: helper, from: pings, count: 2) }
            var answers: [String] = []
            for ping in ["a", "b"] {
                try await app.send(ping, to: "ping")
                answers += try await pongs.first(1, within: .seconds(30)).compactMap(\.message)
            }
            try await withTimeout(.seconds(30)) { try await echo.value }
            #expect(answers == ["a", "b"])
        }
    }
}
