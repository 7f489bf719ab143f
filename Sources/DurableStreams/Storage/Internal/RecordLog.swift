/// A memory stream's appends: their bytes packed into chunks and the end offset of each append.
///
/// A read copies whole appends straight out of the chunks, one copy per chunk it touches, with the stream
/// locked, so no reader keeps a reference to the log and no append ever copies it. An append costs one copy of
/// its payload and one offset (8 bytes), not an array of its own.
struct RecordLog {
    /// Appends are packed into chunks of about this many bytes; a larger append gets a chunk of its own.
    static let chunkCapacity = 256 * 1024

    /// One chunk: the bytes of consecutive whole appends.
    private struct Chunk {
        let start: UInt64
        var bytes: [UInt8]
        var end: UInt64 { start + UInt64(bytes.count) }
    }

    /// The offset of the first append (a fork's own appends start at its fork offset).
    let base: UInt64
    /// The end offset of each append, in order.
    private(set) var ends: [UInt64] = []
    private var chunks: [Chunk] = []

    /// The offset of the first append still held: retention drops whole chunks below it.
    private(set) var floor: UInt64

    init(base: UInt64) {
        self.base = base
        self.floor = base
    }

    /// The end of the append that starts at `position`, or `nil` when none does.
    func end(ofAppendAt position: UInt64) -> UInt64? {
        let index = firstEnd(atLeast: position + 1)
        guard index < ends.count, isBoundary(position) else { return nil }
        return ends[index]
    }

    /// Forgets the appends before `position` (an append's start at or after ``floor``), releasing the chunks
    /// that hold only such appends.
    mutating func drop(upTo position: UInt64) {
        guard position > floor, isBoundary(position) else { return }
        let appends = firstEnd(atLeast: position + 1)
        ends.removeFirst(appends)
        let chunks = chunk(containing: position)
        self.chunks.removeFirst(chunks)
        floor = position
    }

    /// The offset after the last append.
    var end: UInt64 { ends.last ?? floor }

    /// Adds an append.
    mutating func append(_ payload: [UInt8]) {
        let start = end
        ends.append(start + UInt64(payload.count))
        if var last = chunks.popLast() {
            if last.bytes.count + payload.count <= Self.chunkCapacity {
                last.bytes.append(contentsOf: payload)
                chunks.append(last)
                return
            }
            chunks.append(last)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(payload.count, Self.chunkCapacity))
        bytes.append(contentsOf: payload)
        chunks.append(Chunk(start: start, bytes: bytes))
    }

    /// Whether an append starts at `position` (or the log ends there).
    func isBoundary(_ position: UInt64) -> Bool {
        if position == base || position == floor { return true }
        let index = firstEnd(atLeast: position)
        return index < ends.count && ends[index] == position
    }

    /// Copies whole appends from `position` (an append's start) up to `upper`, while `payload` stays within
    /// `maxBytes` (it always gets at least one append when it is empty). Returns the offset after the last
    /// append copied.
    func copy<Buffer: ReadBodyBuffer>(
        from position: UInt64, upTo upper: UInt64, maxBytes: Int, into payload: inout BodyCollector<Buffer>
    ) -> UInt64 {
        guard position < upper, position < end else { return position }
        // The last append that fits: the largest end ≤ position + room, but at least the first append.
        let room = UInt64(max(0, maxBytes - payload.count))
        var limit = min(upper, position &+ room < position ? UInt64.max : position + room)
        let first = firstEnd(atLeast: position + 1)
        guard first < ends.count else { return position }
        var last = firstEnd(atLeast: limit + 1)  // the first end beyond the limit
        if last > 0 && ends[last - 1] > limit { last -= 1 }
        if last == 0 || ends[last - 1] <= position {
            guard payload.isEmpty, ends[first] <= upper else { return position }
            limit = ends[first]
        } else {
            limit = ends[last - 1]
        }
        var chunkIndex = chunk(containing: position)
        var cursor = position
        while cursor < limit, chunkIndex < chunks.count {
            let stop = min(limit, chunks[chunkIndex].end)
            chunks[chunkIndex].bytes.withUnsafeBytes { bytes in
                let start = Int(cursor - chunks[chunkIndex].start)
                payload.append(UnsafeRawBufferPointer(rebasing: bytes[start..<start + Int(stop - cursor)]))
            }
            cursor = stop
            chunkIndex += 1
        }
        return cursor
    }

    /// The index of the first append whose end is at least `position`.
    private func firstEnd(atLeast position: UInt64) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the chunk holding `position`.
    private func chunk(containing position: UInt64) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if chunks[middle].end <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
