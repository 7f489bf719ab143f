import CourierTestSupport
import DurableStreamsPostgres
import DurableStreamsStorage
import Foundation
import Testing

/// Several nodes on one PostgreSQL schema: the database decides, and readers on every node hear of every append.
@Suite(
    "PostgreSQL store: many nodes", .enabled(if: PostgresTestDatabase.isConfigured || PostgresTestDatabase.isRequired))
struct PostgresNodeTests {
    /// Runs `body` with two stores (two nodes) on one fresh schema.
    @available(OS2023, *)
    private func withNodes(
        configure: (inout PostgresStreamStorage.Options, Int) -> Void = { _, _ in },
        _ body: (PostgresStreamStorage, PostgresStreamStorage) async throws -> Void
    ) async throws {
        var first = try PostgresTestDatabase.options()
        var second = first
        configure(&first, 0)
        configure(&second, 1)
        let a = try await PostgresStreamStorage.open(first)
        let b = try await PostgresStreamStorage.open(second)
        do {
            try await body(a, b)
        } catch {
            await a.shutdown()
            await b.shutdown()
            try? await PostgresTestDatabase.dropSchema(first)
            throw error
        }
        await a.shutdown()
        await b.shutdown()
        try await PostgresTestDatabase.dropSchema(first)
    }

    @Test("Concurrent appends through two nodes get distinct offsets, in one order both nodes read")
    @available(OS2023, *)
    func orderingAcrossNodes() async throws {
        try await withNodes { a, b in
            let stream = try path()
            _ = try await a.create(stream, CreateRequest(configuration: StreamConfiguration(contentType: "text/plain")))
            let tails = try await withThrowingTaskGroup(of: StreamOffset.self) { group in
                for index in 0..<100 {
                    let node = index.isMultiple(of: 2) ? a : b
                    group.addTask {
                        guard case .appended(let tail, _) = try await node.append(stream, .text("<\(index)>")) else {
                            throw StreamStorageError.storageFailure("not appended")
                        }
                        return tail
                    }
                }
                return try await group.reduce(into: [StreamOffset]()) { $0.append($1) }
            }
            #expect(Set(tails).count == 100)
            let viaA = try await a.readAll(stream, maxBytes: 50)
            #expect(viaA == (try await b.readAll(stream)))
            for index in 0..<100 {
                #expect(String(decoding: viaA, as: UTF8.self).components(separatedBy: "<\(index)>").count == 2)
            }
        }
    }

    @Test("A producer fenced through one node is fenced on every node; a create race has one winner")
    @available(OS2023, *)
    func fencingAndCreatesAcrossNodes() async throws {
        try await withNodes { a, b in
            let stream = try path("/fenced")
            let configuration = StreamConfiguration(contentType: "text/plain")
            async let first = a.create(stream, CreateRequest(configuration: configuration))
            async let second = b.create(stream, CreateRequest(configuration: configuration))
            let outcomes = try await [first, second]
            #expect(outcomes.filter { if case .created = $0 { true } else { false } }.count == 1)
            var request = AppendRequest.text("x")
            request.producer = ProducerStamp(id: "writer", epoch: 1, sequence: 0)
            _ = try await a.append(stream, request)
            request.producer = ProducerStamp(id: "writer", epoch: 0, sequence: 0)
            await #expect(throws: StreamStorageError.staleProducerEpoch(current: 1)) {
                try await b.append(stream, request)
            }
            request.producer = ProducerStamp(id: "writer", epoch: 1, sequence: 0)
            #expect(
                try await b.append(stream, request)
                    == .duplicate(tail: StreamOffset(position: 1), lastSequence: 0, closed: false))
        }
    }

    @Test("A reader waiting on one node wakes for an append through the other")
    @available(OS2023, *)
    func crossNodeWake() async throws {
        try await withNodes(configure: Self.withoutPoll) { a, b in
            let stream = try path()
            let tail = try await a.makeText(stream, "start")
            let waiter = Task { await b.waitForAppend(stream, after: tail, timeout: .seconds(30)) }
            try await waitUntil { b.waiterCount == 1 }
            try await a.appendText(stream, "more")
            // The fallback poll is a minute away: only the notification can wake it in time.
            #expect(try await withTimeout(.seconds(10)) { await waiter.value } == .appended)
        }
    }

    @Test("Without notifications (lost, or a dropped listener), readers still catch up through the fallback poll")
    @available(OS2023, *)
    func lostNotifications() async throws {
        try await withNodes(configure: Self.secondNodeDeaf) { a, b in
            let stream = try path()
            let tail = try await a.makeText(stream, "start")
            let waiter = Task { await b.waitForAppend(stream, after: tail, timeout: .seconds(30)) }
            try await waitUntil { b.waiterCount == 1 }
            try await a.appendText(stream, "more")
            #expect(try await withTimeout(.seconds(10)) { await waiter.value } == .appended)

            // The listening node's channel is cut: it re-listens, and its readers still wake.
            try await b.terminateListeners()
            let next = try await a.info(stream).tail
            let second = Task { await a.waitForAppend(stream, after: next, timeout: .seconds(30)) }
            try await waitUntil { a.waiterCount == 1 }
            try await b.appendText(stream, "again")
            #expect(try await withTimeout(.seconds(10)) { await second.value } == .appended)
        }
    }

    @Test("An exhausted pool queues a bounded number of requests for a bounded time, then answers unavailable")
    @available(OS2023, *)
    func exhaustedPool() async throws {
        try await withNodes(configure: Self.tinyPool) { a, _ in
            let stream = try path()
            try await Self.whenConnected { _ = try await a.makeText(stream, "x") }
            let holders = (0..<2).map { _ in Task { try await a.holdConnection(seconds: 2) } }
            try await waitUntil { a.admittedOperations == 2 && a.runningOperations == 1 }
            // Both slots (one running, one queued) are taken: this one is refused at once.
            let started = ContinuousClock.now
            await #expect(throws: StreamStorageError(.temporarilyUnavailable)) { try await a.info(stream) }
            #expect(ContinuousClock.now - started < .seconds(1))
            for holder in holders { _ = try? await holder.value }
            #expect(try await a.info(stream).tail == StreamOffset(position: 1))
        }
    }

    @Test("A listener whose session is terminated reconnects: cross-node wakes keep coming without the poll")
    @available(OS2023, *)
    func droppedListenerReconnects() async throws {
        try await withNodes(configure: Self.withoutPoll) { a, b in
            let stream = try path()
            var tail = try await a.makeText(stream, "start")
            for round in 0..<3 {
                // Both nodes' LISTEN sessions are ended by the server, as an administrator or a failover would.
                try await a.terminateListeners()
                let after = tail
                let waiter = Task { await b.waitForAppend(stream, after: after, timeout: .seconds(30)) }
                try await waitUntil { b.waiterCount == 1 }
                // As a client would after a 503: an idempotent append, resent. The terminated sessions may include
                // a pooled connection the append was using.
                var request = AppendRequest.text("<\(round)>")
                request.producer = ProducerStamp(id: "writer", epoch: 0, sequence: UInt64(round))
                for attempt in 1...3 {
                    do {
                        _ = try await a.append(stream, request)
                        break
                    } catch let failure as StreamStorageError
                        where failure.code == .temporarilyUnavailable && attempt < 3
                    {}
                }
                // The fallback poll is a minute away: only a listener that is back (and caught up) wakes it.
                #expect(try await withTimeout(.seconds(10)) { await waiter.value } == .appended)
                tail = try await b.info(stream).tail
            }
            #expect(try await b.text(stream) == "start<0><1><2>")
            // Each node listens again, on one session each.
            try await withTimeout(.seconds(10)) {
                while try await a.listenerCount() != 2 { try await Task.sleep(for: .milliseconds(20)) }
            }
        }
    }

    @Test(
        "A request queued for a busy pool longer than the queue timeout fails with unavailable, not later, and never runs"
    )
    @available(OS2023, *)
    func queueTimeout() async throws {
        try await withNodes(configure: Self.tinyPool) { a, _ in
            let stream = try path()
            try await Self.whenConnected { _ = try await a.makeText(stream, "x") }
            let holder = Task { try await a.holdConnection(seconds: 3) }
            // The holder holds the pool's one connection (not only admitted, which the next request could overtake).
            try await waitUntil { a.runningOperations == 1 }
            let started = ContinuousClock.now
            await #expect(throws: StreamStorageError(.temporarilyUnavailable)) {
                _ = try await a.append(stream, .text("late"))
            }
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(250) && waited < .seconds(2), "queued for the timeout: \(waited)")
            try await holder.value
            // The append was answered as failed: once the pool lets its abandoned lease through, it runs nothing.
            try await waitUntil { a.admittedOperations == 0 }
            #expect(a.runningOperations == 0)
            #expect(try await a.info(stream).tail == StreamOffset(position: 1))
        }
    }

    @Test("Stream paths and producer ids that look like SQL are data, never SQL")
    @available(OS2023, *)
    func injection() async throws {
        try await withNodes { a, b in
            let stream = try path("/x'%3B%20DROP%20TABLE%20streams%3B--")
            try await a.makeText(stream, "safe")
            var request = AppendRequest.text("!")
            request.producer = ProducerStamp(id: "'); DELETE FROM records; --", epoch: 0, sequence: 0)
            _ = try await a.append(stream, request)
            #expect(try await b.text(stream) == "safe!")
            #expect(try await b.streamPaths() == [stream])
        }
    }

    /// The fallback poll a minute away: only notifications wake readers in time.
    @available(OS2023, *)
    private static func withoutPoll(_ options: inout PostgresStreamStorage.Options, _ node: Int) {
        options.fallbackPollInterval = .seconds(60)
    }

    /// The second node never listens: its readers rely on the fallback poll.
    @available(OS2023, *)
    private static func secondNodeDeaf(_ options: inout PostgresStreamStorage.Options, _ node: Int) {
        options.listens = node == 0
    }

    /// One connection, one queued request, a short wait.
    @available(OS2023, *)
    private static func tinyPool(_ options: inout PostgresStreamStorage.Options, _ node: Int) {
        options.poolSize = 1
        options.maximumQueuedRequests = 1
        options.queueTimeout = .milliseconds(300)
    }

    /// Runs a test's first request on a tiny pool, again while it is refused: under load, opening the pool's one
    /// connection can take longer than the pool's short queue timeout.
    @available(OS2023, *)
    private static func whenConnected(_ body: () async throws -> Void) async throws {
        for attempt in 1...20 {
            do {
                try await body()
                return
            } catch let error as StreamStorageError where error.code == .temporarilyUnavailable && attempt < 20 {}
        }
    }

    /// Waits until `condition` holds (at most 10 seconds).
    @available(OS2023, *)
    private func waitUntil(_ condition: @escaping @Sendable () -> Bool) async throws {
        try await withTimeout(.seconds(10)) {
            while !condition() { try await Task.sleep(for: .milliseconds(5)) }
        }
    }
}
