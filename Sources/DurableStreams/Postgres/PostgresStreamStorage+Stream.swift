import CourierPrimitives
public import DurableStreamsStorage
import PostgresNIO

@available(OS2022, *)
extension PostgresStreamStorage {
    /// The largest record the store writes for a non-JSON append, in bytes: larger appends are stored as
    /// consecutive records of this size (the last one shorter), so no read loads one huge value.
    static let pieceBytes = 1 << 20

    /// Appends are streamed up to ``Options/maximumAppendBytes``.
    public var streamedAppendLimit: Int? { options.maximumAppendBytes }

    /// Appends a body as it arrives, holding about one ``pieceBytes`` of it in memory at a time.
    ///
    /// A body that fits in one record is an ordinary ``append(_:_:)``. A larger one is first checked against the
    /// stream without locking it (it exists, and is not closed to this request, of another content type, or
    /// written by a newer producer epoch), so such a request fails before its upload. Its pieces then go into a
    /// temporary table of one transaction (`ON COMMIT DROP`: nothing is left behind if the body ends early, the
    /// connection is lost, or the node dies) while the stream stays unlocked, so other appends to it go on
    /// meanwhile. Once the body has ended, the transaction locks the stream's row, decides the append with the
    /// usual rules, and moves the pieces into `records` at the tail with one `INSERT … SELECT`. A streamed
    /// append is never retried: its body has been read.
    ///
    /// A JSON body is read whole (within ``Options/maximumAppendBytes``) and appended as one record, in the
    /// storage form ``append(_:_:)`` expects.
    ///
    /// - Throws: the errors of ``append(_:_:)``; ``StreamStorageError/Code/invalidPayload`` for a body over
    ///   ``Options/maximumAppendBytes``.
    public func append(_ path: StreamPath, _ request: AppendRequest, body: AppendBody)
        async throws(StreamStorageError) -> AppendResult
    {
        let limit = options.maximumAppendBytes
        if let expected = body.expectedLength { try checkSize(expected) }
        var request = request
        request.payload = []
        if let contentType = request.contentType, StreamConfiguration.mediaType(of: contentType) == "application/json" {
            request.payload = try await body.collect(upTo: limit)
            return try await append(path, request)
        }
        let mayBeLarge = body.expectedLength.map { $0 > Self.pieceBytes } ?? true
        if mayBeLarge { try await precheck(path, request) }
        var first: [UInt8] = []
        while first.count <= Self.pieceBytes {
            guard let chunk = try await body.next() else {
                request.payload = first
                return try await append(path, request)
            }
            first.append(contentsOf: chunk)
            try checkSize(first.count)
        }
        if !mayBeLarge { try await precheck(path, request) }
        let started = Locked(false)
        let mayRetry: @Sendable () -> Bool = { !started.value }
        let upload:
            @Sendable (PostgresConnection, inout StreamChanges) async throws -> Result<
                AppendResult, StreamStorageError
            > = { [request, first] connection, changes in
                started.withLock { $0 = true }
                let staged = try await self.upload(first, rest: body, on: connection)
                return try await self.append(path, request, staged: staged, on: connection, changes: &changes)
            }
        return try await transaction(mayRetry: mayRetry, upload)
    }

    /// Refuses an append before its body is read when the stream already refuses it for good: it does not exist
    /// (or is deleted or expired), it is closed, its content type differs, the producer's epoch is stale, or its
    /// `Stream-Seq` is not above the last one. The stream is not locked: the append is decided again at its end.
    func precheck(_ path: StreamPath, _ request: AppendRequest) async throws(StreamStorageError) {
        let row = try await live(path, touch: false)
        var state = row.state
        if let producer = request.producer {
            let found = try await connection { connection in
                try await self.producerState(stream: row.id, producer: producer.id, on: connection)
            }
            state.producers[producer.id] = found
        }
        var probe = request
        probe.payload = [0]
        guard case .reject(let error) = StreamRules.decide(probe, on: state) else { return }
        let lasting: [StreamStorageError.Code] = [
            .streamClosed, .contentTypeMismatch, .staleProducerEpoch, .streamSequenceConflict,
        ]
        if lasting.contains(error.code) { throw error }
    }

    /// A producer's state on a stream, if it has written to it.
    func producerState(stream: Int64, producer: String, on connection: PostgresConnection) async throws
        -> ProducerState?
    {
        let rows = try await connection.query(
            """
            SELECT epoch, last_seq FROM \(unescaped: schema).producers
            WHERE stream_id = \(stream) AND producer_id = \(producer)
            """, logger: logger)
        var found: ProducerState?
        for try await (epoch, last) in rows.decode((Int64, Int64).self) {
            found = ProducerState(epoch: UInt64(max(0, epoch)), lastSequence: UInt64(max(0, last)))
        }
        return found
    }

    /// Writes `first` and the rest of `body` into the transaction's upload table, in pieces of ``pieceBytes``
    /// (the last one shorter), each at its position relative to the start of the append; returns the length.
    private func upload(_ first: [UInt8], rest body: AppendBody, on connection: PostgresConnection) async throws
        -> UInt64
    {
        try await connection.query(
            """
            CREATE TEMPORARY TABLE durable_streams_upload (rel_pos bigint PRIMARY KEY, payload bytea NOT NULL)
            ON COMMIT DROP
            """, logger: logger)
        var pending = ByteBuffer(bytes: first)
        var staged = 0
        var ended = false
        while !ended {
            if let chunk = try await body.next() {
                try checkSize(staged + pending.readableBytes + chunk.count)
                pending.writeBytes(chunk)
            } else {
                ended = true
            }
            while pending.readableBytes >= Self.pieceBytes || (ended && pending.readableBytes > 0) {
                guard let piece = pending.readSlice(length: min(pending.readableBytes, Self.pieceBytes)) else {
                    break
                }
                try await connection.query(
                    "INSERT INTO durable_streams_upload (rel_pos, payload) VALUES (\(Int64(staged)), \(piece))",
                    logger: logger)
                staged += piece.readableBytes
            }
            pending.discardReadBytes()
        }
        return UInt64(staged)
    }

    /// Moves the upload table's pieces (`length` bytes in all) into `records`, from `start` on, each but the last
    /// marked as continued (inside the transaction that holds the stream's row and wrote the upload).
    func moveUpload(stream: Int64, at start: StreamOffset, length: UInt64, on connection: PostgresConnection)
        async throws
    {
        try await connection.query(
            """
            INSERT INTO \(unescaped: schema).records (stream_id, start_pos, payload, continues, appended_at)
            SELECT \(stream), \(start.position.sql) + rel_pos, payload, rel_pos + octet_length(payload) < \(length.sql),
                \(options.now().timeIntervalSince1970)
            FROM durable_streams_upload ORDER BY rel_pos
            """, logger: logger)
    }
}
