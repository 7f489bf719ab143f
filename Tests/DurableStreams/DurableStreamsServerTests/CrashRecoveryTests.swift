import CourierPrimitives
import CourierTestSupport
import ExactHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Kills `durable-streams serve` with SIGKILL while appends are in flight, restarts it on the same data
/// directory, and checks that every acknowledged append is there exactly once and nothing half-written is.
@Suite("Crash recovery")
struct CrashRecoveryTests {
    @Test("SIGKILL mid-append: every acknowledged append survives exactly once, nothing torn is visible")
    @available(OS2023, *)
    func killMidAppend() async throws {
        try await withTemporaryDirectory(prefix: "ds-crash") { directory in
            try await Self.killMidAppend { try await ServerProcess.start(dataDirectory: directory) }
        }
    }

    /// Appends through six writers and a producer to a server from `start`, kills it with SIGKILL, starts
    /// another on the same store, and checks what it holds: every acknowledged append once, whole, in order.
    @available(OS2023, *)
    static func killMidAppend(start: () async throws -> ServerProcess) async throws {
        let client = ExactHTTPClient()
        defer { Task { await client.shutdown() } }
        let first = try await start()
        let path = "/crash/\(UUID().uuidString.lowercased())"
        #expect(
            try await client.request(.PUT, first.base + path, headers: [("Content-Type", "text/plain")]).status
                == 201
        )

        let acknowledged = Locked([String]())
        let producerAcknowledged = Locked(UInt64?.none)
        let progress = Broadcast<Int>(replayLatest: true)
        let writers = Task {
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<6 {
                    group.addTask {
                        for index in 0..<100_000 {
                            let token =
                                "w\(writer)-\(index)" + (writer == 0 ? String(repeating: ".", count: 50_000) : "")
                                + ";"
                            guard
                                let response = try? await client.request(
                                    .POST, first.base + path, headers: [("Content-Type", "text/plain")],
                                    body: Array(token.utf8))
                            else { return }
                            guard response.status == 204 else { return }
                            let count = acknowledged.withLock { list -> Int in
                                list.append(token)
                                return list.count
                            }
                            progress.send(count)
                        }
                    }
                }
                group.addTask {
                    for sequence in 0..<UInt64(100_000) {
                        let headers = [
                            ("Content-Type", "text/plain"), ("Producer-Id", "crash-producer"),
                            ("Producer-Epoch", "0"), ("Producer-Seq", "\(sequence)"),
                        ]
                        guard
                            let response = try? await client.request(
                                .POST, first.base + path, headers: headers,
                                body: Array("p-\(sequence);".utf8))
                        else { return }
                        guard response.status == 200 else { return }
                        producerAcknowledged.withLock { $0 = sequence }
                    }
                }
            }
        }
        _ = try await progress.subscribe().firstValue(within: .seconds(120)) { $0 >= 300 }
        first.child.signal(SIGKILL)
        #expect(try await first.child.waitForExit(within: .seconds(30)) == SIGKILL)
        await writers.value

        let second = try await start()
        defer { second.child.signal(SIGTERM) }
        // Retry the producer from its last acknowledged request: each retry is either a duplicate (it was
        // stored before the crash) or stored now, and in both cases stored once.
        let lastAcknowledged = try #require(producerAcknowledged.value)
        var sequence = lastAcknowledged
        while true {
            let headers = [
                ("Content-Type", "text/plain"), ("Producer-Id", "crash-producer"), ("Producer-Epoch", "0"),
                ("Producer-Seq", "\(sequence)"),
            ]
            let response = try await client.request(
                .POST, second.base + path, headers: headers, body: Array("p-\(sequence);".utf8))
            if response.status == 200 { break }
            #expect(response.status == 204, "a retry of an already stored request is a duplicate")
            sequence += 1
        }

        let text = try await client.readAll(second.base + path)
        let tokens = text.split(separator: ";", omittingEmptySubsequences: false)
        #expect(tokens.last == "", "the stream ends with a whole append")
        let stored = tokens.dropLast().map { String($0) + ";" }
        #expect(stored.joined() == text, "nothing but whole appends")
        let counts = Dictionary(stored.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(counts.values.allSatisfy { $0 == 1 }, "no append is stored twice")
        for token in acknowledged.value {
            #expect(counts[token] == 1, "acknowledged append \(token.prefix(20)) is stored")
        }
        for producerSequence in 0...sequence {
            #expect(counts["p-\(producerSequence);"] == 1, "producer request \(producerSequence) is stored once")
        }
        for writer in 0..<6 {
            let indexes = stored.compactMap { token -> Int? in
                guard token.hasPrefix("w\(writer)-") else { return nil }
                return Int(token.dropFirst("w\(writer)-".count).prefix { $0.isNumber })
            }
            #expect(indexes == indexes.sorted(), "each writer's appends keep their order")
        }
    }
}
