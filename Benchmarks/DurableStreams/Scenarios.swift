import BenchmarkSupport
import DurableStreams
import Foundation

/// A small record decoded in the catch-up benchmark.
@available(OS2023, *)
struct Item: Codable, Sendable {
    var id: Int
    var name: String
    var score: Double
    var active: Bool
}

/// The measurements, each against one target.
@available(OS2023, *)
struct Scenarios: Sendable {
    let target: BenchmarkTarget
    let configuration: HandleConfiguration
    let quick: Bool

    var http: HTTPConfiguration { configuration.http }

    /// 100 B plain appends, acknowledged one by one.
    func appendLatency() async throws -> LatencySummary {
        let handle = try await DurableStreamHandle.create(
            url: target.url("append"), contentType: "application/octet-stream", configuration: configuration)
        let payload = Data(repeating: 42, count: 100)
        return try await sample(iterations: quick ? 100 : 2000, warmup: quick ? 10 : 200) {
            try await handle.appendBytesSync(payload)
        }
    }

    /// A catch-up read of 10,000 small JSON messages, decoded into `Item`: median time and bytes.
    func catchUpRead() async throws -> (LatencySummary, Int) {
        let handle = try await DurableStreamHandle.create(url: target.url("catchup"), configuration: configuration)
        let items = (0..<10_000).map { Item(id: $0, name: "user-\($0)", score: Double($0) * 0.5, active: $0 % 2 == 0) }
        for start in stride(from: 0, to: items.count, by: 1000) {
            try await handle.appendSync(batch: Array(items[start..<start + 1000]))
        }
        let bytes = try await DurableStream.stream(url: handle.url, configuration: http).bytes().data.count
        let summary = try await sample(iterations: quick ? 3 : 15, warmup: quick ? 1 : 3) {
            let batch = try await DurableStream.stream(url: handle.url, configuration: http).json(as: Item.self)
            guard batch.items.count == 10_000 else { throw BenchmarkFailure("read \(batch.items.count) items") }
        }
        return (summary, bytes)
    }

    /// Append → receive latency through a live read (long-poll or SSE).
    func liveLatency(_ live: LiveMode) async throws -> LatencySummary {
        let handle = try await DurableStreamHandle.create(
            url: target.url("live"), contentType: "application/octet-stream", configuration: configuration)
        let tail = try await handle.head().offset
        let response = try await DurableStream.stream(url: handle.url, offset: tail, live: live, configuration: http)
        let (arrivals, sink) = AsyncStream.makeStream(of: ContinuousClock.Instant.self)
        let reader = Task {
            for try await chunk in response.byteStream() where !chunk.data.isEmpty {
                sink.yield(.now)
            }
        }
        defer { reader.cancel() }
        var iterator = arrivals.makeAsyncIterator()
        var samples: [Duration] = []
        let iterations = quick ? 30 : 500
        let payload = Data(repeating: 7, count: 100)
        for index in 0..<(iterations + 10) {
            let start = ContinuousClock.now
            try await handle.appendBytesSync(payload)
            guard let arrived = await iterator.next() else { throw BenchmarkFailure("the live read ended") }
            if index >= 10 { samples.append(arrived - start) }
        }
        return LatencySummary(samples)
    }

    /// `count` messages of `size` bytes through the idempotent producer; returns the elapsed time and checks
    /// that the server stored exactly the bytes sent.
    func producerThroughput(count: Int, size: Int) async throws -> Duration {
        let url = target.url("producer")
        _ = try await DurableStreamHandle.create(
            url: url, contentType: "application/octet-stream", configuration: configuration)
        var producerConfiguration = configuration
        producerConfiguration.idempotentProducer = IdempotentProducerConfiguration(
            producerId: "bench", maxInFlight: 5, maxBatchBytes: 1 << 20, lingerTime: .zero)
        let handle = try DurableStreamHandle.attach(
            url: url, contentType: "application/octet-stream", configuration: producerConfiguration)
        let payload = Data(repeating: 42, count: size)
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { handle.appendBytes(payload) }
        try await handle.flush()
        let elapsed = clock.now - start
        let stored = try await DurableStream.stream(url: url, configuration: http).bytes().data.count
        guard stored == count * size else { throw BenchmarkFailure("stored \(stored) of \(count * size) bytes") }
        return elapsed
    }

    /// The peer's failure case: 10,000 × 100 B appended from the main actor, one per hop, pipelined.
    /// Returns the fraction of bytes the server did not store.
    @MainActor
    func mainActorLoss() async throws -> Double {
        let url = target.url("mainactor")
        _ = try await DurableStreamHandle.create(
            url: url, contentType: "application/octet-stream", configuration: configuration)
        var producerConfiguration = configuration
        producerConfiguration.idempotentProducer = IdempotentProducerConfiguration(
            producerId: "main", maxInFlight: 5, lingerTime: .milliseconds(1))
        let handle = try DurableStreamHandle.attach(
            url: url, contentType: "application/octet-stream", configuration: producerConfiguration)
        let count = quick ? 1000 : 10_000
        let payload = Data(repeating: 1, count: 100)
        for _ in 0..<count {
            handle.appendBytes(payload)
            await Task.yield()
        }
        try await handle.flush()
        let stored = try await DurableStream.stream(url: url, configuration: http).bytes().data.count
        return 1 - Double(stored) / Double(count * 100)
    }
}

@available(OS2023, *)
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
