import Foundation

@available(OS2022, *)
extension MemoryStreamStorage: BodyReadingStorage {
    /// Reads from `start` into one buffer (a memory store has no files to send from).
    package func readBody(_ path: StreamPath, from start: ReadStart, maxBytes: Int, fileRegionsFrom: Int?)
        async throws(StreamStorageError) -> BodyRead<[UInt8]>
    {
        let stream = try lookup(path, touch: true)
        return try Self.read(stream, from: start, maxBytes: maxBytes)
    }

    /// Reads a stream from `start`: at least one whole append, then about `maxBytes`. A fork's appends below
    /// its fork offset come from its source chain. `asSource` reads a soft-deleted stream too (for forks).
    static func read(_ stream: Stream, from start: ReadStart, maxBytes: Int, asSource: Bool = false)
        throws(StreamStorageError) -> ReadResult
    {
        let copied: BodyRead<[UInt8]> = try read(stream, from: start, maxBytes: maxBytes, asSource: asSource)
        guard case .bytes(let payload, _)? = copied.body.parts.first else { return copied.result }
        let result = copied.result
        return ReadResult(info: result.info, payload: payload, start: result.start, next: result.next)
    }

    /// Reads a stream from `start` into one buffer.
    private static func read<Buffer: ReadBodyBuffer>(
        _ stream: Stream, from start: ReadStart, maxBytes: Int, asSource: Bool = false
    ) throws(StreamStorageError) -> BodyRead<Buffer> {
        // The stream's own appends are copied with its lock held, in the same pass that reads its tail.
        try stream.contents.withLock { contents throws(StreamStorageError) -> BodyRead<Buffer> in
            try StreamStorageError.requireLive(
                deleted: contents.isDeleted, softDeleted: !asSource && contents.isSoftDeleted)
            let info = stream.info(contents)
            let from: StreamOffset
            // A fork reading its source is bound only by what the source released of its own appends.
            let (floor, base) = (contents.log.floor, contents.log.base)
            let retained = asSource ? StreamOffset(position: floor > base ? floor : 0) : info.retainedStart
            switch start {
            case .beginning: from = retained
            case .tail: from = info.tail
            case .offset(let offset): from = offset
            }
            if from < retained { throw .offsetDropped(earliest: retained) }
            guard from < info.tail else {
                return BodyRead(
                    result: ReadResult(info: info, payload: [], start: from, next: info.tail),
                    body: ReadBody(parts: [], count: 0, lease: nil))
            }
            var body = BodyCollector<Buffer>(expected: Int(min(info.tail.position - from.position, UInt64(maxBytes))))
            let next = try collect(stream, contents.log, from: from, maxBytes: maxBytes, into: &body)
            return BodyRead(
                result: ReadResult(info: info, payload: [], start: from, next: StreamOffset(position: next)),
                body: ReadBody(parts: body.finish(), count: body.count, lease: nil))
        }
    }

    /// Gathers whole appends from `from` up to the tail of `ownLog` (`stream`'s log, locked by the caller):
    /// first those its fork sources hold below its fork offset, then its own.
    private static func collect<Buffer: ReadBodyBuffer>(
        _ stream: Stream, _ ownLog: RecordLog, from: StreamOffset, maxBytes: Int,
        into payload: inout BodyCollector<Buffer>
    ) throws(StreamStorageError) -> UInt64 {
        let position = from.position
        var next = position
        if position < ownLog.base, let origin = stream.origin {
            // A fork read from below its fork offset: the ancestors' stretches, oldest first.
            var ancestors: [(Stream, UInt64)] = []
            var current = origin
            var cap = ownLog.base
            while true {
                ancestors.append((current.source, cap))
                let base = current.source.origin?.fork.offset.position ?? 0
                guard position < base, let further = current.source.origin else { break }
                cap = min(cap, base)
                current = further
            }
            for (source, upper) in ancestors.reversed() where upper > next {
                let done = source.contents.withLock { contents -> Bool? in
                    let log = contents.log
                    if next < log.base { return true }  // unreachable: ancestors are in order
                    if payload.isEmpty && !log.isBoundary(next) { return nil }
                    let reached = log.copy(from: next, upTo: upper, maxBytes: maxBytes, into: &payload)
                    defer { next = reached }
                    return reached < min(upper, log.end)
                }
                switch done {
                case nil: throw .invalidOffset(from)
                case true?: return next
                case false?: continue
                }
            }
        }
        guard next >= ownLog.base else { return next }
        if payload.isEmpty && !ownLog.isBoundary(next) { throw .invalidOffset(from) }
        return ownLog.copy(from: next, upTo: ownLog.end, maxBytes: maxBytes, into: &payload)
    }
}
