import BenchmarkSupport
import CourierPrimitives
import Foundation
import NIOCore
import NIOHTTP1

/// The benchmark's measurements, each against one running server.
@available(OS2023, *)
enum Scenarios {
    /// Appends of 100-byte messages: rate and per-request latency.
    struct AppendFigures {
        let rate: Double
        let latency: LatencySummary
    }

    static let message = ByteBuffer(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 100))

    static func create(
        _ port: Int, _ path: String, contentType: String = "text/plain", headers: [(String, String)] = []
    ) async throws {
        let result = try await HTTPConnection.with(port: port) { connection in
            try await connection.send(.PUT, path, headers: [("Content-Type", contentType)] + headers)
        }
        guard result.status == 201 || result.status == 200 else {
            throw BenchmarkError("create \(path): \(result.status)")
        }
    }

    /// `total` appends of 100 B from `concurrency` connections (one stream), plain or as idempotent producers.
    static func appends(port: Int, concurrency: Int, total: Int, idempotent: Bool, path existing: String? = nil)
        async throws -> AppendFigures
    {
        let path = existing ?? "/bench/appends-\(UUID().uuidString)"
        if existing == nil { try await create(port, path) }
        let perConnection = max(1, total / concurrency)
        let clock = ContinuousClock()
        let start = clock.now
        // Blocking sockets, a thread per connection: the client costs as little as it can, so the figures are the
        // server's.
        let samples = try await withThrowingTaskGroup(of: [Duration].self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    try await BlockingClient.appendSamples(port: port, path: path, count: perConnection) { sequence in
                        idempotent
                            ? "Producer-Id: bench-\(worker)\r\nProducer-Epoch: 0\r\nProducer-Seq: \(sequence)\r\n" : ""
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let elapsed = clock.now - start
        return AppendFigures(rate: rate(samples.count, in: elapsed), latency: LatencySummary(samples))
    }

    /// Reads a stream of `count` appends of `size` bytes from the start to the tail, following offsets. With
    /// `forked`, the stream read is a fork taken halfway: the first half of the appends is its source's.
    static func catchUp(port: Int, count: Int, size: Int, json: Bool, forked: Bool = false, repetitions: Int)
        async throws -> (bytes: Int, time: LatencySummary)
    {
        let contentType = json ? "application/json" : "application/octet-stream"
        let payload: ByteBuffer
        if json {
            let item = "{\"id\":1,\"text\":\"\(String(repeating: "y", count: max(0, size - 20)))\"}"
            payload = ByteBuffer(string: item)
        } else {
            payload = ByteBuffer(bytes: [UInt8](repeating: 0x5A, count: size))
        }
        var path = "/bench/catch-up-\(UUID().uuidString)"
        try await create(port, path, contentType: contentType)
        let inherited = forked ? count / 2 : 0
        try await fill(port, path, count: count - inherited, payload: payload, contentType: contentType)
        if forked {
            let source = path
            path += "-fork"
            try await create(port, path, contentType: contentType, headers: [("Stream-Forked-From", source)])
            try await fill(port, path, count: inherited, payload: payload, contentType: contentType)
        }
        var bytes = 0
        let time = try await sample(iterations: repetitions, warmup: 1) {
            bytes = try await HTTPConnection.with(port: port) { connection in
                var offset = "-1"
                var total = 0
                while true {
                    let result = try await connection.send(.GET, "\(path)?offset=\(offset)")
                    guard result.status == 200 else { throw BenchmarkError("read: \(result.status)") }
                    total += result.body.readableBytes
                    if result.headers.first(name: "Stream-Up-To-Date") == "true" { return total }
                    guard let next = result.headers.first(name: "Stream-Next-Offset") else {
                        throw BenchmarkError("no offset")
                    }
                    offset = next
                }
            }
        }
        if !json && bytes != count * size {
            // A server that ignores Stream-Forked-From creates a plain stream holding only the fork's half.
            throw BenchmarkError("read \(bytes) bytes of \(count * size)\(forked ? " (forks unsupported?)" : "")")
        }
        return (bytes, time)
    }

    /// Appends `payload` `count` times to `path` from 16 connections.
    private static func fill(_ port: Int, _ path: String, count: Int, payload: ByteBuffer, contentType: String)
        async throws
    {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    try await HTTPConnection.with(port: port) { connection in
                        for _ in stride(from: worker, to: count, by: 16) {
                            let result = try await connection.send(
                                .POST, path, headers: [("Content-Type", contentType)], body: payload)
                            guard result.status == 204 || result.status == 200 else {
                                throw BenchmarkError("append: \(result.status)")
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// Counts, per message, how many readers have received it, and lets the writer wait for all of them.
@available(OS2023, *)
final class ReceiptBoard: Sendable {
    private struct State {
        var received: [Int: Int] = [:]
        var waiters: [Int: [CheckedContinuation<Void, Never>]] = [:]
        var latencies: [Duration] = []
    }

    private let state = Locked(State())
    private let readers: Int
    private let sentAt = Locked([Int: ContinuousClock.Instant]())

    init(readers: Int) {
        self.readers = readers
    }

    func sent(_ message: Int, at instant: ContinuousClock.Instant) {
        sentAt.withLock { $0[message] = instant }
    }

    func received(_ message: Int, at instant: ContinuousClock.Instant) {
        guard let sent = sentAt.withLock({ $0[message] }) else { return }
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.latencies.append(instant - sent)
            state.received[message, default: 0] += 1
            guard state.received[message] == readers else { return [] }
            return state.waiters.removeValue(forKey: message) ?? []
        }
        for waiter in waiters { waiter.resume() }
    }

    func waitForAll(_ message: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.received[message, default: 0] >= readers { return true }
                state.waiters[message, default: []].append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    var latencies: [Duration] { state.withLock { $0.latencies } }
}

@available(OS2023, *)
extension Scenarios {
    enum LiveMode: String {
        case longPoll = "long-poll"
        case sse
    }

    /// Append-to-delivery latency with `readers` live readers at the tail of one stream.
    /// With `writerPort`, the appends go to another server than the readers' (nodes sharing a store).
    static func liveLatency(port: Int, mode: LiveMode, readers: Int, messages: Int, writerPort: Int? = nil)
        async throws -> LatencySummary
    {
        let path = "/bench/live-\(UUID().uuidString)"
        try await create(port, path)
        let tail = try await HTTPConnection.with(port: port) { connection in
            try await connection.send(.HEAD, path).headers.first(name: "Stream-Next-Offset")
        }
        guard let tail else { throw BenchmarkError("no tail") }
        let board = ReceiptBoard(readers: readers)
        let ready = ReceiptBoard(readers: readers)
        ready.sent(-1, at: ContinuousClock.now)
        let clock = ContinuousClock()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<readers {
                group.addTask {
                    try await HTTPConnection.with(port: port) { connection in
                        switch mode {
                        case .longPoll:
                            var offset = tail
                            var seen = 0
                            var announced = false
                            while seen < messages {
                                if !announced {
                                    ready.received(-1, at: clock.now)
                                    announced = true
                                }
                                let result = try await connection.send(.GET, "\(path)?offset=\(offset)&live=long-poll")
                                let now = clock.now
                                if let next = result.headers.first(name: "Stream-Next-Offset") { offset = next }
                                guard result.status == 200 else { continue }
                                for message in parseMessages(String(buffer: result.body)) {
                                    board.received(message, at: now)
                                    seen += 1
                                }
                            }
                        case .sse:
                            guard try await connection.open("\(path)?offset=\(tail)&live=sse") == 200 else {
                                throw BenchmarkError("SSE refused")
                            }
                            var seen = 0
                            var announced = false
                            var pending = ""
                            while seen < messages, let chunk = try await connection.nextChunk() {
                                let now = clock.now
                                pending += String(buffer: chunk)
                                guard let end = pending.range(of: "\n\n", options: .backwards) else { continue }
                                let complete = pending[..<end.upperBound]
                                if !announced && complete.contains("event: control") {
                                    ready.received(-1, at: now)
                                    announced = true
                                }
                                for message in parseMessages(String(complete)) {
                                    board.received(message, at: now)
                                    seen += 1
                                }
                                pending = String(pending[end.upperBound...])
                            }
                        }
                    }
                }
            }
            group.addTask {
                await ready.waitForAll(-1)
                try await HTTPConnection.with(port: writerPort ?? port) { connection in
                    for message in 0..<messages {
                        board.sent(message, at: clock.now)
                        _ = try await connection.send(
                            .POST, path, headers: [("Content-Type", "text/plain")],
                            body: ByteBuffer(string: "m\(message);"))
                        await board.waitForAll(message)
                    }
                }
            }
            try await group.waitForAll()
            return LatencySummary(board.latencies)
        }
    }

    /// The message numbers in a body or SSE text (`m<number>;`).
    static func parseMessages(_ text: String) -> [Int] {
        var numbers: [Int] = []
        var remainder = Substring(text)
        while let start = remainder.firstIndex(of: "m") {
            remainder = remainder[remainder.index(after: start)...]
            let digits = remainder.prefix { $0.isNumber }
            if let number = Int(digits), remainder.dropFirst(digits.count).first == ";" { numbers.append(number) }
        }
        return numbers
    }

    /// Server memory with `connections` idle SSE readers open.
    static func idleSSEMemory(server: ServerProcess, connections: Int) async throws -> (
        before: Int, after: Int, opened: Int
    ) {
        let path = "/bench/idle-\(UUID().uuidString)"
        try await create(server.port, path)
        let before = server.residentBytes
        let opened = Locked(0)
        let allOpen = ReceiptBoard(readers: connections)
        allOpen.sent(0, at: .now)
        let release = ReceiptBoard(readers: 1)
        release.sent(0, at: .now)
        let after = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<connections {
                group.addTask {
                    do {
                        try await HTTPConnection.with(port: server.port) { connection in
                            guard try await connection.open("\(path)?offset=now&live=sse") == 200 else { return }
                            while let chunk = try await connection.nextChunk() {
                                if String(buffer: chunk).contains("event: control") { break }
                            }
                            opened.withLock { $0 += 1 }
                            allOpen.received(0, at: .now)
                            await release.waitForAll(0)
                        }
                    } catch {
                        allOpen.received(0, at: .now)
                    }
                    return 0
                }
            }
            group.addTask {
                await allOpen.waitForAll(0)
                let resident = server.residentBytes
                release.received(0, at: .now)
                return resident
            }
            return try await group.reduce(0) { max($0, $1) }
        }
        return (before, after, opened.value)
    }
}
