import CourierTestSupport
import Foundation
import Testing
import Wormhole

#if canImport(Glibc)
import Glibc
#endif

@Suite("Killed writers and damaged files")
struct CrashAndDamageTests {
    @Test("a writer killed with SIGKILL mid-write leaves the previous message readable", arguments: Strategy.allCases)
    @available(OS2022, *)
    func killedMidWrite(strategy: Strategy) async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory, strategy)
            try await wormhole.send(Stamp(writer: 1, index: 0, size: 1000), to: "state")
            let stream = try await wormhole.messages(Stamp.self, for: "state")
            let writer = try helper(["hang-mid-write", directory.path, "state", "65536", strategy.rawValue])
            let announcement = try #require(try await writer.lines.first(1, within: .seconds(60)).first)
            let temporary = try #require(announcement.split(separator: " ").last.map(String.init))
            // Half the new message is on disk, in the writer's private temporary file.
            let partial = try #require(FileManager.default.attributesOfItem(atPath: temporary)[.size] as? Int)
            #expect(partial > 0 && partial < 65_536)
            writer.signal(SIGKILL)
            #expect(try await writer.waitForExit() == SIGKILL)

            #expect(try await wormhole.message(Stamp.self, for: "state") == Stamp(writer: 1, index: 0, size: 1000))
            // The next write works and is numbered after the intact message.
            #expect(try await wormhole.send(Stamp(writer: 2, index: 0, size: 10), to: "state") == 2)
            let delivery = try #require(try await stream.first(1, within: .seconds(60)).first)
            #expect(delivery.message == Stamp(writer: 2, index: 0, size: 10))
            #expect(delivery.missedCount == 0)
        }
    }

    @Test("a writer killed mid-append leaves the queue intact and numbering continues", arguments: Strategy.allCases)
    @available(OS2022, *)
    func killedMidAppend(strategy: Strategy) async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory, strategy, queues: ["jobs": 100])
            for index in 0..<3 { try await wormhole.send(Stamp(writer: 1, index: index, size: 100), to: "jobs") }
            let writer = try helper(["hang-mid-write", directory.path, "jobs", "65536", strategy.rawValue, "100"])
            _ = try await writer.lines.first(1, within: .seconds(60))
            writer.signal(SIGKILL)
            #expect(try await writer.waitForExit() == SIGKILL)
            try await wormhole.send(Stamp(writer: 2, index: 0, size: 100), to: "jobs")
            let stored = try await wormhole.storedMessages(Stamp.self, for: "jobs")
            #expect(stored.map(\.sequence) == [1, 2, 3, 4])
            #expect(stored.allSatisfy { $0.message?.isIntact == true })
        }
    }

    @Test(
        "corrupt, truncated and foreign files written by another process are typed errors on the stream, which goes on")
    @available(OS2022, *)
    func damagedByAnotherProcess() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory)
            let stream = try await wormhole.messages(Counter.self, for: "c")
            let file = directory.appendingPathComponent("c.message").path
            let notify = directory.appendingPathComponent(".wormhole-notify/c").path
            let valid = MessageEnvelope.encode(StoredMessage(sequence: 9, payload: Data("{\"count\":9}".utf8)))
            let validPath = directory.appendingPathComponent("valid").path
            try valid.write(to: URL(fileURLWithPath: validPath))
            let damage = [
                "printf 'written by another tool' > '\(file)'",  // foreign
                "head -c 85 '\(validPath)' > '\(file)'",  // truncated payload
                "head -c 30 '\(validPath)' > '\(file)'",  // truncated header
                "head -c 200 /dev/urandom > '\(file)'",  // corrupt
            ]
            for command in damage {
                let shell = try ChildProcess(command: "sh", arguments: ["-c", "\(command) && touch '\(notify)'"])
                #expect(try await shell.waitForExit() == 0)
                let delivery = try #require(try await stream.first(1, within: .seconds(60)).first)
                guard case .failure(WormholeError.corruptMessage) = delivery.content else {
                    Issue.record("\(command): expected corruptMessage, got \(delivery.content)")
                    continue
                }
                #expect(delivery.error?.context.identifier == "c")
            }
            // A well-formed message of the wrong type is a decoding failure…
            #expect(try await tool(directory, ["send", "c", "{\"name\": \"x\"}"]).status == 0)
            let wrongType = try #require(try await stream.first(1, within: .seconds(60)).first)
            guard case .failure(WormholeError.decodingFailed) = wrongType.content else {
                Issue.record("expected decodingFailed, got \(wrongType.content)")
                return
            }
            // …and the stream still delivers the next good message.
            #expect(try await tool(directory, ["send", "c", "{\"count\": 3}"]).status == 0)
            #expect(try await stream.first(1, within: .seconds(60)).first?.message == Counter(count: 3))
        }
    }
}
