import CourierTestSupport
import Foundation
import Testing
import Wormhole

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// FIFOs and symbolic links planted in a wormhole's directory, and numbering at `UInt64.max`, on a real file system.
@Suite("Special files and sequence limits")
struct SpecialFileTests {
    @Test(
        "a listener reports a FIFO queue entry as a failure and goes on to the next entries",
        arguments: DirectoryStrategy.allCases)
    @available(OS2022, *)
    func queueListenerSkipsFIFO(strategy: DirectoryStrategy) async throws {
        try await withDirectory { (directory: URL) async throws in
            let wormhole = try makeWormhole(directory, strategy: strategy.type, queues: ["jobs": 16])
            let stream = try await wormhole.messages(Counter.self, for: "jobs", after: 0)
            #expect(try await wormhole.send(Counter(count: 1), to: "jobs") == 1)
            #expect(
                mkfifo(directory.appendingPathComponent("jobs.queue/00000000000000000002.message").path, 0o600) == 0)
            #expect(try await wormhole.send(Counter(count: 3), to: "jobs") == 3)
            let deliveries = try await withTimeout(.seconds(30)) { try await stream.first(3, within: .seconds(30)) }
            #expect(deliveries.map(\.sequence) == [1, 2, 3])
            #expect(deliveries[0].message == Counter(count: 1))
            #expect(deliveries[1].error?.description.contains("is a FIFO, not a regular file") == true)
            #expect(deliveries[2].message == Counter(count: 3))
        }
    }

    @Test("a latest-value FIFO or symbolic link is a failure on the stream, and the next message arrives")
    @available(OS2022, *)
    func latestSpecialFiles() async throws {
        try await withDirectory { (directory: URL) async throws in
            let wormhole = try makeWormhole(directory)
            let stream = try await wormhole.messages(Counter.self, for: "box")
            let path = directory.appendingPathComponent("box.message").path
            let target = directory.appendingPathComponent("target.message")
            try MessageEnvelope.encode(StoredMessage(sequence: 9, payload: Data("{\"count\":9}".utf8))).write(
                to: target)
            #expect(symlink(target.path, path) == 0)
            try Data().write(to: directory.appendingPathComponent(".wormhole-notify/box"))
            let failure = try #require(try await stream.first(1, within: .seconds(30)).first)
            #expect(failure.error?.description.contains("a symbolic link, not a regular file") == true)
            #expect(unlink(path) == 0)
            #expect(mkfifo(path, 0o600) == 0)
            // The FIFO neither blocks the writer (which replaces it) nor the reader.
            let sequence = try await withTimeout(.seconds(30)) { try await wormhole.send(Counter(count: 4), to: "box") }
            #expect(sequence == 1)
            let next = try #require(try await stream.first(1, within: .seconds(30)).first)
            #expect(next.message == Counter(count: 4))
            #expect(try await wormhole.message(Counter.self, for: "box") == Counter(count: 4))
        }
    }

    @Test(
        "latest-value numbering restarts at 1 after UInt64.max, and listeners get the message",
        arguments: DirectoryStrategy.allCases)
    @available(OS2022, *)
    func latestWraps(strategy: DirectoryStrategy) async throws {
        try await withDirectory { (directory: URL) async throws in
            let last = StoredMessage(sequence: .max, payload: Data("{\"count\":0}".utf8))
            try MessageEnvelope.encode(last).write(to: directory.appendingPathComponent("box.message"))
            let wormhole = try makeWormhole(directory, strategy: strategy.type)
            let stream = try await wormhole.messages(Counter.self, for: "box")
            #expect(try await wormhole.send(Counter(count: 1), to: "box") == 1)
            let delivery = try #require(try await stream.first(1, within: .seconds(30)).first)
            #expect(delivery.sequence == 1)
            #expect(delivery.missedCount == 0)
            #expect(delivery.message == Counter(count: 1))
            #expect(try await wormhole.send(Counter(count: 2), to: "box") == 2)
        }
    }

    @Test(
        "a queue at UInt64.max throws sequenceExhausted; clearing restarts it at 1",
        arguments: DirectoryStrategy.allCases)
    @available(OS2022, *)
    func queueExhausted(strategy: DirectoryStrategy) async throws {
        try await withDirectory { (directory: URL) async throws in
            let queue = directory.appendingPathComponent("jobs.queue")
            try FileManager.default.createDirectory(at: queue, withIntermediateDirectories: false)
            let last = StoredMessage(sequence: .max, payload: Data("{\"count\":0}".utf8))
            try MessageEnvelope.encode(last).write(to: queue.appendingPathComponent("18446744073709551615.message"))
            let wormhole = try makeWormhole(directory, strategy: strategy.type, queues: ["jobs": 4])
            await #expect(throws: WormholeError.sequenceExhausted("jobs")) {
                try await wormhole.send(Counter(count: 2), to: "jobs")
            }
            // Nothing follows the last number, and reading up to it does not wrap around.
            let entries = try await wormhole.storedMessages(Counter.self, for: "jobs", after: .max - 1)
            #expect(entries.map(\.sequence) == [.max])
            try await wormhole.clearMessage(for: "jobs")
            #expect(try await wormhole.send(Counter(count: 3), to: "jobs") == 1)
            #expect(
                try await wormhole.storedMessages(Counter.self, for: "jobs").compactMap(\.message) == [
                    Counter(count: 3)
                ])
        }
    }

    @Test("a symbolic link in place of the notification directory is refused, not followed")
    @available(OS2022, *)
    func notificationDirectoryLink() async throws {
        try await withDirectory { (directory: URL) async throws in
            let elsewhere = directory.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
            #expect(symlink(elsewhere.path, directory.appendingPathComponent(".wormhole-notify").path) == 0)
            #expect(throws: WormholeError.self) { try makeWormhole(directory) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        }
    }
}
