import Foundation
import Testing
import Wormhole

/// Every strategy keeps the same promises; each test runs against each strategy.
@Suite("Transiting strategies: shared contract")
struct TransitingContractTests {
    @available(OS2022, *)
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case file
        case coordinatedFile
        case inMemory

        var testDescription: String { rawValue }

        func make(_ directory: URL, maximumMessageSize: Int = 16 << 20) throws -> any TransitingStrategy {
            switch self {
            case .file: return try FileTransiting(directory: directory, maximumMessageSize: maximumMessageSize)
            case .coordinatedFile:
                return try CoordinatedFileTransiting(directory: directory, maximumMessageSize: maximumMessageSize)
            case .inMemory: return InMemoryTransiting(maximumMessageSize: maximumMessageSize)
            }
        }
    }

    @Test("write, read, and sequence numbers that count up by one", arguments: Kind.allCases)
    @available(OS2022, *)
    func writeRead(kind: Kind) async throws {
        try await withDirectory { directory in
            let store = try kind.make(directory)
            #expect(try store.read(for: "a") == nil)
            let first = try store.write(Data("one".utf8), for: "a")
            let second = try store.write(Data("two".utf8), for: "a")
            #expect(first.sequence == 1)
            #expect(second.sequence == 2)
            #expect(first.messageID != second.messageID)
            let read = try #require(try store.read(for: "a"))
            #expect(read == second)
            #expect(read.payload == Data("two".utf8))
            #expect(try store.read(for: "b") == nil)
        }
    }

    @Test("delete removes one identifier, deleteAll removes all", arguments: Kind.allCases)
    @available(OS2022, *)
    func deletion(kind: Kind) async throws {
        try await withDirectory { directory in
            let store = try kind.make(directory)
            _ = try store.write(Data("1".utf8), for: "a")
            _ = try store.write(Data("2".utf8), for: "b")
            _ = try store.append(Data("3".utf8), for: "q", capacity: 10)
            try store.delete(for: "a")
            try store.delete(for: "never-written")
            #expect(try store.read(for: "a") == nil)
            #expect(try store.read(for: "b") != nil)
            try store.deleteAll()
            #expect(try store.read(for: "b") == nil)
            #expect(try store.readQueue(for: "q", after: 0, limit: 10).entries.isEmpty)
        }
    }

    @Test("oversize payloads are refused and the previous message stays", arguments: Kind.allCases)
    @available(OS2022, *)
    func sizeLimit(kind: Kind) async throws {
        try await withDirectory { directory in
            let store = try kind.make(directory, maximumMessageSize: 100)
            _ = try store.write(Data(repeating: 1, count: 100), for: "a")
            #expect(throws: WormholeError.messageTooLarge("a", size: 101, limit: 100)) {
                try store.write(Data(repeating: 2, count: 101), for: "a")
            }
            #expect(throws: WormholeError.messageTooLarge("q", size: 101, limit: 100)) {
                try store.append(Data(repeating: 2, count: 101), for: "q", capacity: 4)
            }
            #expect(try store.read(for: "a")?.payload == Data(repeating: 1, count: 100))
        }
    }

    @Test("invalid identifiers are typed errors", arguments: Kind.allCases)
    @available(OS2022, *)
    func invalidIdentifier(kind: Kind) async throws {
        try await withDirectory { directory in
            let store = try kind.make(directory)
            #expect(throws: WormholeError.self) { try store.write(Data(), for: "") }
            #expect(throws: WormholeError.self) { try store.read(for: "") }
            #expect(throws: WormholeError.self) { try store.append(Data(), for: "", capacity: 1) }
        }
    }

    @Test("a queue keeps every message in order, within its capacity", arguments: Kind.allCases)
    @available(OS2022, *)
    func queueOrderAndCapacity(kind: Kind) async throws {
        try await withDirectory { directory in
            let store = try kind.make(directory)
            for index in 1...10 {
                let stored = try store.append(Data("\(index)".utf8), for: "q", capacity: 4)
                #expect(stored.sequence == UInt64(index))
            }
            let all = try store.readQueue(for: "q", after: 0, limit: 100)
            #expect(all.entries.map(\.sequence) == [7, 8, 9, 10])
            #expect(
                try all.entries.map { String(decoding: try $0.message.get().payload, as: UTF8.self) }
                    == ["7", "8", "9", "10"])
            let tail = try store.readQueue(for: "q", after: 8, limit: 1)
            #expect(tail.entries.map(\.sequence) == [9])
            let caughtUp = try store.readQueue(for: "q", after: 10, limit: 5)
            #expect(caughtUp.entries.isEmpty)
            #expect(caughtUp.highestSequence == 10)
            #expect(try store.readQueue(for: "q", after: .max, limit: 0).highestSequence == 10)
            #expect(try store.readQueue(for: "empty", after: 0, limit: 5).highestSequence == nil)
        }
    }

    @Test("numbering continues after a queue is cleared", arguments: Kind.allCases)
    @available(OS2022, *)
    func queueClear(kind: Kind) async throws {
        try await withDirectory { directory in
            let store = try kind.make(directory)
            for _ in 1...3 { _ = try store.append(Data("x".utf8), for: "q", capacity: 10) }
            try store.delete(for: "q")
            let cleared = try store.readQueue(for: "q", after: 3, limit: 5)
            #expect(cleared.entries.isEmpty)
            #expect(cleared.highestSequence == nil)
            #expect(try store.readQueue(for: "q", after: .max, limit: 0).highestSequence == 3)
            #expect(try store.append(Data("y".utf8), for: "q", capacity: 10).sequence == 4)
        }
    }

    @Test("appends racing from many tasks are all kept, numbered without gaps or duplicates", arguments: Kind.allCases)
    @available(OS2022, *)
    func racingAppends(kind: Kind) async throws {
        try await withDirectory { directory in
            // Separate strategy instances, as separate processes would have.
            let stores = try (0..<4).map { _ in try kind.make(directory) }
            let shared = kind == .inMemory ? stores[0] : nil
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (writer, store) in stores.enumerated() {
                    let target = shared ?? store
                    group.addTask {
                        for index in 0..<50 {
                            _ = try target.append(Data("\(writer)-\(index)".utf8), for: "race", capacity: 1000)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let slice = try stores[0].readQueue(for: "race", after: 0, limit: 1000)
            #expect(slice.entries.map(\.sequence) == Array(1...200))
            let payloads = Set(try slice.entries.map { String(decoding: try $0.message.get().payload, as: UTF8.self) })
            #expect(payloads.count == 200)
        }
    }

    @Test("latest-value writes racing from many tasks never produce a partial read", arguments: Kind.allCases)
    @available(OS2022, *)
    func racingWrites(kind: Kind) async throws {
        try await withDirectory { directory in
            let stores = try (0..<3).map { _ in try kind.make(directory) }
            let shared = kind == .inMemory ? stores[0] : nil
            let reader = try shared ?? kind.make(directory)
            try await withThrowingTaskGroup(of: Int.self) { group in
                for (writer, store) in stores.enumerated() {
                    let target = shared ?? store
                    group.addTask {
                        for index in 0..<100 {
                            let body = Data(repeating: UInt8(65 + writer), count: 4096 + index)
                            _ = try target.write(body, for: "race")
                        }
                        return 0
                    }
                }
                group.addTask {
                    var reads = 0
                    for _ in 0..<300 {
                        guard let message = try reader.read(for: "race") else { continue }
                        // Every byte comes from the same writer: no mix of two messages.
                        #expect(Set(message.payload).count == 1)
                        reads += 1
                    }
                    return reads
                }
                try await group.waitForAll()
            }
            #expect(try reader.read(for: "race") != nil)
        }
    }
}
