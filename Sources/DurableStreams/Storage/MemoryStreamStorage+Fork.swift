import Foundation

extension MemoryStreamStorage {
    /// What a stream in the catalog is to a client right now.
    enum Status {
        case live(StreamInfo)
        case softDeleted
        case expired
    }

    /// The stream's status at `time`, counting as a use when `touch` is set and it is live.
    static func status(of stream: Stream, at time: Date, touch: Bool = false) -> Status {
        stream.contents.withLock { contents in
            if contents.isSoftDeleted { return .softDeleted }
            if StreamRules.isExpired(contents.state.configuration, lastUse: contents.lastUse, now: time) {
                return .expired
            }
            if touch { contents.lastUse = time }
            return .live(stream.info(contents))
        }
    }

    /// Deletes a stream (catalog locked): soft-deletes it while it has forks, otherwise removes it and
    /// releases its source. Returns whether it was soft-deleted.
    static func expire(_ stream: Stream, in catalog: inout Catalog, wakeups: inout Wakeups) -> Bool {
        let retained = stream.contents.withLock { contents -> Bool in
            guard contents.forkCount > 0 else { return false }
            contents.isSoftDeleted = true
            return true
        }
        if retained {
            wakeups.gone.append(stream.path)
        } else {
            purge(stream, from: &catalog, wakeups: &wakeups)
        }
        return retained
    }

    /// Removes a stream for good (catalog locked), then every soft-deleted ancestor it was the last fork of.
    static func purge(_ stream: Stream, from catalog: inout Catalog, wakeups: inout Wakeups) {
        var next: Stream? = stream
        while let current = next {
            next = nil
            current.contents.withLock { $0.isDeleted = true }
            if catalog.streams[current.path] === current {
                catalog.streams[current.path] = nil
                wakeups.deleted.append(current.path)
            }
            guard let origin = current.origin else { continue }
            let released = origin.source.contents.withLock { contents -> Bool in
                contents.forkCount -= 1
                return contents.forkCount <= 0 && contents.isSoftDeleted
            }
            if released { next = origin.source }
        }
    }

    /// Creates a fork of a live source (catalog locked): resolves its configuration and offset, checks that
    /// the offset is a position of the source, cuts the sub-offset's part, and takes a reference on the
    /// source. The caller adds the initial payload.
    static func makeFork(
        _ path: StreamPath,
        _ request: CreateRequest,
        _ fork: ForkRequest,
        incarnation: String,
        time: Date,
        catalog: inout Catalog,
        wakeups: inout Wakeups
    ) throws(StreamStorageError) -> Stream {
        guard let source = catalog.streams[fork.source] else { throw .forkSourceNotFound }
        let info: StreamInfo
        switch status(of: source, at: time) {
        case .softDeleted:
            throw .forkSourceGone
        case .expired:
            throw expire(source, in: &catalog, wakeups: &wakeups) ? .forkSourceGone : .forkSourceNotFound
        case .live(let live):
            info = live
        }
        let resolved = try StreamRules.resolveFork(request, fork, source: info)
        var prefix: [UInt8] = []
        if resolved.offset < info.tail {
            let first: ReadResult
            do {
                first = try read(source, from: .offset(resolved.offset), maxBytes: 1, asSource: true)
            } catch {
                throw error == .invalidOffset(resolved.offset) ? .forkOffsetNotAPosition : error
            }
            if fork.subOffset > 0 {
                prefix = try StreamRules.forkPrefix(
                    of: first.payload, subOffset: fork.subOffset, isJSON: info.configuration.isJSON)
            }
        } else if fork.subOffset > 0 {
            throw .forkSubOffsetWithoutData
        }
        source.contents.withLock { $0.forkCount += 1 }
        var contents = Contents(
            state: StreamState(configuration: resolved.configuration, tail: resolved.offset), lastUse: time)
        if !prefix.isEmpty {
            let record = Record(start: resolved.offset.position, payload: prefix)
            contents.records.append(record)
            contents.state.tail = StreamOffset(position: record.end)
        }
        let origin = ForkOrigin(source: fork.source, offset: resolved.offset, subOffset: fork.subOffset)
        return Stream(
            path: path, incarnation: incarnation, origin: Origin(source: source, fork: origin), contents: contents)
    }

    /// Reads a stream from `start`: at least one whole append, then about `maxBytes`. A fork's appends below
    /// its fork offset come from its source chain. `asSource` reads a soft-deleted stream too (for forks).
    static func read(_ stream: Stream, from start: ReadStart, maxBytes: Int, asSource: Bool = false)
        throws(StreamStorageError) -> ReadResult
    {
        let (info, records) = try stream.contents.withLock {
            contents throws(StreamStorageError) -> (StreamInfo, [Record]) in
            guard !contents.isDeleted else { throw .notFound }
            guard asSource || !contents.isSoftDeleted else { throw .gone }
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
