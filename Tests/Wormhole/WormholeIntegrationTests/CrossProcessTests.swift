import CourierTestSupport
import Foundation
import Testing
import Wormhole

@Suite("Across processes")
struct CrossProcessTests {
    @Test(
        "a process wakes through inotify when another writes, and accounts for every message",
        arguments: Strategy.allCases
    )
    @available(OS2022, *)
    func wakesAndAccounts(strategy: Strategy) async throws {
        try await withDirectory { directory in
            let receiver = try makeWormhole(directory, strategy)
            let stream = try await receiver.messages(Stamp.self, for: "stamps")
            let writer = try helper(["write", directory.path, "stamps", "1", "300", "64", strategy.rawValue])
            // Deliveries plus the messages each one says were replaced add up to exactly what was sent.
            let accounted = try await withTimeout(.seconds(120)) {
                var total: UInt64 = 0
                for await delivery in stream {
                    let stamp = try #require(delivery.message, "\(delivery)")
                    #expect(stamp.isIntact)
                    total += 1 + delivery.missedCount
                    if delivery.sequence == 300 { break }
                }
                return total
            }
            #expect(accounted == 300)
            #expect(try await writer.waitForExit() == 0)
        }
    }

    @Test(
        "writers racing on one identifier from several processes: every read is a complete message",
        arguments: Strategy.allCases
    )
    @available(OS2022, *)
    func racingWriters(strategy: Strategy) async throws {
        try await withDirectory { directory in
            let writers = 4
            let count = 150
            let receiver = try makeWormhole(directory, strategy)
            let stream = try await receiver.messages(Stamp.self, for: "race")
            let processes = try (0..<writers).map { writer in
                try helper(["write", directory.path, "race", "\(writer)", "\(count)", "2048", strategy.rawValue])
            }
            let readers = try (0..<2).map { _ in
                try helper(["read", directory.path, "race", "1500", strategy.rawValue])
            }
            // The live listener checks every delivery while the writers race.
            let listening = Task {
                var deliveries = 0
                var highest: UInt64 = 0
                for await delivery in stream {
                    guard let stamp = delivery.message, stamp.isIntact else {
                        Issue.record("torn or failed delivery: \(delivery)")
                        return (deliveries, highest)
                    }
                    deliveries += 1
                    highest = max(highest, delivery.sequence ?? 0)
                    if highest == UInt64(writers * count) { break }
                }
                return (deliveries, highest)
            }
            for process in processes { #expect(try await process.waitForExit(within: .seconds(180)) == 0) }
            for reader in readers {
                let report = try #require(try await reader.lines.first(1, within: .seconds(180)).first)
                #expect(report.contains("torn=0"), "\(report)")
                #expect(try await reader.waitForExit() == 0)
            }
            let final = try #require(try await receiver.message(Stamp.self, for: "race"))
            #expect(final.isIntact)
            #expect(final.index == count - 1)  // the last message of whichever writer finished last
            let stored = try #require(try await receiver.storedMessages(Stamp.self, for: "race").first?.sequence)
            if strategy == .coordinated {
                // Writers took turns: the sequence number counts every message exactly.
                #expect(stored == UInt64(writers * count))
                let (deliveries, highest) = try await withTimeout(.seconds(60)) { await listening.value }
                #expect(deliveries > 0)
                #expect(highest == UInt64(writers * count))
            } else {
                // Without coordination two writers may store the same number; none is ever torn.
                #expect(stored >= UInt64(count) && stored <= UInt64(writers * count))
                listening.cancel()
                let (deliveries, _) = await listening.value
                #expect(deliveries > 0)
            }
        }
    }

    @Test("queue mode: writers racing from several processes lose no message", arguments: Strategy.allCases)
    @available(OS2022, *)
    func racingQueue(strategy: Strategy) async throws {
        try await withDirectory { directory in
            let writers = 4
            let count = 100
            let receiver = try makeWormhole(directory, strategy, queues: ["jobs": 10_000])
            let stream = try await receiver.messages(Stamp.self, for: "jobs", after: 0)
            let processes = try (0..<writers).map { writer in
                try helper([
                    "write", directory.path, "jobs", "\(writer)", "\(count)", "256", strategy.rawValue, "10000",
                ])
            }
            let deliveries = try await stream.first(writers * count, within: .seconds(180))
            for process in processes { #expect(try await process.waitForExit(within: .seconds(60)) == 0) }
            let stamps = deliveries.compactMap(\.message)
            #expect(stamps.count == writers * count)
            #expect(stamps.allSatisfy { $0.isIntact })
            #expect(Set(stamps).count == writers * count)
            #expect(deliveries.map(\.sequence) == (1...(writers * count)).map { Optional(UInt64($0)) })
            #expect(deliveries.allSatisfy { $0.missedCount == 0 })
            // Each writer's messages arrive in the order it sent them.
            for writer in 0..<writers {
                let indices = stamps.filter { $0.writer == writer }.map(\.index)
                #expect(indices == Array(0..<count))
            }
        }
    }

    @Test("user defaults on Linux are shared between processes: concurrent writers lose no update")
    @available(OS2022, *)
    func userDefaultsAcrossProcesses() async throws {
        #if os(Linux)
        let suite = "courier.wormhole.it.\(UUID().uuidString.prefix(8))"
        let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] ?? "\(NSHomeDirectory())/.config"
        defer {
            try? FileManager.default.removeItem(atPath: "\(config)/\(suite).plist")
            try? FileManager.default.removeItem(atPath: "\(config)/\(suite).wormhole-lock")
        }
        let writers = try ["a", "b", "c"].enumerated().map { writer, identifier in
            try helper(["defaults-write", suite, identifier, "\(writer)", "60"])
        }
        for writer in writers { #expect(try await writer.waitForExit(within: .seconds(120)) == 0) }
        let store = try UserDefaultsTransiting(suiteName: suite)
        for (writer, identifier) in ["a", "b", "c"].enumerated() {
            let stored = try #require(try store.read(for: MessageIdentifier(identifier)))
            #expect(stored.sequence == 60)
            let stamp = try JSONDecoder().decode(Stamp.self, from: stored.payload)
            #expect(stamp == Stamp(writer: writer, index: 59, size: 16))
        }
        #endif
    }
}
