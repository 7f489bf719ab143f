import DurableStreamsStorage
import Foundation
import PostgresNIO

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension PostgresStreamStorage {
    /// Creates a stream or a fork inside a transaction; the path's row (if any) is locked first.
    func create(
        _ path: StreamPath, _ request: CreateRequest, on connection: PostgresConnection, changes: inout StreamChanges
    ) async throws -> Result<CreateResult, StreamStorageError> {
        if let existing = try await fetch(path, lock: true, on: connection) {
            switch status(of: existing) {
            case .softDeleted:
                return .failure(StreamStorageError(.retainedForForks))
            case .expired:
                if try await expire(existing, on: connection, changes: &changes) {
                    return .failure(StreamStorageError(.retainedForForks))
                }
            case .live:
                var sourceConfiguration: StreamConfiguration?
                if let source = existing.forkSource {
                    sourceConfiguration = try await fetch(id: source, on: connection)?.configuration
                }
                guard StreamRules.matches(request, existing: existing.info, existingSource: sourceConfiguration) else {
                    return .failure(StreamStorageError(.configurationMismatch))
                }
                return .success(.existing(existing.info))
            }
        }
        let now = options.now()
        if let issue = StreamRules.creationIssue(request, now: now) { return .failure(issue) }
        var configuration = request.configuration
        var tail = StreamOffset.zero
        var prefix: [UInt8] = []
        var origin: (source: StreamRow, offset: StreamOffset, subOffset: UInt64)?
        if let fork = request.fork {
            switch try await resolveFork(request, fork, on: connection, changes: &changes) {
            case .failure(let error):
                return .failure(error)
            case .success(let resolved):
                configuration = resolved.fork.configuration
                tail = resolved.fork.offset
                prefix = resolved.prefix
                origin = (resolved.source, resolved.fork.offset, fork.subOffset)
            }
        }
        var ttl: Int64?
        var expiresAt: String?
        switch configuration.expiry {
        case .never: break
        case .timeToLive(let seconds): ttl = seconds.sql
        case .expiresAt(let timestamp): expiresAt = timestamp.text
        }
        let rows = try await connection.query(
            """
            INSERT INTO \(unescaped: schema).streams
                (path, content_type, ttl_seconds, expires_at, tail, last_use, fork_source, fork_offset, fork_sub_offset)
            VALUES (\(path.value), \(configuration.contentType), \(ttl), \(expiresAt), \(tail.position.sql),
                \(now.timeIntervalSince1970), \(origin?.source.id), \(origin?.offset.position.sql),
                \(origin?.subOffset.sql))
            ON CONFLICT (path) DO NOTHING
            RETURNING id
            """, logger: logger)
        var id: Int64?
        for try await value in rows.decode(Int64.self) { id = value }
        // Another node created the path since the lookup: start again, and find its stream.
        guard let id else { throw RetryTransaction() }
        for payload in [prefix, request.initialPayload] where !payload.isEmpty {
            try await insertRecord(stream: id, at: tail, payload, on: connection)
            tail = StreamOffset(position: tail.position + UInt64(payload.count))
        }
        if let origin {
            try await connection.query(
                "UPDATE \(unescaped: schema).streams SET fork_count = fork_count + 1 WHERE id = \(origin.source.id)",
                logger: logger)
        }
        try await connection.query(
            "UPDATE \(unescaped: schema).streams SET tail = \(tail.position.sql), closed = \(request.closed) WHERE id = \(id)",
            logger: logger)
        guard let row = try await fetch(id: id, on: connection) else { throw RetryTransaction() }
        return .success(.created(row.info))
    }

    /// Decides and applies an append or close inside a transaction that holds the stream's row.
    func append(
        _ path: StreamPath, _ request: AppendRequest, on connection: PostgresConnection, changes: inout StreamChanges
    ) async throws -> Result<AppendResult, StreamStorageError> {
        guard let row = try await fetch(path, lock: true, on: connection) else {
            return .failure(StreamStorageError(.notFound))
        }
        switch status(of: row) {
        case .softDeleted:
            return .failure(StreamStorageError(.gone))
        case .expired:
            let retained = try await expire(row, on: connection, changes: &changes)
            return .failure(StreamStorageError(retained ? .gone : .notFound))
        case .live:
            break
        }
        var state = row.state
        if let producer = request.producer {
            let rows = try await connection.query(
                """
                SELECT epoch, last_seq FROM \(unescaped: schema).producers
                WHERE stream_id = \(row.id) AND producer_id = \(producer.id)
                """, logger: logger)
            for try await (epoch, last) in rows.decode((Int64, Int64).self) {
                state.producers[producer.id] = ProducerState(
                    epoch: UInt64(max(0, epoch)), lastSequence: UInt64(max(0, last)))
            }
        }
        let decision = StreamRules.decide(request, on: state)
        let result: AppendResult
        switch decision {
        case .reject(let error):
            try await touch(row, on: connection)
            return .failure(error)
        case .duplicate(let last):
            try await touch(row, on: connection)
            return .success(.duplicate(tail: state.tail, lastSequence: last, closed: state.isClosed))
        case .alreadyClosed:
            try await touch(row, on: connection)
            return .success(.closed(tail: state.tail))
        case .close:
            StreamRules.apply(decision, request, to: &state, newTail: state.tail)
            result = .closed(tail: state.tail)
        case .append(let closes):
            try await insertRecord(stream: row.id, at: state.tail, request.payload, on: connection)
            let tail = StreamOffset(position: state.tail.position + UInt64(request.payload.count))
            StreamRules.apply(decision, request, to: &state, newTail: tail)
            result = .appended(tail: tail, closed: closes)
        }
        try await connection.query(
            """
            UPDATE \(unescaped: schema).streams SET tail = \(state.tail.position.sql), closed = \(state.isClosed),
                closed_by_producer = \(state.closedBy?.id), closed_by_epoch = \(state.closedBy?.epoch.sql),
                closed_by_seq = \(state.closedBy?.sequence.sql), last_stream_seq = \(state.lastStreamSequence),
                last_use = GREATEST(last_use, \(options.now().timeIntervalSince1970))
            WHERE id = \(row.id)
            """, logger: logger)
        if let producer = request.producer, let accepted = state.producers[producer.id] {
            try await connection.query(
                """
                INSERT INTO \(unescaped: schema).producers (stream_id, producer_id, epoch, last_seq)
                VALUES (\(row.id), \(producer.id), \(accepted.epoch.sql), \(accepted.lastSequence.sql))
                ON CONFLICT (stream_id, producer_id)
                DO UPDATE SET epoch = EXCLUDED.epoch, last_seq = EXCLUDED.last_seq
                """, logger: logger)
        }
        changes.snapshots.append(
            (path, StreamChangeNotifier.Snapshot(tail: state.tail, isClosed: state.isClosed)))
        return .success(result)
    }

    /// Inserts one record; its bytes are bound as one `bytea` parameter, never spliced into SQL.
    func insertRecord(stream: Int64, at start: StreamOffset, _ payload: [UInt8], on connection: PostgresConnection)
        async throws
    {
        let bytes = ByteBuffer(bytes: payload)
        try await connection.query(
            """
            INSERT INTO \(unescaped: schema).records (stream_id, start_pos, payload)
            VALUES (\(stream), \(start.position.sql), \(bytes))
            """, logger: logger)
    }
}
