import CourierTestSupport
import Foundation
import Testing
import Wormhole

@Suite("Sending and receiving")
struct SendReceiveTests {
    @Test(
        "a stream on one wormhole receives what another wormhole on the same directory sends",
        arguments: DirectoryStrategy.allCases
    )
    @available(OS2022, *)
    func twoWormholes(strategy: DirectoryStrategy) async throws {
        try await withDirectory { directory in
            let sender = try makeWormhole(directory, strategy: strategy.type)
            let receiver = try makeWormhole(directory, strategy: strategy.type)
            let stream = try await receiver.messages(Counter.self, for: "counter")
            #expect(try await sender.send(Counter(count: 1), to: "counter") == 1)
            let delivery = try #require(try await stream.first(1).first)
            #expect(delivery.message == Counter(count: 1))
            #expect(delivery.identifier == "counter")
            #expect(delivery.sequence == 1)
            #expect(delivery.missedCount == 0)
            #expect(delivery.error == nil)
            #expect(try delivery.get() == Counter(count: 1))
            let sentAt = try #require(delivery.sentAt)
            #expect(abs(sentAt.timeIntervalSinceNow) < 60)
            #expect(try await receiver.message(Counter.self, for: "counter") == Counter(count: 1))
        }
    }

    @Test("messages sent before the consumer reads coalesce into the newest, with the missed count")
    @available(OS2022, *)
    func coalescing() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory)
            let stream = try await wormhole.messages(Counter.self, for: "c")
            for count in 1...5 {
                try await wormhole.send(Counter(count: count), to: "c")
            }
            // Nothing is buffered: the first read sees the newest message and how many it replaced.
            let deliveries = try await stream.first(1)
            #expect(deliveries.first?.message == Counter(count: 5))
            #expect(deliveries.first?.sequence == 5)
            #expect(deliveries.first?.missedCount == 4)
            try await wormhole.send(Counter(count: 6), to: "c")
            let next = try await stream.first(1)
            #expect(next.first?.sequence == 6)
            #expect(next.first?.missedCount == 0)
        }
    }

    @Test("after: 0 delivers what is stored first; no argument delivers only what comes next")
    @available(OS2022, *)
    func startingPoint() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory)
            try await wormhole.send(Counter(count: 1), to: "c")
            let replay = try await wormhole.messages(Counter.self, for: "c", after: 0)
            let live = try await wormhole.messages(Counter.self, for: "c")
            #expect(try await replay.first(1).first?.message == Counter(count: 1))
            try await wormhole.send(Counter(count: 2), to: "c")
            #expect(try await live.first(1).first?.message == Counter(count: 2))
            let afterTwo = try await wormhole.messages(Counter.self, for: "c", after: 2)
            try await wormhole.send(Counter(count: 3), to: "c")
            #expect(try await afterTwo.first(1).first?.sequence == 3)
        }
    }

    @Test("signals arrive as signals and leave the stored message alone")
    @available(OS2022, *)
    func signals() async throws {
        try await withDirectory { directory in
            let sender = try makeWormhole(directory)
            let receiver = try makeWormhole(directory)
            try await sender.send(Counter(count: 1), to: "c")
            let stream = try await receiver.messages(Counter.self, for: "c")
            try await sender.signal("c")
            let delivery = try #require(try await stream.first(1).first)
            #expect(delivery.content == .signal)
            #expect(delivery.sequence == nil)
            #expect(delivery.message == nil)
            #expect(try delivery.get() == nil)
            #expect(try await receiver.message(Counter.self, for: "c") == Counter(count: 1))
        }
    }

    @Test("clearing with notify delivers a clear; without, listeners hear nothing")
    @available(OS2022, *)
    func clearing() async throws {
        try await withDirectory { directory in
            let sender = try makeWormhole(directory)
            let receiver = try makeWormhole(directory)
            let stream = try await receiver.messages(Counter.self, for: "c")
            try await sender.send(Counter(count: 1), to: "c")
            #expect(try await stream.first(1).first?.sequence == 1)
            try await sender.clearMessage(for: "c", notify: true)
            #expect(try await stream.first(1).first?.content == .cleared)
            #expect(try await receiver.message(Counter.self, for: "c") == nil)

            try await sender.send(Counter(count: 2), to: "c")
            #expect(try await stream.first(1).first?.message == Counter(count: 2))
            try await sender.clearMessage(for: "c")
            // Bounded negative check: without notify, nothing arrives within 200 ms.
            let silent = try? await stream.first(1, within: .milliseconds(200))
            #expect(silent == nil)
            #expect(try await receiver.message(Counter.self, for: "c") == nil)
        }
    }

    @Test("a payload of another type is a failure delivery and the stream goes on")
    @available(OS2022, *)
    func wrongType() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory)
            let stream = try await wormhole.messages(Counter.self, for: "c")
            try await wormhole.send(Unrelated(name: "x"), to: "c")
            let failure = try #require(try await stream.first(1).first)
            guard case .failure(let error) = failure.content, error.code == .decodingFailed else {
                Issue.record("expected a decoding failure, got \(failure.content)")
                return
            }
            #expect(error.context.identifier == "c")
            #expect(error.context.type == "Counter")
            #expect(error.context.sequence == 1)
            #expect(failure.sequence == 1)
            #expect(throws: WormholeError.self) { try failure.get() }
            try await wormhole.send(Counter(count: 2), to: "c")
            #expect(try await stream.first(1).first?.message == Counter(count: 2))
            try await wormhole.send(Unrelated(name: "y"), to: "c")
            await #expect(throws: WormholeError.self) { try await wormhole.message(Counter.self, for: "c") }
        }
    }

    #if os(Linux)
    @Test("a corrupt file is reported once on the stream, which goes on")
    @available(OS2022, *)
    func corruptFile() async throws {
        try await withDirectory { directory in
            let sender = try makeWormhole(directory)
            let receiver = try makeWormhole(directory)
            let stream = try await receiver.messages(Counter.self, for: "c")
            // A foreign file: JSON without the envelope.
            try Data("{\"count\": 1}".utf8).write(to: directory.appendingPathComponent("c.message"))
            try await sender.signal("c")  // a signal does not read the file
            #expect(try await stream.first(1).first?.content == .signal)
            try touchNotification(directory, "c")  // announced as a change, as another program would
            let failure = try #require(try await stream.first(1).first)
            guard case .failure(WormholeError.corruptMessage) = failure.content else {
                Issue.record("expected corruptMessage, got \(failure.content)")
                return
            }
            #expect(failure.error?.context.identifier == "c")
            try touchNotification(directory, "c")  // the same broken file again: not reported twice
            try await sender.send(Counter(count: 7), to: "c")
            let next = try #require(try await stream.first(1).first)
            #expect(next.message == Counter(count: 7))
        }
    }
    #endif

    @Test("an oversize message is refused and the previous one stays readable")
    @available(OS2022, *)
    func oversize() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory, maximumMessageSize: 64)
            try await wormhole.send(Counter(count: 1), to: "c")
            await #expect(throws: WormholeError.self) {
                try await wormhole.send(Counter(count: 2, note: String(repeating: "x", count: 100)), to: "c")
            }
            #expect(try await wormhole.message(Counter.self, for: "c") == Counter(count: 1))
        }
    }

    @Test("invalid identifiers and unencodable values are typed errors")
    @available(OS2022, *)
    func invalidInput() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory)
            await #expect(throws: WormholeError.self) { try await wormhole.send(Counter(count: 1), to: "") }
            await #expect(throws: WormholeError.self) { try await wormhole.signal("") }
            await #expect(throws: WormholeError.self) { try await wormhole.messages(Counter.self, for: "") }
            await #expect(throws: WormholeError.self) { try await wormhole.send(Double.nan, to: "n") }
            #expect(try await wormhole.message(Double.self, for: "n") == nil)
        }
    }

    @Test("property-list wormholes exchange messages too")
    @available(OS2022, *)
    func propertyList() async throws {
        try await withDirectory { directory in
            let sender = try makeWormhole(directory, serialization: .propertyList)
            let receiver = try makeWormhole(directory, serialization: .propertyList)
            let stream = try await receiver.messages(Counter.self, for: "c")
            try await sender.send(Counter(count: 9, note: "plist"), to: "c")
            #expect(try await stream.first(1).first?.message == Counter(count: 9, note: "plist"))
        }
    }

    @Test("raw Data is stored and received byte for byte")
    @available(OS2022, *)
    func rawBytes() async throws {
        try await withDirectory { directory in
            let wormhole = try makeWormhole(directory)
            let stream = try await wormhole.messages(Data.self, for: "raw")
            let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0) })
            try await wormhole.send(bytes, to: "raw")
            let received = try #require(try await stream.first(1).first?.message)
            #expect(received == bytes)
            #expect(received.startIndex == 0)
            let file = try Data(contentsOf: directory.appendingPathComponent("raw.message"))
            #expect(file.dropFirst(MessageEnvelope.headerLength) == bytes)
        }
    }

    @Test("in-memory wormholes exchange messages without files")
    @available(OS2022, *)
    func inMemory() async throws {
        let configuration = Configuration.inMemory()
        let sender = try Wormhole(configuration: configuration)
        let receiver = try Wormhole(configuration: configuration)
        #expect(sender.directory == nil)
        let stream = try await receiver.messages(Counter.self, for: "c")
        try await sender.send(Counter(count: 3), to: "c")
        try await sender.signal("c")
        let deliveries = try await stream.first(2)
        #expect(deliveries.map(\.content) == [.message(Counter(count: 3)), .signal])
    }
}

/// Announces a change of `identifier` the way another program would: by touching its notification file.
@available(OS2022, *)
func touchNotification(_ directory: URL, _ identifier: String) throws {
    let path = directory.appendingPathComponent(".wormhole-notify/\(identifier)")
    try Data().write(to: path)
}
