import CourierPrimitives
import CourierTestSupport
import DurableStreams
import Foundation
import Testing

/// The idempotent producer where the official Swift producer loses data: appends trickling in from the main
/// actor, pipelined, checked byte for byte against what the server stored.
@Suite("Idempotent producer against the server")
struct ProducerTests {
    /// Appends `count` numbered lines from the main actor, one per main-actor hop, with a little simulated
    /// work between them, then flushes.
    @MainActor
    @available(OS2023, *)
    private func produceFromMainActor(_ handle: DurableStreamHandle, count: Int) async throws -> (Data, FlushResult) {
        var expected = Data()
        for index in 0..<count {
            let line = Data("line-\(index);".utf8)
            expected.append(line)
            handle.appendBytes(line)
            if index % 3 == 0 {
                // Simulated UI work between events (not a wait for an event).
                try await Task.sleep(for: .microseconds(Int.random(in: 50...400)))
            } else {
                await Task.yield()
            }
        }
        let result = try await handle.flush()
        return (expected, result)
    }

    @available(OS2023, *)
    private func storedBytes(_ server: TestServer, _ url: URL) async throws -> Data {
        try await DurableStream.stream(url: url, configuration: server.http).bytes().data
    }

    @Test("appends spread over time from the main actor, pipelined, are all stored exactly once")
    @available(OS2023, *)
    func mainActorPipelined() async throws {
        try await withTestServer { server in
            let url = server.streamURL("producer")
            _ = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            let errors = Locked<[DurableStreamError]>([])
            let producer = IdempotentProducerConfiguration(
                producerId: "main-actor", maxInFlight: 5, maxBatchBytes: 64, lingerTime: .milliseconds(1),
                onError: { error in errors.withLock { $0.append(error) } })
            let handle = try DurableStreamHandle.attach(
                url: url, contentType: "text/plain", configuration: server.configuration(producer: producer))
            let (expected, result) = try await produceFromMainActor(handle, count: 400)
            let stored = try await storedBytes(server, url)
            #expect(stored.count == expected.count)
            #expect(stored == expected)
            #expect(errors.value.isEmpty)
            #expect(result.offset == (try await handle.head().offset))
        }
    }

    @Test("under injected 5xx, dropped connections and delays nothing is lost or duplicated")
    @available(OS2023, *)
    func faultInjection() async throws {
        try await withTestServer { server in
            let url = server.streamURL("faulty")
            _ = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            let producer = IdempotentProducerConfiguration(
                producerId: "faulty", maxInFlight: 5, maxBatchBytes: 48, lingerTime: .milliseconds(1))
            let handle = try DurableStreamHandle.attach(
                url: url, contentType: "text/plain", configuration: server.configuration(producer: producer))
            try await server.inject(url.path, ["status": 503, "count": 3, "method": "POST", "retryAfter": 0])
            let first = Task { try await produceFromMainActor(handle, count: 150) }
            try await server.inject(url.path, ["dropConnection": true, "count": 2, "method": "POST"])
            let (expected, _) = try await first.value
            try await server.inject(url.path, ["delayMs": 300, "count": 2, "method": "POST"])
            let more = Data("after-delay;".utf8)
            handle.appendBytes(more)
            try await handle.flush()
            let stored = try await storedBytes(server, url)
            #expect(stored == expected + more)
        }
    }

    @Test("a fenced producer claims the next epoch when auto-claim is on")
    @available(OS2023, *)
    func autoClaim() async throws {
        try await withTestServer { server in
            let url = server.streamURL("claim")
            _ = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            let reply = try await server.raw(
                .post, url.path,
                headers: [
                    "Content-Type": "text/plain", "Producer-Id": "p", "Producer-Epoch": "5", "Producer-Seq": "0",
                ],
                body: Data("zombie;".utf8))
            #expect(reply.status == 200)
            let handle = try DurableStreamHandle.attach(
                url: url, contentType: "text/plain",
                configuration: server.configuration(producer: .init(producerId: "p", autoClaimOnStaleEpoch: true)))
            handle.appendBytes(Data("claimed;".utf8))
            try await handle.flush()
            #expect(handle.producer.epoch == 6)
            #expect(try await storedBytes(server, url) == Data("zombie;claimed;".utf8))
        }
    }

    @Test("without auto-claim a fenced producer reports the stale epoch and stores nothing")
    @available(OS2023, *)
    func fenced() async throws {
        try await withTestServer { server in
            let url = server.streamURL("fenced")
            _ = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            _ = try await server.raw(
                .post, url.path,
                headers: [
                    "Content-Type": "text/plain", "Producer-Id": "p", "Producer-Epoch": "3", "Producer-Seq": "0",
                ],
                body: Data("new-owner;".utf8))
            let reported = Locked<[DurableStreamError]>([])
            let producer = IdempotentProducerConfiguration(
                producerId: "p", autoClaimOnStaleEpoch: false,
                onError: { error in reported.withLock { $0.append(error) } })
            let handle = try DurableStreamHandle.attach(
                url: url, contentType: "text/plain", configuration: server.configuration(producer: producer))
            handle.appendBytes(Data("zombie;".utf8))
            await #expect(throws: DurableStreamError.self) { try await handle.flush() }
            guard let first = reported.value.first, case .staleEpoch = first, first.context.producerId == "p",
                first.context.producerEpoch == 3
            else {
                Issue.record("expected staleEpoch, got \(reported.value)")
                return
            }
            #expect(try await storedBytes(server, url) == Data("new-owner;".utf8))
        }
    }

    @Test("JSON appends are batched as arrays and read back one message each")
    @available(OS2023, *)
    func jsonBatching() async throws {
        try await withTestServer { server in
            let url = server.streamURL("json")
            let handle = try await DurableStreamHandle.create(
                url: url,
                configuration: server.configuration(
                    producer: .init(producerId: "j", maxInFlight: 2, lingerTime: .milliseconds(2))))
            for id in 0..<50 { handle.append(Message(id: id, text: "m")) }
            handle.append(batch: [Message(id: 50, text: "b"), Message(id: 51, text: "b")])
            try await handle.flush()
            let batch = try await DurableStream.stream(url: url, configuration: server.http).json(as: Message.self)
            #expect(batch.items.map(\.id) == Array(0...51))
        }
    }

    @Test("closing through the producer appends the final message atomically and is idempotent")
    @available(OS2023, *)
    func closeThroughProducer() async throws {
        try await withTestServer { server in
            let url = server.streamURL("close")
            _ = try await DurableStreamHandle.create(
                url: url, contentType: "text/plain", configuration: server.configuration())
            let reported = Locked<[DurableStreamError]>([])
            let handle = try DurableStreamHandle.attach(
                url: url, contentType: "text/plain",
                configuration: server.configuration(
                    producer: .init(producerId: "c", onError: { error in reported.withLock { $0.append(error) } })))
            handle.appendBytes(Data("body;".utf8))
            let first = try await handle.producer.closeStream(finalData: Data("end".utf8))
            let second = try await handle.producer.closeStream(finalData: Data("end".utf8))
            #expect(first == second)
            #expect(try await handle.head().isClosed)
            #expect(try await storedBytes(server, url) == Data("body;end".utf8))
            handle.appendBytes(Data("late".utf8))
            guard case .producerClosed? = reported.value.last else {
                Issue.record("a late append must be reported, got \(reported.value)")
                return
            }
        }
    }
}
