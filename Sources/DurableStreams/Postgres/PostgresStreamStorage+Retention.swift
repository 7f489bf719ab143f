public import DurableStreamsStorage
import Foundation
import PostgresNIO

@available(OS2022, *)
extension PostgresStreamStorage: StreamRetentionControl {
    /// Replaces the stream's retention policy and applies it, in one transaction holding the stream's row.
    public func setRetention(_ path: StreamPath, _ retention: StreamRetention) async throws(StreamStorageError)
        -> StreamInfo
    {
        try await transaction { connection, changes -> Result<StreamInfo, StreamStorageError> in
            let row: StreamRow
            switch try await self.fetchLive(path, on: connection, changes: &changes) {
            case .success(let live): row = live
            case .failure(let error): return .failure(error)
            }
            try await connection.query(
                """
                UPDATE \(unescaped: self.schema).streams
                SET retention_max_age = \(retention.maxAge?.sql), retention_max_bytes = \(retention.maxBytes?.sql)
                WHERE id = \(row.id)
                """, logger: self.logger)
            _ = try await self.applyRetention(stream: row.id, budget: RetentionRules.budgetPerPass, on: connection)
            guard let updated = try await self.fetch(id: row.id, on: connection) else {
                return .failure(StreamStorageError(.notFound))
            }
            return .success(updated.info)
        }
    }

    /// Applies every stream's retention, at most `budget` dropped appends per stream, one transaction per stream:
    /// nodes running passes at once take turns on each stream's row lock, and the later one finds nothing left.
    @discardableResult
    public func compactRetained(budget: Int) async -> Int {
        let ids: [Int64]
        do throws(StreamStorageError) {
            ids = try await connection { connection in
                // Streams with a policy, and those whose dropped records forks kept until they went away.
                let rows = try await connection.query(
                    """
                    SELECT s.id FROM \(unescaped: self.schema).streams s
                    WHERE NOT s.soft_deleted AND (s.retention_max_age IS NOT NULL
                        OR s.retention_max_bytes IS NOT NULL
                        OR (s.fork_count = 0 AND EXISTS (
                            SELECT 1 FROM \(unescaped: self.schema).records r
                            WHERE r.stream_id = s.id AND r.start_pos < s.retained_start)))
                    """, logger: self.logger)
                var ids: [Int64] = []
                for try await id in rows.decode(Int64.self) { ids.append(id) }
                return ids
            }
        } catch {
            return 0
        }
        var dropped = 0
        for id in ids {
            do throws(StreamStorageError) {
                dropped += try await transaction { connection, _ -> Result<Int, StreamStorageError> in
                    .success(try await self.applyRetention(stream: id, budget: budget, on: connection))
                }
            } catch {
                logger.warning("retention pass failed", metadata: ["code": "\(error.code)"])
            }
        }
        return dropped
    }

    /// One pass over one stream (transaction open): locks its row, moves its retained start past the appends its
    /// policy drops (at most `budget`), and deletes up to `budget` of the records below it (at least 16) unless
    /// forks still read them; the next pass deletes the rest. Returns how many appends were dropped.
    ///
    /// Producer, `Stream-Seq` and closure state live in the stream's row and `producers`, never in records, so
    /// deleting records loses none of it.
    func applyRetention(stream id: Int64, budget: Int, on connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query(
            """
            SELECT tail, retained_start, retention_max_age, retention_max_bytes, fork_count, fork_offset, created_at
            FROM \(unescaped: schema).streams WHERE id = \(id) AND NOT soft_deleted FOR UPDATE
            """, logger: logger)
        var found: (Int64, Int64, Int64?, Int64?, Int32, Int64?, Double)?
        for try await row in rows.decode((Int64, Int64, Int64?, Int64?, Int32, Int64?, Double).self) { found = row }
        guard let found else { return 0 }
        let tail = UInt64(max(0, found.0))
        let start = UInt64(max(0, found.1))
        let policy = StreamRetention(
            maxAge: found.2.map { UInt64(max(0, $0)) }, maxBytes: found.3.map { UInt64(max(0, $0)) })
        var newStart = start
        var dropped = 0
        if !policy.keepsEverything, start < tail {
            let base = UInt64(max(0, found.5 ?? 0))
            let appends = try await oldestAppends(
                stream: id, from: start, base: base, createdAt: found.6, count: budget + 1, on: connection)
            (newStart, dropped) = RetentionRules.pass(
                from: start, tail: tail, policy: policy, now: options.now(), budget: budget
            ) { appends[$0] }
            if dropped > 0 {
                try await connection.query(
                    "UPDATE \(unescaped: schema).streams SET retained_start = \(newStart.sql) WHERE id = \(id)",
                    logger: logger)
            }
        }
        if found.4 <= 0, newStart > 0 {
            try await connection.query(
                """
                DELETE FROM \(unescaped: schema).records WHERE stream_id = \(id) AND start_pos IN (
                    SELECT start_pos FROM \(unescaped: schema).records
                    WHERE stream_id = \(id) AND start_pos < \(newStart.sql)
                    ORDER BY start_pos LIMIT \(Int64(max(budget, 16))))
                """, logger: logger)
        }
        return dropped
    }

    /// The stream's oldest `count` appends from `start`, by where they start: a fork's inherited range (below
    /// `base`) is one append made when the fork was created; the stream's own appends are their records up to
    /// the one that does not continue, made when the last of them was written. Payloads are not loaded.
    private func oldestAppends(
        stream id: Int64, from start: UInt64, base: UInt64, createdAt: Double, count: Int,
        on connection: PostgresConnection
    ) async throws -> [UInt64: RetentionRules.Append] {
        var appends: [UInt64: RetentionRules.Append] = [:]
        if start < base {
            appends[start] = RetentionRules.Append(
                start: start, end: base, appendedAt: Date(timeIntervalSince1970: createdAt))
        }
        var next = max(start, base)
        var first: UInt64?
        while appends.count < count {
            let rows = try await connection.query(
                """
                SELECT start_pos, octet_length(payload), continues, appended_at FROM \(unescaped: schema).records
                WHERE stream_id = \(id) AND start_pos >= \(next.sql) ORDER BY start_pos LIMIT 512
                """, logger: logger)
            var read = 0
            for try await (position, length, continues, time) in rows.decode((Int64, Int32, Bool, Double).self) {
                read += 1
                let position = UInt64(max(0, position))
                let end = position + UInt64(max(0, length))
                next = end
                let appendStart = first ?? position
                if continues {
                    first = appendStart
                    continue
                }
                first = nil
                appends[appendStart] = RetentionRules.Append(
                    start: appendStart, end: end, appendedAt: Date(timeIntervalSince1970: time))
            }
            if read < 512 { break }
        }
        return appends
    }
}
