import CourierTestSupport
import Foundation
import Testing
import Wormhole

@Suite("Queue mode")
struct QueueModeTests {
    @Test("every message arrives in order, however fast they are sent", arguments: DirectoryStrategy.allCases)
    @available(OS2022, *)
    func everyMessage(strategy: DirectoryStrategy) async throws {
        try await withDirectory { directory in
            let sender = try makeWormhole(directory, strategy: strategy.type, queues: ["jobs": 1000])
            let receiver = try makeWormhole(directory, strategy: strategy.type, queues: ["jobs": 1000])
            let stream = try await receiver.messages(Counter.self, for: "jobs")
            for count in 1...200 {
                try await sender.send(Counter(count: count), to: "jobs")
            }
            let deliveries = try await stream.first(200, within: .seconds(30))
            #expect(deliveries.compactMap(\.message?.count) == Array(1...200))
            #expect(deliveries.map(\.sequence) == (1...200).map { Optional(UInt64($0)) })
            #expect(deliveries.allSatisfy { $0.missedCount == 0 })
        }
    }

    @Test("three wormholes racing on one queue lose nothing", arguments: DirectoryStrategy.allCases)
    @available(OS2022, *)
    func racingSenders(strategy: DirectoryStrategy) async throws {
        try await withDirectory { directory in
            let receiver = try makeWormhole(directory, strategy: strategy.type, queues: ["jobs": 1000])
            let stream = try await receiver.messages(Counter.self, for: "jobs")
            let senders = try (0..<3).map { _ in
                try makeWormhole(directory, strategy: strategy.type, queues: ["jobs": 1000])
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (writer, sender) in senders.enumerated() {
                    group.addTask {
                        for index in 0..<100 {
                            try await sender.send(Counter(count: writer * 1000 + index), to: "jobs")
                        }
                    }
                }
                try await group.waitForAll()
            }
            let deliveries = try await stream.first(300, within: .seconds(30))
            #expect(Set(deliveries.compactMap(\.message?.count)).count == 300)
            #expect(deliveries.map(\.sequence) == (1...300).map { Optional(UInt64($0)) })
        }
    }

    @Test("a consumer resumes after the last sequence it handled and loses nothing in between")
    @available(OS2022, *)
    func resume() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory, queues: ["jobs": 100])
            for count in 1...5 { try await wormhole.send(Counter(count: count), to: "jobs") }
            let firstRun = try await wormhole.messages(Counter.self, for: "jobs", after: 0)
            let handled = try await firstRun.first(2)
            let last = try #require(handled.last?.sequence)
            #expect(last == 2)
            for count in 6...7 { try await wormhole.send(Counter(count: count), to: "jobs") }
            // A later run (after a restart, say) picks up exactly where the first stopped.
            let secondRun = try await wormhole.messages(Counter.self, for: "jobs", after: last)
            #expect(try await secondRun.first(5).compactMap(\.message?.count) == [3, 4, 5, 6, 7])
            let stored = try await wormhole.storedMessages(Counter.self, for: "jobs", after: 5)
            #expect(stored.compactMap(\.message?.count) == [6, 7])
            #expect(try await wormhole.message(Counter.self, for: "jobs") == Counter(count: 7))
        }
    }

    @Test("a consumer that falls behind the capacity learns how many messages it missed")
    @available(OS2022, *)
    func overCapacity() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory, queues: ["jobs": 3])
            let stream = try await wormhole.messages(Counter.self, for: "jobs")
            for count in 1...10 { try await wormhole.send(Counter(count: count), to: "jobs") }
            let deliveries = try await stream.first(3)
            #expect(deliveries.compactMap(\.message?.count) == [8, 9, 10])
            #expect(deliveries.map(\.missedCount) == [7, 0, 0])
        }
    }

    @Test("clearing a queue with notify delivers a clear, and numbering continues")
    @available(OS2022, *)
    func clear() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory, queues: ["jobs": 10])
            let stream = try await wormhole.messages(Counter.self, for: "jobs")
            try await wormhole.send(Counter(count: 1), to: "jobs")
            #expect(try await stream.first(1).first?.sequence == 1)
            try await wormhole.clearMessage(for: "jobs", notify: true)
            #expect(try await stream.first(1).first?.content == .cleared)
            #expect(try await wormhole.message(Counter.self, for: "jobs") == nil)
            #expect(try await wormhole.send(Counter(count: 2), to: "jobs") == 2)
            let next = try #require(try await stream.first(1).first)
            #expect(next.message == Counter(count: 2))
            #expect(next.missedCount == 0)
            try await wormhole.clearAllMessages()
            #expect(try await wormhole.storedMessages(Counter.self, for: "jobs").isEmpty)
        }
    }

    @Test("queue mode on user defaults is refused with a typed error")
    @available(OS2022, *)
    func userDefaultsQueue() async throws {
        let suite = "courier.wormhole.tests.\(UUID().uuidString.prefix(8))"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        var configuration = Configuration(
            location: .inProcess,
            transitingStrategy: .custom(try UserDefaultsTransiting(suiteName: suite)),
            notifications: .custom(InMemoryNotifier())
        )
        configuration.deliveryModes["jobs"] = .queue()
        let wormhole = try Wormhole(configuration: configuration)
        await #expect(throws: WormholeError.self) { try await wormhole.send(Counter(count: 1), to: "jobs") }
        try await wormhole.send(Counter(count: 1), to: "latest")
        #expect(try await wormhole.message(Counter.self, for: "latest") == Counter(count: 1))
        #if os(Linux)
        let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] ?? "\(NSHomeDirectory())/.config"
        try? FileManager.default.removeItem(atPath: "\(config)/\(suite).plist")
        try? FileManager.default.removeItem(atPath: "\(config)/\(suite).wormhole-lock")
        #endif
    }
}
