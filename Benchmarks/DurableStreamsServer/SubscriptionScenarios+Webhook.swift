import BenchmarkSupport
import Foundation
import NIOCore

@available(OS2023, *)
extension SubscriptionScenarios {
    /// Append → webhook received, with `streams` streams linked by a pattern: the endpoint answers `done` at once;
    /// each sample appends to a random linked stream once the previous wake has been acknowledged.
    static func webhookLatency(port: Int, streams: Int, samples: Int) async throws -> LatencySummary {
        let tag = UUID().uuidString.prefix(8).lowercased()
        let sink = try await WebhookSink()
        do {
            let latencies = try await webhookSamples(port: port, sink: sink, tag: tag, streams: streams, count: samples)
            await sink.stop()
            return LatencySummary(latencies)
        } catch {
            await sink.stop()
            throw error
        }
    }

    private static func webhookSamples(port: Int, sink: WebhookSink, tag: String, streams: Int, count: Int)
        async throws -> [Duration]
    {
        try await createStreams(port, prefix: "bench/wh-\(tag)", count: streams)
        let created = try await subscribe(
            port, "wh-\(tag)", ["type": "webhook", "webhook": ["url": sink.url], "pattern": "bench/wh-\(tag)/*"])
        guard created.status == 201 else {
            throw BenchmarkError("subscribe: \(created.status) \(String(buffer: created.body))")
        }
        var arrivals = sink.arrivals.makeAsyncIterator()
        return try await HTTPConnection.with(port: port) { connection in
            var latencies: [Duration] = []
            for _ in 0..<count {
                let stream = "bench/wh-\(tag)/s\(Int.random(in: 0..<streams))"
                let started = ContinuousClock.now
                let appended = try await connection.send(
                    .POST, "/\(stream)", headers: [("Content-Type", "text/plain")], body: Scenarios.message)
                guard let tail = appended.headers.first(name: "Stream-Next-Offset") else {
                    throw BenchmarkError("append: \(appended.status)")
                }
                guard let at = await arrivals.next() else { throw BenchmarkError("the endpoint stopped") }
                latencies.append(at - started)
                try await awaitAcknowledged(&connection, "wh-\(tag)", stream: stream, offset: tail)
            }
            return latencies
        }
    }

    /// Reads the subscription until `stream` is acknowledged up to `offset` (the wake ended), ten seconds at most.
    private static func awaitAcknowledged(
        _ connection: inout HTTPConnection, _ id: String, stream: String, offset: String
    )
        async throws
    {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let described = try await connection.send(.GET, "/__ds/subscriptions/\(id)")
            let object = try JSONSerialization.jsonObject(with: Data(described.body.readableBytesView))
            let links = (object as? [String: Any])?["streams"] as? [[String: Any]] ?? []
            if links.contains(where: { $0["path"] as? String == stream && $0["acked_offset"] as? String == offset }) {
                return
            }
            await Task.yield()
        }
        throw BenchmarkError("the wake of \(stream) was not acknowledged")
    }

    /// What links cost: `subscriptions` pull-wake subscriptions, each matching the same `streams` streams. The
    /// server's resident memory once the streams exist and once every subscription links them.
    static func linkMemory(server: ServerProcess, streams: Int, subscriptions: Int) async throws -> (
        streamsOnly: Int, linked: Int
    ) {
        let tag = UUID().uuidString.prefix(8).lowercased()
        try await Scenarios.create(server.port, "/bench/mem-wake-\(tag)", contentType: "application/json")
        try await createStreams(server.port, prefix: "bench/mem-\(tag)", count: streams)
        let streamsOnly = server.residentBytes
        for index in 0..<subscriptions {
            let created = try await subscribe(
                server.port, "mem-\(tag)-\(index)",
                ["type": "pull-wake", "wake_stream": "bench/mem-wake-\(tag)", "pattern": "bench/mem-\(tag)/*"])
            guard created.status == 201 else { throw BenchmarkError("subscribe: \(created.status)") }
        }
        return (streamsOnly, server.residentBytes)
    }
}
