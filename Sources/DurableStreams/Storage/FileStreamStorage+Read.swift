@available(OS2022, *)
extension FileStreamStorage {
    /// A stretch of a stream's history and the log that holds it.
    private struct ReadSegment: Sendable {
        let stream: FileStream
        let fd: Int32
        let upper: UInt64
    }

    /// Reads a stream from `start`: at least one whole append, then about `maxBytes`. A fork's appends below
    /// its fork offset are read from its source chain's logs. `asSource` reads a soft-deleted stream too.
    func read(_ stream: FileStream, from start: ReadStart, maxBytes: Int, asSource: Bool = false)
        async throws(StreamStorageError) -> ReadResult
    {
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
            return (info, from, from < info.tail)
        }
        guard needsData else { return ReadResult(info: info, payload: [], start: from, next: info.tail) }
        guard let fd = try Self.borrow(stream) else { throw StreamStorageError(.notFound) }
        var segments = [ReadSegment(stream: stream, fd: fd, upper: info.tail.position)]
        defer { for segment in segments { segment.stream.releaseDescriptor() } }
        var fork = stream
        var cap = info.tail.position
        while let source = fork.origin?.source, from.position < min(cap, fork.base) {
            cap = min(cap, fork.base)
            guard let sourceFD = try Self.borrow(source) else { throw StreamStorageError(.unavailable) }
            segments.append(ReadSegment(stream: source, fd: sourceFD, upper: cap))
            fork = source
        }
        let ordered = Array(segments.reversed())
        // Retention may drop (and punch out) what this read started on after it was checked: say so.
        let (payload, next) = try await droppedWhileReading(stream, from: from, asSource: asSource) {
            () throws(StreamStorageError) -> ([UInt8], UInt64) in
            try await pool.run { () throws(StreamStorageError) -> ([UInt8], UInt64) in
                var payload: [UInt8] = []
                payload.reserveCapacity(Int(min(info.tail.position - from.position, UInt64(maxBytes))))
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
                        into: &payload
                    )
                    next = end
                    isFirst = false
                    if isFull { break }
                }
                return (payload, next)
            }
        }
        return ReadResult(info: info, payload: payload, start: from, next: StreamOffset(position: next))
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
