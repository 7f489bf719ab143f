import CourierTestSupport
import Foundation
import Testing
import Wormhole

@Suite("wormhole command-line tool")
struct CommandLineToolTests {
    @Test("send prints the sequence number; read prints the documented JSON line and the raw payload")
    @available(OS2022, *)
    func sendAndRead() async throws {
        try await withDirectory { directory in
            let first = try await tool(directory, ["send", "counter", "{\"count\": 1}"])
            #expect(first.status == 0)
            #expect(first.lines == ["1"])
            #expect(try await tool(directory, ["send", "counter", "{\"count\": 2}"]).lines == ["2"])
            let read = try await tool(directory, ["read", "counter"])
            #expect(read.status == 0)
            let line = try object(try #require(read.lines.first))
            #expect(line["event"] as? String == "message")
            #expect(line["identifier"] as? String == "counter")
            #expect(line["sequence"] as? Int == 2)
            #expect((line["payload"] as? [String: Any])?["count"] as? Int == 2)
            #expect((line["sentAt"] as? String)?.hasSuffix("Z") == true)
            let raw = try await tool(directory, ["read", "--payload", "counter"])
            #expect(raw.lines == ["{\"count\": 2}"])
            // Swift reads what the tool wrote.
            #expect(try await makeWormhole(directory).message(Counter.self, for: "counter") == Counter(count: 2))
        }
    }

    @Test("send reads standard input; non-JSON needs --raw and comes back as Base64")
    @available(OS2022, *)
    func inputAndRaw() async throws {
        try await withDirectory { directory in
            #expect(try await tool(directory, ["send", "a"], input: "[1, 2, 3]\n").lines == ["1"])
            #expect(try await tool(directory, ["send", "a", "-"], input: "{\"k\": true}").lines == ["2"])
            let rejected = try await tool(directory, ["send", "b", "not json"])
            #expect(rejected.status == 65)
            #expect(rejected.standardError.contains("not valid JSON"))
            #expect(try await tool(directory, ["send", "--raw", "b", "not json"]).status == 0)
            let line = try object(try #require(try await tool(directory, ["read", "b"]).lines.first))
            #expect(line["payloadBase64"] as? String == Data("not json".utf8).base64EncodedString())
            #expect(try await makeWormhole(directory).message(Data.self, for: "b") == Data("not json".utf8))
        }
    }

    @Test("exit codes: 1 nothing stored, 64 usage, 65 bad data, 69 unavailable directory")
    @available(OS2022, *)
    func exitCodes() async throws {
        try await withDirectory { directory in
            #expect(try await tool(directory, ["read", "missing"]).status == 1)
            #expect(try await run("wormhole", ["read", "x"]).status == 64)  // no directory
            #expect(try await tool(directory, ["send", "", "1"]).status == 64)
            #expect(try await tool(directory, ["clear"]).status == 64)
            let file = directory.appendingPathComponent("file")
            try Data().write(to: file)
            let unavailable = try await run(
                "wormhole", ["send", "-d", file.appendingPathComponent("x").path, "a", "1"])
            #expect(unavailable.status == 69)
            #expect(unavailable.standardError.contains("unavailable"))
            try Data("garbage".utf8).write(to: directory.appendingPathComponent("broken.message"))
            let corrupt = try await tool(directory, ["read", "broken"])
            #expect(corrupt.status == 65)
            #expect(try object(try #require(corrupt.lines.first))["event"] as? String == "error")
        }
    }

    @Test("the directory can come from WORMHOLE_DIRECTORY")
    @available(OS2022, *)
    func environmentDirectory() async throws {
        try await withDirectory { directory in
            let environment = ["WORMHOLE_DIRECTORY": directory.path]
            let sent = try await run("wormhole", ["send", "e", "7"], environment: environment)
            #expect(sent.lines == ["1"])
            let read = try await run("wormhole", ["read", "--payload", "e"], environment: environment)
            #expect(read.lines == ["7"])
        }
    }

    @Test("listen prints messages, signals, clears and errors as another process causes them, then exits at --count")
    @available(OS2022, *)
    func listen() async throws {
        try await withDirectory { directory in
            let listener = try ChildProcess(
                product: "wormhole",
                arguments: ["listen", "-d", directory.path, "--ready", "--count", "5", "counter", "other"]
            )
            func next() async throws -> [String: Any] {
                try object(try #require(try await listener.lines.first(1, within: .seconds(60)).first))
            }
            let ready = try await next()
            #expect(ready["event"] as? String == "ready")
            #expect(ready["identifiers"] as? [String] == ["counter", "other"])

            let sender = try makeWormhole(directory)
            try await sender.send(Counter(count: 1), to: "counter")
            let message = try await next()
            #expect(message["event"] as? String == "message")
            #expect(message["identifier"] as? String == "counter")
            #expect(message["sequence"] as? Int == 1)
            #expect(message["missed"] as? Int == 0)
            #expect((message["payload"] as? [String: Any])?["count"] as? Int == 1)

            try await sender.signal("counter")
            #expect(try await next()["event"] as? String == "signal")

            try Data("not a message".utf8).write(to: directory.appendingPathComponent("other.message"))
            try Data().write(to: directory.appendingPathComponent(".wormhole-notify/other"))
            let error = try await next()
            #expect(error["event"] as? String == "error")
            #expect(error["identifier"] as? String == "other")
            #expect((error["error"] as? String)?.contains("not a wormhole message") == true)

            try await sender.send(Counter(count: 2), to: "other")
            #expect((try await next()["payload"] as? [String: Any])?["count"] as? Int == 2)
            // The fifth delivery ends the listener.
            try await sender.clearMessage(for: "counter", notify: true)
            #expect(try await next()["event"] as? String == "cleared")
            #expect(try await listener.waitForExit(within: .seconds(60)) == 0)
        }
    }

    @Test("queues: send --queue appends, read --queue lists, listen --after replays then goes on live")
    @available(OS2022, *)
    func queues() async throws {
        try await withDirectory { directory in
            for count in 1...3 {
                #expect(
                    try await tool(directory, ["send", "--queue", "jobs", "{\"count\": \(count)}"]).lines == [
                        "\(count)"
                    ])
            }
            let read = try await tool(directory, ["read", "--queue", "jobs", "--after", "1"])
            #expect(try read.lines.map { try object($0)["sequence"] as? Int } == [2, 3])
            let listener = try ChildProcess(
                product: "wormhole",
                arguments: [
                    "listen", "-d", directory.path, "--queue", "--after", "0", "--count", "4", "--payload", "jobs",
                ]
            )
            #expect(
                try await listener.lines.first(3, within: .seconds(60)) == [
                    "{\"count\": 1}", "{\"count\": 2}", "{\"count\": 3}",
                ])
            #expect(try await tool(directory, ["send", "--queue", "jobs", "{\"count\": 4}"]).lines == ["4"])
            #expect(try await listener.lines.first(1, within: .seconds(60)) == ["{\"count\": 4}"])
            #expect(try await listener.waitForExit(within: .seconds(60)) == 0)
            #expect(try await tool(directory, ["clear", "--all"]).status == 0)
            #expect(try await tool(directory, ["read", "--queue", "jobs"]).status == 1)
        }
    }

    @Test("signal and clear --notify reach a Swift listener in this process")
    @available(OS2022, *)
    func signalAndClear() async throws {
        try await withDirectory { directory in
            let receiver = try makeWormhole(directory)
            let stream = try await receiver.messages(Counter.self, for: "c")
            #expect(try await tool(directory, ["send", "c", "{\"count\": 5}"]).status == 0)
            #expect(try await stream.first(1, within: .seconds(60)).first?.message == Counter(count: 5))
            #expect(try await tool(directory, ["signal", "c"]).status == 0)
            #expect(try await stream.first(1, within: .seconds(60)).first?.content == .signal)
            #expect(try await tool(directory, ["clear", "--notify", "c"]).status == 0)
            #expect(try await stream.first(1, within: .seconds(60)).first?.content == .cleared)
        }
    }
}
