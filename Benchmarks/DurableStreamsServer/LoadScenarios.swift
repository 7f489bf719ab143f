import BenchmarkSupport
import CourierPrimitives
import Foundation
import NIOCore

/// Measures of what live readers cost writers, and of the server's allocations.
@available(OS2023, *)
extension Scenarios {
    /// 100 B appends from one blocking connection (``BlockingClient``) while `readers` SSE readers follow the
    /// stream's tail, each reading everything as it arrives (not in lockstep with the writer), and the same
    /// appends to a stream nobody reads, just before. The stream is closed at the end, which ends every
    /// reader's response.
    static func appendsWithReaders(port: Int, readers: Int, total: Int) async throws -> (
        figures: AppendFigures, alone: AppendFigures, following: Int
    ) {
        let unread = "/bench/unread-\(UUID().uuidString)"
        try await create(port, unread)
        let alone = try await BlockingClient.appends(port: port, path: unread, total: total)
        let path = "/bench/followed-\(UUID().uuidString)"
        try await create(port, path)
        let following = Locked(0)
        let allOpen = ReceiptBoard(readers: readers)
        allOpen.sent(0, at: .now)
        return try await withThrowingTaskGroup(of: AppendFigures?.self) { group in
            for _ in 0..<readers {
                group.addTask {
                    do {
                        try await HTTPConnection.with(port: port) { connection in
                            guard try await connection.open("\(path)?offset=now&live=sse") == 200 else {
                                allOpen.received(0, at: .now)
                                return
                            }
                            var announced = false
                            while let chunk = try await connection.nextChunk() {
                                if !announced {
                                    announced = true
                                    following.withLock { $0 += 1 }
                                    allOpen.received(0, at: .now)
                                }
                                _ = chunk.readableBytes
                            }
                        }
                    } catch {
                        allOpen.received(0, at: .now)
                    }
                    return nil
                }
            }
            group.addTask {
                await allOpen.waitForAll(0)
                let figures = try await BlockingClient.appends(port: port, path: path, total: total)
                let closed = try await HTTPConnection.with(port: port) { connection in
                    try await connection.send(
                        .POST, path, headers: [("Content-Type", "text/plain"), ("Stream-Closed", "true")])
                }
                guard closed.status == 204 || closed.status == 200 else {
                    throw BenchmarkError("close: \(closed.status)")
                }
                return figures
            }
            var figures: AppendFigures?
            for try await result in group {
                if let result { figures = result }
            }
            guard let figures else { throw BenchmarkError("no appends") }
            return (figures, alone, following.value)
        }
    }

    /// The server's heap allocations, and the bytes they ask for, per 100 B append from one connection (after a
    /// warm-up).
    static func allocations(server: ServerProcess, appends count: Int) async throws -> (
        perAppend: Double, bytesPerAppend: Double
    ) {
        let path = "/bench/allocations-\(UUID().uuidString)"
        try await create(server.port, path)
        _ = try await appends(port: server.port, concurrency: 1, total: 200, idempotent: false, path: path)
        let before = try await server.allocations()
        _ = try await appends(port: server.port, concurrency: 1, total: count, idempotent: false, path: path)
        let after = try await server.allocations()
        return (Double(after.count - before.count) / Double(count), Double(after.bytes - before.bytes) / Double(count))
    }
}
