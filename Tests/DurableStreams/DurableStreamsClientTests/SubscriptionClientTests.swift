import CourierPrimitives
import CourierTestSupport
import DurableStreams
import Foundation
import Testing

@Suite("Subscriptions from the client: control, claims, and a pool of pull-wake workers")
struct SubscriptionClientTests {
    @available(OS2023, *)
    private func withSubscriptions(
        maximumReadBytes: Int? = nil, _ body: (TestServer, SubscriptionClient, String) async throws -> Void
    ) async throws {
        let server = try await TestServer.start(maximumReadBytes: maximumReadBytes)
        do {
            let root = try #require(URL(string: server.baseURL))
            let client = try SubscriptionClient(root: root, configuration: server.http)
            try await body(server, client, UUID().uuidString.prefix(8).lowercased())
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @available(OS2023, *)
    private func create(_ client: SubscriptionClient, _ path: String, _ server: TestServer, json: Bool = false)
        async throws
    {
        _ = try await DurableStreamHandle.create(
            url: client.streamURL(path), contentType: json ? "application/json" : "text/plain",
            configuration: server.configuration())
    }

    @Test("create, re-confirm, read, membership, delete; the server's refusals are typed errors")
    @available(OS2023, *)
    func control() async throws {
        try await withSubscriptions { server, client, tag in
            try await create(client, "wake-\(tag)", server, json: true)
            try await create(client, "orders-\(tag)/1", server)
            let spec = SubscriptionSpec.pullWake(
                wakeStream: "wake-\(tag)", pattern: "orders-\(tag)/*", leaseTTL: .seconds(30))
            let created = try await client.create("s-\(tag)", spec)
            #expect(created.wasCreated && created.type == "pull-wake" && created.leaseTTL == .seconds(30))
            #expect(created.streams.map(\.path) == ["orders-\(tag)/1"] && created.streams.first?.linkType == "glob")
            #expect(try await client.create("s-\(tag)", spec).wasCreated == false)
            var changed = spec
            changed.description = "other"
            let conflict = await #expect(throws: DurableStreamError.self) {
                try await client.create("s-\(tag)", changed)
            }
            #expect(conflict?.code == .conflict && conflict?.context.serverCode == "SUBSCRIPTION_ALREADY_EXISTS")

            try await client.addStreams(["extra-\(tag)/a", "extra-\(tag)/b"], to: "s-\(tag)")
            try await client.removeStream("extra-\(tag)/a", from: "s-\(tag)")
            #expect(
                try await client.get("s-\(tag)").streams.map(\.path).sorted() == ["extra-\(tag)/b", "orders-\(tag)/1"])

            let idle = await #expect(throws: DurableStreamError.self) {
                try await client.claim("s-\(tag)", worker: "w")
            }
            #expect(idle?.code == .noPendingWork)
            let handle = try await DurableStreamHandle.connect(
                url: client.streamURL("orders-\(tag)/1"), configuration: server.configuration())
            _ = try await handle.appendBytesSync(Data("x".utf8))
            let claim = try await client.claim("s-\(tag)", worker: "w1")
            #expect(claim.pending.map(\.path) == ["orders-\(tag)/1"])
            let busy = await #expect(throws: DurableStreamError.self) {
                try await client.claim("s-\(tag)", worker: "w2")
            }
            #expect(busy?.code == .alreadyClaimed && busy?.context.holder == "w1" && busy?.context.generation == 1)
            try await client.release(claim)
            let stale = await #expect(throws: DurableStreamError.self) { try await client.ack(claim, done: true) }
            #expect(stale?.code == .fenced)

            try await client.delete("s-\(tag)")
            let gone = await #expect(throws: DurableStreamError.self) { try await client.get("s-\(tag)") }
            #expect(gone?.code == .notFound)
            let invalid = await #expect(throws: DurableStreamError.self) {
                try await client.create("bad", .pullWake(wakeStream: "w", leaseTTL: .seconds(1)))
            }
            #expect(invalid?.code == .invalidArgument)
        }
    }

    @Test("three workers share a pattern of streams: every message is processed exactly once")
    @available(OS2023, *)
    func workerPool() async throws {
        try await withSubscriptions { server, client, tag in
            try await create(client, "wake-\(tag)", server, json: true)
            let streams = (0..<5).map { "jobs-\(tag)/\($0)" }
            for stream in streams { try await create(client, stream, server) }
            try await client.create(
                "pool-\(tag)", .pullWake(wakeStream: "wake-\(tag)", pattern: "jobs-\(tag)/*", leaseTTL: .seconds(10)))
            let total = 150
            let processed = Locked([String]())
            let progress = Broadcast<Int>(replayLatest: true)
            let workers = (0..<3).map { index in
                Task {
                    let worker = PullWakeWorker(client: client, subscription: "pool-\(tag)", worker: "w\(index)")
                    for try await wake in worker {
                        for stream in wake.pending {
                            let batch = try await wake.read(stream)
                            let items = String(decoding: batch.data, as: UTF8.self).split(separator: ";").map(
                                String.init)
                            let count = processed.withLock { list in
                                list += items
                                return list.count
                            }
                            try await wake.ack(stream, through: batch.offset)
                            progress.send(count)
                        }
                        try await wake.finish()
                    }
                }
            }
            let handles = try await streams.asyncMap {
                try await DurableStreamHandle.connect(url: client.streamURL($0), configuration: server.configuration())
            }
            for index in 0..<total {
                _ = try await handles[index % handles.count].appendBytesSync(Data("m\(index);".utf8))
            }
            _ = try await progress.subscribe().firstValue(within: .seconds(60)) { $0 >= total }
            for worker in workers { worker.cancel() }
            let seen = processed.value
            #expect(seen.count == total, "no message twice")
            #expect(Set(seen) == Set((0..<total).map { "m\($0)" }), "no message lost")
            let final = try await client.get("pool-\(tag)")
            #expect(final.streams.allSatisfy { $0.ackedOffset != Offset(rawValue: "0000000000000000") })
        }
    }

    @Test("a worker that dies mid-batch leaves its unacknowledged work to the next claimer")
    @available(OS2023, *)
    func crashedWorker() async throws {
        try await withSubscriptions { server, client, tag in
            try await create(client, "wake-\(tag)", server, json: true)
            try await create(client, "work-\(tag)", server)
            try await client.create(
                "c-\(tag)", .pullWake(wakeStream: "wake-\(tag)", streams: ["work-\(tag)"], leaseTTL: .seconds(10)))
            let handle = try await DurableStreamHandle.connect(
                url: client.streamURL("work-\(tag)"), configuration: server.configuration())
            _ = try await handle.appendBytesSync(Data("a;b;".utf8))
            // The first worker claims and reads, then vanishes: no ack, no release, no heartbeat. (A lease of ten
            // seconds, so that the survivor's heartbeats, every third of it, keep its own claim even when the whole
            // test suite loads the machine.)
            let lost = try await client.claim("c-\(tag)", worker: "dies")
            #expect(lost.pending.count == 1)
            let next = try await withTimeout(.seconds(60)) {
                var iterator = PullWakeWorker(client: client, subscription: "c-\(tag)", worker: "survivor")
                    .makeAsyncIterator()
                return try await iterator.next()
            }
            let wake = try #require(next)
            #expect(wake.claim.generation == 2)
            let stream = try #require(wake.pending.first)
            let batch = try await wake.read(stream)
            #expect(String(decoding: batch.data, as: UTF8.self) == "a;b;", "the whole unacknowledged batch")
            try await wake.ack(stream, through: batch.offset)
            #expect(try await wake.finish() == false)
            let late = await #expect(throws: DurableStreamError.self) { try await client.ack(lost, done: true) }
            #expect(late?.code == .fenced)
        }
    }
    @Test("a JSON stream whose backlog takes several responses reads as one batch of every message")
    @available(OS2023, *)
    func jsonBacklog() async throws {
        struct Job: Codable, Sendable, Equatable {
            var id: Int
            var note: String
        }
        try await withSubscriptions(maximumReadBytes: 1_024) { server, client, tag in
            try await create(client, "wake-\(tag)", server, json: true)
            try await create(client, "json-\(tag)/a", server, json: true)
            try await client.create(
                "j-\(tag)", .pullWake(wakeStream: "wake-\(tag)", pattern: "json-\(tag)/*", leaseTTL: .seconds(30)))
            let handle = try await DurableStreamHandle.connect(
                url: client.streamURL("json-\(tag)/a"), configuration: server.configuration())
            let jobs = (0..<60).map { Job(id: $0, note: String(repeating: "n", count: 40)) }
            _ = try await handle.appendSync(batch: Array(jobs[..<30]))
            _ = try await handle.appendSync(batch: Array(jobs[30...]))
            let next = try await withTimeout(.seconds(30)) {
                var iterator = PullWakeWorker(client: client, subscription: "j-\(tag)", worker: "w")
                    .makeAsyncIterator()
                return try await iterator.next()
            }
            let wake = try #require(next)
            let stream = try #require(wake.pending.first)
            let raw = try await wake.read(stream)
            #expect(raw.data.count > 1_024, "the backlog is larger than one response")
            let batch = try await wake.read(stream, as: Job.self)
            #expect(batch.items == jobs && batch.offset == raw.offset)
            try await wake.ack(stream, through: batch.offset)
            #expect(try await wake.read(stream, as: Job.self).items.isEmpty, "read from the new acknowledged offset")
            let described = try #require(try await client.get("j-\(tag)").streams.first)
            #expect(try await client.read(described, as: Job.self).items.isEmpty)
            #expect(try await client.read(described, from: .start, as: Job.self).items == jobs)
            #expect(try await wake.finish() == false)
        }
    }
}

extension Array where Element: Sendable {
    fileprivate func asyncMap<T: Sendable>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
