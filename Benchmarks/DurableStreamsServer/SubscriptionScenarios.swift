import BenchmarkSupport
import Foundation
import NIOCore
import NIOHTTP1

/// Subscriptions (protocol §6–7): wake latency over many linked streams, and what links cost in memory.
@available(OS2023, *)
enum SubscriptionScenarios {
    /// Creates `count` text streams `prefix/s0…` over eight connections.
    static func createStreams(_ port: Int, prefix: String, count: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    try await HTTPConnection.with(port: port) { connection in
                        for index in stride(from: lane, to: count, by: 8) {
                            let result = try await connection.send(
                                .PUT, "/\(prefix)/s\(index)", headers: [("Content-Type", "text/plain")])
                            guard result.status == 201 else { throw BenchmarkError("create: \(result.status)") }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Creates a subscription; the status and body of the answer.
    static func subscribe(_ port: Int, _ id: String, _ body: [String: Any]) async throws -> HTTPResult {
        let data = try JSONSerialization.data(withJSONObject: body)
        return try await HTTPConnection.with(port: port) { connection in
            try await connection.send(
                .PUT, "/__ds/subscriptions/\(id)", headers: [("Content-Type", "application/json")],
                body: ByteBuffer(bytes: data))
        }
    }

    /// Whether the server has subscriptions at all (the peer may not): nil if it has, else why not.
    static func unsupported(_ port: Int) async throws -> String? {
        let tag = UUID().uuidString.prefix(8).lowercased()
        try await Scenarios.create(port, "/bench/probe-\(tag)")
        let result = try await subscribe(
            port, "probe-\(tag)", ["type": "pull-wake", "wake_stream": "bench/probe-\(tag)", "pattern": "none/*"])
        guard result.status == 201, String(buffer: result.body).contains("pull-wake") else {
            return "no subscriptions (PUT answered \(result.status) without one)"
        }
        return nil
    }

    /// Append → pull-wake claimed, with `streams` streams linked by a pattern: a worker long-polls the wake stream
    /// and claims as soon as a wake event arrives, then acknowledges the stream and ends the wake; each sample
    /// appends to a random linked stream once the previous wake has ended.
    static func pullWakeLatency(port: Int, streams: Int, samples: Int) async throws -> LatencySummary {
        let tag = UUID().uuidString.prefix(8).lowercased()
        let wake = "bench/wake-\(tag)"
        try await Scenarios.create(port, "/\(wake)", contentType: "application/json")
        try await createStreams(port, prefix: "bench/pw-\(tag)", count: streams)
        let created = try await subscribe(
            port, "pw-\(tag)",
            ["type": "pull-wake", "wake_stream": wake, "pattern": "bench/pw-\(tag)/*", "lease_ttl_ms": 60_000])
        guard created.status == 201 else { throw BenchmarkError("subscribe: \(created.status)") }
        // The worker starts where the wake stream ends before the first append: a wake it read from later on
        // could already follow the first sample's wake event, which nobody would claim.
        let start = try await HTTPConnection.with(port: port) { connection in
            try await connection.send(.HEAD, "/\(wake)").headers.first(name: "Stream-Next-Offset")
        }
        let (claims, claimed) = AsyncStream.makeStream(of: ContinuousClock.Instant.self)
        let worker = Task {
            try await HTTPConnection.with(port: port) { connection in
                var offset = start
                while !Task.isCancelled, let current = offset {
                    let poll = try await connection.send(.GET, "/\(wake)?offset=\(current)&live=long-poll")
                    offset = poll.headers.first(name: "Stream-Next-Offset") ?? current
                    guard poll.status == 200 else { continue }
                    let claim = try await connection.send(
                        .POST, "/__ds/subscriptions/pw-\(tag)/claim", headers: [("Content-Type", "application/json")],
                        body: ByteBuffer(string: #"{"worker":"bench"}"#))
                    let at = ContinuousClock.now
                    guard claim.status == 200 else { continue }
                    try await finish(&connection, "pw-\(tag)", claim: claim.body)
                    claimed.yield(at)
                }
            }
        }
        defer { worker.cancel() }
        var latencies: [Duration] = []
        var instants = claims.makeAsyncIterator()
        try await HTTPConnection.with(port: port) { producer in
            for _ in 0..<samples {
                let started = ContinuousClock.now
                let appended = try await producer.send(
                    .POST, "/bench/pw-\(tag)/s\(Int.random(in: 0..<streams))",
                    headers: [("Content-Type", "text/plain")], body: Scenarios.message)
                guard appended.status == 204 || appended.status == 200 else {
                    throw BenchmarkError("append: \(appended.status)")
                }
                guard let at = await instants.next() else { throw BenchmarkError("the worker stopped") }
                latencies.append(at - started)
            }
        }
        return LatencySummary(latencies)
    }

    /// Acknowledges every pending stream of a claim up to its tail, with `done`.
    private static func finish(_ connection: inout HTTPConnection, _ id: String, claim: ByteBuffer) async throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(claim.readableBytesView)) as? [String: Any],
            let wakeId = object["wake_id"] as? String, let generation = object["generation"] as? Int,
            let token = object["token"] as? String, let links = object["streams"] as? [[String: Any]]
        else { throw BenchmarkError("an unreadable claim") }
        let acks: [[String: Any]] = links.compactMap { link in
            guard link["has_pending"] as? Bool == true, let path = link["path"], let tail = link["tail_offset"]
            else { return nil }
            return ["stream": path, "offset": tail]
        }
        let body = try JSONSerialization.data(withJSONObject: [
            "wake_id": wakeId, "generation": generation, "acks": acks, "done": true,
        ])
        let ack = try await connection.send(
            .POST, "/__ds/subscriptions/\(id)/ack",
            headers: [("Content-Type", "application/json"), ("Authorization", "Bearer \(token)")],
            body: ByteBuffer(bytes: body))
        guard ack.status == 200 else { throw BenchmarkError("ack: \(ack.status) \(String(buffer: ack.body))") }
    }
}
