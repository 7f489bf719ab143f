import DurableStreamsStorage
import Foundation
import PostgresNIO

@available(OS2022, *)
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
        var copy: (stream: Int64, length: UInt64)?
        var origin: (source: StreamRow, offset: StreamOffset, subOffset: UInt64)?
        if let fork = request.fork {
            switch try await resolveFork(request, fork, on: connection, changes: &changes) {
            case .failure(let error):
                return .failure(error)
            case .success(let resolved):
                configuration = resolved.fork.configuration
                tail = resolved.fork.offset
                prefix = resolved.prefix
                copy = resolved.copy
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
                (path, content_type, ttl_seconds, expires_at, tail, last_use, fork_source, fork_offset, fork_sub_offset,
                created_at, retention_max_age, retention_max_bytes, retained_start)
            VALUES (\(path.value), \(configuration.contentType), \(ttl), \(expiresAt), \(tail.position.sql),
                \(now.timeIntervalSince1970), \(origin?.source.id), \(origin?.offset.position.sql),
                \(origin?.subOffset.sql), \(now.timeIntervalSince1970), \(configuration.retention.maxAge?.sql),
                \(configuration.retention.maxBytes?.sql), \((origin?.source.retainedStart ?? 0).sql))
            ON CONFLICT (path) DO NOTHING
            RETURNING id
            """, logger: logger)
        var id: Int64?
        for try await value in rows.decode(Int64.self) { id = value }
        // Another node created the path since the lookup: start again, and find its stream.
        guard let id else { throw RetryTransaction() }
        if let copy {
            try await copyPrefix(from: copy.stream, to: id, at: tail, length: copy.length, on: connection)
            tail = StreamOffset(position: tail.position + copy.length)
        }
        for payload in [prefix, request.initialPayload] where !payload.isEmpty {
            try await insertPayload(stream: id, at: tail, payload, whole: configuration.isJSON, on: connection)
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
    ///
    /// With `staged`, the payload is not `request.payload` but the `staged` bytes of a streamed append, in the
    /// transaction's upload table (see ``append(_:_:body:)``).
    func append(
        _ path: StreamPath, _ request: AppendRequest, staged: UInt64? = nil, on connection: PostgresConnection,
        changes: inout StreamChanges
    ) async throws -> Result<AppendResult, StreamStorageError> {
        let row: StreamRow
        switch try await fetchLive(path, on: connection, changes: &changes) {
        case .success(let live): row = live
        case .failure(let error): return .failure(error)
        }
        if let mismatch = StreamIncarnation.check(expected: request.expectedIncarnation, current: row.incarnation) {
            return .failure(mismatch)
        }
        var state = row.state
        if let producer = request.producer {
            state.producers[producer.id] = try await producerState(
                stream: row.id, producer: producer.id, on: connection)
        }
        var decided = request
        // The rules only ask whether there is a payload.
        if let staged, staged > 0 { decided.payload = [0] }
        let decision = StreamRules.decide(decided, on: state)
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
            let length: UInt64
            if let staged {
                try await moveUpload(stream: row.id, at: state.tail, length: staged, on: connection)
                length = staged
            } else {
                try await insertPayload(
                    stream: row.id, at: state.tail, request.payload, whole: row.configuration.isJSON, on: connection)
                length = UInt64(request.payload.count)
            }
            let tail = StreamOffset(position: state.tail.position + length)
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
        if case .appended = result, !row.configuration.retention.keepsEverything {
            _ = try await applyRetention(stream: row.id, budget: RetentionRules.budgetOnAppend, on: connection)
        }
        changes.snapshots.append(
            (path, StreamChangeNotifier.Snapshot(tail: state.tail, isClosed: state.isClosed)))
        return .success(result)
    }

    /// Inserts a payload as records of at most ``pieceBytes`` each (one record when `whole`: a JSON append, whose
    /// reads must end on message boundaries), at consecutive positions from `start`; every record but the last is
    /// marked as continued by the next.
    func insertPayload(
        stream: Int64, at start: StreamOffset, _ payload: [UInt8], whole: Bool, on connection: PostgresConnection
    ) async throws {
        let step = whole ? max(payload.count, 1) : Self.pieceBytes
        let time = options.now().timeIntervalSince1970
        var index = 0
        while index < payload.count {
            let end = min(payload.count, index + step)
            try await insertRecord(
                stream: stream, at: start.position + UInt64(index), payload[index..<end],
                continues: end < payload.count, appendedAt: time, on: connection)
            index = end
        }
    }

    /// Copies the first `length` bytes of the append at `start` in `source`'s records to the same positions of
    /// `fork`'s, piece by piece (the last one cut), as one append of the fork.
    func copyPrefix(
        from source: Int64, to fork: Int64, at start: StreamOffset, length: UInt64, on connection: PostgresConnection
    ) async throws {
        let end = start.position + length
        try await connection.query(
            """
            INSERT INTO \(unescaped: schema).records (stream_id, start_pos, payload, continues, appended_at)
            SELECT \(fork), start_pos,
                substring(payload FROM 1 FOR least(octet_length(payload), \(end.sql) - start_pos)::integer),
                start_pos + octet_length(payload) < \(end.sql), \(options.now().timeIntervalSince1970)
            FROM \(unescaped: schema).records
            WHERE stream_id = \(source) AND start_pos >= \(start.position.sql) AND start_pos < \(end.sql)
            """, logger: logger)
    }

    /// Inserts one record; its bytes are bound as one `bytea` parameter, never spliced into SQL.
    func insertRecord(
        stream: Int64, at start: UInt64, _ payload: ArraySlice<UInt8>, continues: Bool, appendedAt: Double,
        on connection: PostgresConnection
    ) async throws {
        let bytes = ByteBuffer(bytes: payload)
        try await connection.query(
            """
            INSERT INTO \(unescaped: schema).records (stream_id, start_pos, payload, continues, appended_at)
            VALUES (\(stream), \(start.sql), \(bytes), \(continues), \(appendedAt))
            """, logger: logger)
    }
}
