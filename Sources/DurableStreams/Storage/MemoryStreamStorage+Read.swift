import Foundation

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension MemoryStreamStorage {
    /// Reads a stream from `start`: at least one whole append, then about `maxBytes`. A fork's appends below
    /// its fork offset come from its source chain. `asSource` reads a soft-deleted stream too (for forks).
    static func read(_ stream: Stream, from start: ReadStart, maxBytes: Int, asSource: Bool = false)
        throws(StreamStorageError) -> ReadResult
    {
        let (info, records) = try stream.contents.withLock {
            contents throws(StreamStorageError) -> (StreamInfo, [Record]) in
            try StreamStorageError.requireLive(
                deleted: contents.isDeleted, softDeleted: !asSource && contents.isSoftDeleted)
            return (stream.info(contents), contents.records)
        }
        let from: StreamOffset
        switch start {
        case .beginning: from = .zero
        case .tail: from = info.tail
        case .offset(let offset): from = offset
        }
        guard from < info.tail else {
            return ReadResult(info: info, payload: [], start: from, next: info.tail)
        }
        let (payload, next) = try collect(stream, records, tail: info.tail.position, from: from, maxBytes: maxBytes)
        return ReadResult(info: info, payload: payload, start: from, next: StreamOffset(position: next))
    }

    /// One stretch of a stream's history, and the appends that make it.
    private struct Segment {
        let records: [Record]
        let lower: UInt64
        let upper: UInt64
    }

    /// Gathers whole appends from `from` up to `tail`, through the stream's source chain and into its own.
    private static func collect(
        _ stream: Stream, _ ownRecords: [Record], tail: UInt64, from: StreamOffset, maxBytes: Int
    ) throws(StreamStorageError) -> ([UInt8], UInt64) {
        let position = from.position
        var segments: [Segment] = []
        var current = stream
        var records = ownRecords
        var cap = tail
        while true {
            let base = current.origin?.fork.offset.position ?? 0
            if base < cap { segments.append(Segment(records: records, lower: base, upper: cap)) }
            guard let origin = current.origin, position < base else { break }
            cap = min(cap, base)
            current = origin.source
            records = current.contents.withLock { $0.records }
        }
        var payload: [UInt8] = []
        var next = position
        var isFirst = true
        for segment in segments.reversed() where segment.upper > next {
            let records = segment.records
            var low = 0
            var high = records.count
            while low < high {
                let middle = (low + high) / 2
                if records[middle].start < next { low = middle + 1 } else { high = middle }
            }
            if isFirst {
                guard low < records.count, records[low].start == next else { throw .invalidOffset(from) }
            }
            var index = low
            while index < records.count, records[index].start < segment.upper {
                let record = records[index]
                if !payload.isEmpty && payload.count + record.payload.count > maxBytes { return (payload, next) }
                payload.append(contentsOf: record.payload)
                next = record.end
                isFirst = false
                index += 1
            }
        }
        return (payload, next)
    }
}
