@available(OS2022, *)
extension FileStreamStorage: BodyReadingStorage {
    /// A stretch of a stream's history and the log that holds it.
    private struct ReadSegment: Sendable {
        let stream: FileStream
        let fd: Int32
        let upper: UInt64
    }

    /// Reads from `start`; payloads of `fileRegionsFrom` bytes or more come as
    /// stretches of the log, whose ``ReadBody/lease`` keeps the log open and retention from releasing them.
    package func readBody(_ path: StreamPath, from start: ReadStart, maxBytes: Int, fileRegionsFrom: Int?)
        async throws(StreamStorageError) -> BodyRead<[UInt8]>
    {
        let stream = try await lookup(path, touch: true)
        return try await read(stream, from: start, maxBytes: maxBytes, fileRegionsFrom: fileRegionsFrom)
    }

    /// Reads a stream from `start`: at least one whole append, then about `maxBytes`. A fork's appends below
    /// its fork offset are read from its source chain's logs. `asSource` reads a soft-deleted stream too.
    func read(_ stream: FileStream, from start: ReadStart, maxBytes: Int, asSource: Bool = false)
        async throws(StreamStorageError) -> ReadResult
    {
        let copied: BodyRead<[UInt8]> = try await read(
            stream, from: start, maxBytes: maxBytes, fileRegionsFrom: nil, asSource: asSource)
        var payload: [UInt8] = []
        for part in copied.body.parts {
            // Without file regions there is one part at most.
            if case .bytes(let bytes, _) = part { payload = payload.isEmpty ? bytes : payload + bytes }
        }
        let result = copied.result
        return ReadResult(info: result.info, payload: payload, start: result.start, next: result.next)
    }

    /// Reads a stream from `start` into a ``ReadBody``. With `fileRegionsFrom`, the streams whose logs the body
    /// refers to are pinned (retention releases none of their bytes from `start` on) from before the retained
    /// start is checked until the lease is released, and their descriptors stay borrowed as long.
    private func read<Buffer: ReadBodyBuffer>(
        _ stream: FileStream, from start: ReadStart, maxBytes: Int, fileRegionsFrom: Int?, asSource: Bool = false
    ) async throws(StreamStorageError) -> BodyRead<Buffer> {
        let pins = fileRegionsFrom != nil
        let (info, from, needsData) = try stream.state.withLock {
            state throws(StreamStorageError) -> (StreamInfo, StreamOffset, Bool) in
            try state.requireLive(asSource: asSource)
            let info = stream.info(state)
            let retained = asSource ? .zero : info.retainedStart
            let from: StreamOffset
            switch start {
            case .beginning: from = retained
            case .tail: from = info.tail
            case .offset(let offset): from = offset
            }
            if from < retained { throw .offsetDropped(earliest: retained) }
            // Under the state's lock: a pass that moves the retained start past `from` after this check sees
            // the pin when it releases bytes.
            if pins && from < info.tail { stream.pin(from.position) }
            return (info, from, from < info.tail)
        }
        let empty = ReadBody<Buffer>(parts: [], count: 0, lease: nil)
        guard needsData else {
            return BodyRead(result: ReadResult(info: info, payload: [], start: from, next: info.tail), body: empty)
        }
        var segments: [ReadSegment] = []
        var pinned = pins ? [stream] : []
        var handedOver = false
        defer {
            if !handedOver { Self.end(segments: segments, pinned: pinned, from: from.position, storage: self) }
        }
        guard let fd = try Self.borrow(stream) else { throw StreamStorageError(.notFound) }
        segments.append(ReadSegment(stream: stream, fd: fd, upper: info.tail.position))
        var fork = stream
        var cap = info.tail.position
        while let source = fork.origin?.source, from.position < min(cap, fork.base) {
            cap = min(cap, fork.base)
            if pins {
                source.pin(from.position)
                pinned.append(source)
            }
            guard let sourceFD = try Self.borrow(source) else { throw StreamStorageError(.unavailable) }
            segments.append(ReadSegment(stream: source, fd: sourceFD, upper: cap))
            fork = source
        }
        // A source pinned after its last fork went away may have released bytes already: the read is of a
        // stream that no longer exists.
        if pins, segments.count > 1, stream.state.withLock({ $0.isRemoved }) { throw StreamStorageError(.notFound) }
        let ordered = Array(segments.reversed())
        let expected = Int(min(info.tail.position - from.position, UInt64(maxBytes)))
        // Retention may drop (and punch out) what this read started on after it was checked: say so.
        let (parts, count, next, hasFiles) = try await droppedWhileReading(stream, from: from, asSource: asSource) {
            () throws(StreamStorageError) -> ([ReadBody<Buffer>.Part], Int, UInt64, Bool) in
            try await pool.run { () throws(StreamStorageError) -> ([ReadBody<Buffer>.Part], Int, UInt64, Bool) in
                var body = BodyCollector<Buffer>(expected: expected)
                var next = from.position
                var isFirst = true
                for segment in ordered where segment.upper > next && segment.upper > segment.stream.base {
                    let (end, isFull) = try FileStream.readRecords(
                        fd: segment.fd,
                        logPath: segment.stream.logPath,
                        base: segment.stream.base,
                        from: next,
                        to: segment.upper,
                        maxBytes: maxBytes,
                        verifyFirst: isFirst,
                        fileRegionsFrom: fileRegionsFrom,
                        into: &body
                    )
                    next = end
                    isFirst = false
                    if isFull { break }
                }
                let hasFiles = body.hasFiles
                return (body.finish(), body.count, next, hasFiles)
            }
        }
        var lease: ReadLease?
        if hasFiles {
            handedOver = true
            lease = ReadLease { [segments, pinned, self] in
                Self.end(segments: segments, pinned: pinned, from: from.position, storage: self)
            }
        }
        return BodyRead(
            result: ReadResult(info: info, payload: [], start: from, next: StreamOffset(position: next)),
            body: ReadBody(parts: parts, count: count, lease: lease))
    }

    /// Ends a read's borrows and pins; retention releases what it held back for them.
    private static func end(segments: [ReadSegment], pinned: [FileStream], from: UInt64, storage: FileStreamStorage) {
        for segment in segments { segment.stream.releaseDescriptor() }
        for stream in pinned {
            guard let postponed = stream.unpin(from) else { continue }
            Task { await storage.release(stream, below: postponed) }
        }
    }

    /// Borrows a stream's log descriptor, reopening the log if needed.
    private static func borrow(_ stream: FileStream) throws(StreamStorageError) -> Int32? {
        do throws(FileIOError) {
            return try stream.borrowDescriptor()
        } catch {
            throw .storageFailure(error)
        }
    }
}
