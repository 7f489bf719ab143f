import Foundation
import Testing
import Wormhole

@Suite("File strategies: power-loss durability")
struct DurabilityTests {
    @Test(
        "with power-loss durability every write, append and clear is flushed and reads back the same",
        arguments: [false, true])
    @available(OS2022, *)
    func flushedWrites(coordinated: Bool) async throws {
        try await withDirectory { directory in
            let store: any TransitingStrategy =
                coordinated
                ? try CoordinatedFileTransiting(directory: directory, durability: .powerLoss)
                : try FileTransiting(directory: directory, durability: .powerLoss)
            #expect(try store.write(Data("1".utf8), for: "a").sequence == 1)
            #expect(try store.write(Data("2".utf8), for: "a").sequence == 2)
            #expect(try store.read(for: "a")?.payload == Data("2".utf8))
            for index in 1...3 { _ = try store.append(Data("\(index)".utf8), for: "q", capacity: 2) }
            #expect(try store.readQueue(for: "q", after: 0, limit: 10).entries.map(\.sequence) == [2, 3])
            try store.delete(for: "q")
            #expect(try store.append(Data("4".utf8), for: "q", capacity: 2).sequence == 4)
            // Nothing is left aside: every temporary file was renamed or linked into place, then removed.
            #expect(try contents(of: directory).allSatisfy { !$0.hasSuffix(".tmp") })
        }
    }

    @Test("racing durable appenders each claim their own numbers, none lost")
    @available(OS2022, *)
    func racingAppends() async throws {
        try await withDirectory { directory in
            let writers = try (0..<2).map { _ in try FileTransiting(directory: directory, durability: .powerLoss) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, writer) in writers.enumerated() {
                    group.addTask {
                        for count in 0..<20 {
                            _ = try writer.append(Data("\(index)-\(count)".utf8), for: "q", capacity: 100)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let slice = try writers[0].readQueue(for: "q", after: 0, limit: 100)
            #expect(slice.entries.map(\.sequence) == Array(1...40))
            #expect(Set(slice.entries.compactMap { try? $0.message.get().payload }).count == 40)
        }
    }

    @Test("the configuration's durability reaches the built-in file strategies")
    @available(OS2022, *)
    func configured() async throws {
        try await withDirectory { directory in
            var configuration = Configuration(directory: directory, transitingStrategy: .coordinatedFile)
            configuration.durability = .powerLoss
            let wormhole = try Wormhole(configuration: configuration)
            #expect(try await wormhole.send(Counter(count: 5), to: "c") == 1)
            #expect(try await wormhole.message(Counter.self, for: "c") == Counter(count: 5))
        }
    }
}
