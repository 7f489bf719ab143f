import DurableStreamsStorage
import PostgresNIO

@available(OS2022, *)
extension PostgresStreamStorage {
    /// One stretch of a stream's history and the row whose records hold it.
    private struct Segment {
        let stream: Int64
        let upper: UInt64
    }

    /// Reads `row` from `start`: at least one whole append, then about `maxBytes`. A fork's appends below its
    /// fork offset come from its source chain. Records below a tail are never changed, only deleted from the
    /// front by retention, so the reads need no transaction: the tail was read first, and a read whose first
    /// record a retention pass deleted meanwhile answers ``StreamStorageError/Code/offsetDropped``.
    func read(_ row: StreamRow, from start: ReadStart, maxBytes: Int, on connection: PostgresConnection)
        async throws -> Result<ReadResult, StreamStorageError>
    {
        let info = row.info
        let from: StreamOffset
        switch start {
        case .beginning: from = info.retainedStart
        case .tail: from = info.tail
        case .offset(let offset): from = offset
        }
        if from < info.retainedStart { return .failure(.offsetDropped(earliest: info.retainedStart)) }
        let result = try await read(row, from: from, maxBytes: maxBytes, on: connection)
        guard case .failure(let error) = result, error.code == .invalidOffset,
            let current = try await fetch(id: row.id, on: connection), from.position < current.retainedStart
        else { return result }
        return .failure(.offsetDropped(earliest: StreamOffset(position: current.retainedStart)))
    }

    /// Reads `row` from `from`, at or after its retained start.
    private func read(_ row: StreamRow, from: StreamOffset, maxBytes: Int, on connection: PostgresConnection)
        async throws -> Result<ReadResult, StreamStorageError>
    {
        let info = row.info
        guard from < info.tail else {
            return .success(ReadResult(info: info, payload: [], start: from, next: info.tail))
        }
        guard let segments = try await segments(of: row, from: from, on: connection) else {
            return .failure(StreamStorageError(.notFound))
        }
        var payload: [UInt8] = []
        var next = from.position
        var isFirst = true
        let budget = UInt64(max(0, maxBytes))
        reading: for segment in segments.reversed() where segment.upper > next {
            // Positions count payload bytes, so no record starting past `next + budget` can fit.
            let rows = try await connection.query(
                """
                SELECT start_pos, payload FROM \(unescaped: schema).records
                WHERE stream_id = \(segment.stream) AND start_pos >= \(next.sql)
                    AND start_pos < \(segment.upper.sql) AND start_pos <= \((next + budget).sql)
                ORDER BY start_pos
                """, logger: logger)
            for try await (start, bytes) in rows.decode((Int64, ByteBuffer).self) {
                if isFirst, UInt64(start) != next { return .failure(.invalidOffset(from)) }
                if !payload.isEmpty, payload.count + bytes.readableBytes > maxBytes { break reading }
                payload.append(contentsOf: bytes.readableBytesView)
                next = UInt64(start) + UInt64(bytes.readableBytes)
                isFirst = false
            }
            if isFirst { return .failure(.invalidOffset(from)) }
        }
        return .success(ReadResult(info: info, payload: payload, start: from, next: StreamOffset(position: next)))
    }

    /// The stretches of `row`'s history from `from` to its tail, the last one holding `from`; `nil` when a source
    /// is missing.
    private func segments(of row: StreamRow, from: StreamOffset, on connection: PostgresConnection) async throws
        -> [Segment]?
    {
        var segments = [Segment(stream: row.id, upper: row.info.tail.position)]
        var current = row
        var cap = row.info.tail.position
        while let sourceID = current.forkSource, from.position < min(cap, current.base) {
            cap = min(cap, current.base)
            guard let source = try await fetch(id: sourceID, on: connection) else { return nil }
            segments.append(Segment(stream: source.id, upper: cap))
            current = source
        }
        return segments
    }

    /// Where the append of `row`'s history at `offset` (below its tail) is kept, without reading it: the stream
    /// whose records hold it and its length in bytes, to the end of its last piece (`continues` false) or of the
    /// stretch of history it is in, whichever comes first (a fork ends its source's history at its fork offset).
    ///
    /// - Returns: ``StreamStorageError/invalidOffset(_:)`` when no record starts at `offset`.
    func append(of row: StreamRow, at offset: StreamOffset, on connection: PostgresConnection) async throws
        -> Result<(stream: Int64, length: UInt64), StreamStorageError>
    {
        guard let segment = try await segments(of: row, from: offset, on: connection)?.last else {
            return .failure(StreamStorageError(.notFound))
        }
        let found = try await connection.query(
            """
            SELECT count(*) FROM \(unescaped: schema).records
            WHERE stream_id = \(segment.stream) AND start_pos = \(offset.position.sql)
            """, logger: logger)
        var exists = false
        for try await count in found.decode(Int64.self) { exists = count > 0 }
        guard exists, offset.position < segment.upper else { return .failure(.invalidOffset(offset)) }
        // The first piece at or after `offset` that does not continue ends the append; the primary key's order
        // makes this a short index scan over that append's pieces.
        let ends = try await connection.query(
            """
            SELECT start_pos + octet_length(payload) FROM \(unescaped: schema).records
            WHERE stream_id = \(segment.stream) AND start_pos >= \(offset.position.sql)
                AND start_pos < \(segment.upper.sql) AND NOT continues
            ORDER BY start_pos LIMIT 1
            """, logger: logger)
        var end = segment.upper
        for try await value in ends.decode(Int64.self) { end = min(end, UInt64(max(0, value))) }
        return .success((segment.stream, end - offset.position))
    }
}
