import DurableStreamsStorage
import PostgresNIO

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension PostgresStreamStorage {
    /// One stretch of a stream's history and the row whose records hold it.
    private struct Segment {
        let stream: Int64
        let upper: UInt64
    }

    /// Reads `row` from `start`: at least one whole append, then about `maxBytes`. A fork's appends below its
    /// fork offset come from its source chain. Records below a tail are never changed, so the reads need no
    /// transaction: the tail was read first.
    func read(_ row: StreamRow, from start: ReadStart, maxBytes: Int, on connection: PostgresConnection)
        async throws -> Result<ReadResult, StreamStorageError>
    {
        let info = row.info
        let from: StreamOffset
        switch start {
        case .beginning: from = .zero
        case .tail: from = info.tail
        case .offset(let offset): from = offset
        }
        guard from < info.tail else {
            return .success(ReadResult(info: info, payload: [], start: from, next: info.tail))
        }
        var segments = [Segment(stream: row.id, upper: info.tail.position)]
        var current = row
        var cap = info.tail.position
        while let sourceID = current.forkSource, from.position < min(cap, current.base) {
            cap = min(cap, current.base)
            guard let source = try await fetch(id: sourceID, on: connection) else {
                return .failure(StreamStorageError(.notFound))
            }
            segments.append(Segment(stream: source.id, upper: cap))
            current = source
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
}
