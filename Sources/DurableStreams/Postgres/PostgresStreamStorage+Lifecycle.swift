import DurableStreamsStorage
import PostgresNIO

@available(OS2022, *)
extension PostgresStreamStorage {
    /// A fork resolved against its locked source: what the new stream is created with.
    struct ResolvedFork {
        let source: StreamRow
        let fork: StreamRules.ResolvedFork
        /// The part of a JSON append the fork takes, in storage form.
        var prefix: [UInt8] = []
        /// The part of a binary append the fork takes: the first `length` bytes of the records of `stream` from
        /// the fork offset, copied by the database (an append may be many pieces).
        var copy: (stream: Int64, length: UInt64)?
    }

    /// Resolves a fork request (transaction open): locks the live source, checks the fork offset is one of
    /// its positions, and cuts the sub-offset's part. The caller takes the reference on the source.
    func resolveFork(
        _ request: CreateRequest, _ fork: ForkRequest, on connection: PostgresConnection,
        changes: inout StreamChanges
    ) async throws -> Result<ResolvedFork, StreamStorageError> {
        guard let source = try await fetch(fork.source, lock: true, on: connection) else {
            return .failure(StreamStorageError(.forkSourceNotFound))
        }
        switch status(of: source) {
        case .softDeleted:
            return .failure(StreamStorageError(.forkSourceGone))
        case .expired:
            let retained = try await expire(source, on: connection, changes: &changes)
            return .failure(StreamStorageError(retained ? .forkSourceGone : .forkSourceNotFound))
        case .live:
            break
        }
        let resolved: StreamRules.ResolvedFork
        do throws(StreamStorageError) {
            resolved = try StreamRules.resolveFork(request, fork, source: source.info)
        } catch {
            return .failure(error)
        }
        if resolved.offset.position < source.retainedStart {
            return .failure(.offsetDropped(earliest: StreamOffset(position: source.retainedStart)))
        }
        guard resolved.isJSON else { return try await resolveBinaryPrefix(source, resolved, on: connection) }
        var appendAtOffset: [UInt8]?
        if resolved.hasAppendAtOffset {
            switch try await read(source, from: .offset(resolved.offset), maxBytes: 1, on: connection) {
            case .failure(let error): return .failure(StreamRules.forkReadError(error, at: resolved.offset))
            case .success(let result): appendAtOffset = result.payload
            }
        }
        do throws(StreamStorageError) {
            let prefix = try StreamRules.forkPrefix(resolved, appendAtOffset: appendAtOffset)
            return .success(ResolvedFork(source: source, fork: resolved, prefix: prefix))
        } catch {
            return .failure(error)
        }
    }

    /// The part a binary fork takes of the append at its fork offset, which may be stored in many pieces: found
    /// from the append's extent (its pieces up to the one that does not continue), never loaded.
    private func resolveBinaryPrefix(
        _ source: StreamRow, _ resolved: StreamRules.ResolvedFork, on connection: PostgresConnection
    ) async throws -> Result<ResolvedFork, StreamStorageError> {
        var append: (stream: Int64, length: UInt64)?
        if resolved.hasAppendAtOffset {
            switch try await self.append(of: source, at: resolved.offset, on: connection) {
            case .failure(let error): return .failure(StreamRules.forkReadError(error, at: resolved.offset))
            case .success(let found): append = found
            }
        }
        do throws(StreamStorageError) {
            let length = try StreamRules.forkPrefixLength(resolved, appendLength: append?.length)
            var fork = ResolvedFork(source: source, fork: resolved)
            if length > 0, let append { fork.copy = (append.stream, length) }
            return .success(fork)
        } catch {
            return .failure(error)
        }
    }

    /// Deletes a stream (its row locked): soft-deletes it while it has forks, otherwise removes it and
    /// releases its source. Returns whether it was soft-deleted.
    func expire(_ row: StreamRow, on connection: PostgresConnection, changes: inout StreamChanges) async throws
        -> Bool
    {
        guard row.forkCount <= 0 else {
            try await connection.query(
                "UPDATE \(unescaped: schema).streams SET soft_deleted = true WHERE id = \(row.id)", logger: logger)
            changes.gone.append(row.path)
            return true
        }
        try await purge(row, on: connection, changes: &changes)
        return false
    }

    /// Removes a stream for good (its records and producers go with it), then every soft-deleted ancestor it
    /// was the last fork of.
    func purge(_ row: StreamRow, on connection: PostgresConnection, changes: inout StreamChanges) async throws {
        var next: (id: Int64, path: StreamPath, source: Int64?)? = (row.id, row.path, row.forkSource)
        while let current = next {
            next = nil
            try await connection.query(
                "DELETE FROM \(unescaped: schema).streams WHERE id = \(current.id)", logger: logger)
            changes.deleted.append(current.path)
            guard let source = current.source else { continue }
            let rows = try await connection.query(
                """
                UPDATE \(unescaped: schema).streams SET fork_count = fork_count - 1 WHERE id = \(source)
                RETURNING fork_count, soft_deleted, path, fork_source
                """, logger: logger)
            for try await (count, softDeleted, path, parent) in rows.decode((Int32, Bool, String, Int64?).self)
            where count <= 0 && softDeleted {
                next = (source, try StreamPath(validating: path), parent)
            }
        }
    }
}
