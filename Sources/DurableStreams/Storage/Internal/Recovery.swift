import Foundation

/// A stream found in the data directory at start.
@available(OS2022, *)
struct RecoveredStream {
    let path: StreamPath
    let incarnation: String
    let directory: String
    let state: StreamState
    let fileEnd: UInt64
    let createdAt: Double
    /// Where the stream was forked from, if it is a fork.
    let fork: StreamMeta.Fork?
    /// Whether it was soft-deleted (kept for its forks).
    var isSoftDeleted: Bool
    /// How many recovered streams were forked from it.
    var forkCount = 0
    /// Whether another stream holds its path (it is reachable only through its forks).
    var isDetached = false
    /// Where what it retains begins, and its state there (`retention.json`), if retention dropped anything.
    var retention: RetentionFile? = nil
}

/// Reopens a data directory after a clean stop or a crash.
@available(OS2022, *)
enum Recovery {
    /// Creates the directory layout and empties `tmp/` and `trash/` (streams half-created or half-deleted).
    static func prepare(root: String, directoryMode: mode_t) throws(FileIOError) {
        for directory in [root, root + "/streams", root + "/tmp", root + "/trash"] {
            try FileIO.makeDirectory(directory, mode: directoryMode)
        }
        for scratch in [root + "/tmp", root + "/trash"] {
            for name in try FileIO.contents(ofDirectory: scratch) {
                FileIO.removeTree(scratch + "/" + name)
            }
        }
    }

    /// Recovers every stream and links forks to their sources, then finishes what a crash may have
    /// interrupted: a soft-deleted stream left without forks is removed (and so, in turn, its soft-deleted
    /// ancestors). When two directories claim one path, the newer keeps it; the older is removed, or kept
    /// soft-deleted while forks read from it.
    ///
    /// - Returns: The streams that remain, every source before its forks.
    /// - Throws: When a fork's source is missing or forks form a cycle (the directory was altered by hand).
    static func recoverAll(root: String, syncs: Bool, fileMode: mode_t, log: StoreLog) throws(FileIOError)
        -> [RecoveredStream]
    {
        var streams: [String: RecoveredStream] = [:]
        do {
            let names = try FileIO.contents(ofDirectory: root + "/streams").sorted()
            log(.init(.info, "recovering \(names.count) streams", metadata: ["directory": root]))
            for name in names {
                let directory = root + "/streams/" + name
                guard FileIO.isDirectory(directory) else {
                    throw FileIOError(message: "\(directory) is not a directory (a symbolic link or a special file)")
                }
                streams[name] = try recover(directory: directory, incarnation: name, syncs: syncs, fileMode: fileMode)
            }
            let order = try sourcesFirst(streams)
            for name in order {
                if let source = streams[name]?.fork?.sourceIncarnation { streams[source]?.forkCount += 1 }
            }
            var byPath: [StreamPath: String] = [:]
            var doomed: [String] = []
            for name in order {
                guard let stream = streams[name] else { continue }
                guard let otherName = byPath[stream.path], let other = streams[otherName] else {
                    byPath[stream.path] = name
                    continue
                }
                let (keep, drop) = other.createdAt >= stream.createdAt ? (other, stream) : (stream, other)
                byPath[stream.path] = keep.incarnation
                streams[drop.incarnation]?.isDetached = true
                if drop.forkCount > 0 {
                    if !drop.isSoftDeleted {
                        try markSoftDeleted(directory: drop.directory, syncs: syncs, fileMode: fileMode)
                    }
                    streams[drop.incarnation]?.isSoftDeleted = true
                } else {
                    doomed.append(drop.incarnation)
                }
            }
            doomed += order.filter { streams[$0].map { $0.isSoftDeleted && $0.forkCount == 0 } ?? false }
            while let name = doomed.popLast() {
                guard let stream = streams[name] else { continue }
                streams[name] = nil
                try FileIO.rename(stream.directory, root + "/trash/" + name)
                if syncs { try FileIO.syncDirectory(root + "/streams") }
                FileIO.removeTree(root + "/trash/" + name)
                guard let sourceName = stream.fork?.sourceIncarnation, var source = streams[sourceName] else {
                    continue
                }
                source.forkCount -= 1
                streams[sourceName] = source
                if source.forkCount == 0 && source.isSoftDeleted { doomed.append(sourceName) }
            }
            return order.compactMap { streams[$0] }
        }
    }

    /// The streams' names ordered so that every source comes before its forks.
    private static func sourcesFirst(_ streams: [String: RecoveredStream]) throws(FileIOError) -> [String] {
        var order: [String] = []
        var done = Set<String>()
        for start in streams.keys.sorted() where !done.contains(start) {
            var chain: [String] = []
            var visiting = Set<String>()
            var name = start
            while !done.contains(name) {
                guard let stream = streams[name] else {
                    let fork = chain.last ?? start
                    throw FileIOError(
                        message: "streams/\(fork) is a fork of streams/\(name), which is missing; restore it or remove "
                            + "the fork")
                }
                guard visiting.insert(name).inserted else {
                    throw FileIOError(message: "streams/\(name) is part of a cycle of forks")
                }
                chain.append(name)
                guard let source = stream.fork?.sourceIncarnation else { break }
                name = source
            }
            for name in chain.reversed() where done.insert(name).inserted {
                order.append(name)
            }
        }
        return order
    }

    /// Marks a stream soft-deleted on disk: an empty `deleted` file in its directory.
    static func markSoftDeleted(directory: String, syncs: Bool, fileMode: mode_t) throws(FileIOError) {
        try FileIO.writeWholeFile(directory + "/" + softDeletedMarker, [], sync: false, mode: fileMode)
        if syncs { try FileIO.syncDirectory(directory) }
    }

    /// The name of the file that marks a stream soft-deleted.
    static let softDeletedMarker = "deleted"

    /// Scans one stream's log, rebuilding its state, and cuts off a torn tail.
    /// The log is closed again once scanned: the store reopens logs on demand, so a directory may hold more
    /// streams than the process may open files.
    static func recover(directory: String, incarnation: String, syncs: Bool, fileMode: mode_t) throws(FileIOError)
        -> RecoveredStream
    {
        let (meta, path, configuration) = try StreamMeta.decode(
            try FileIO.readWholeFile(directory + "/meta.json"),
            at: directory
        )
        let logPath = directory + "/log"
        let base = meta.fork?.offset ?? 0
        let isSoftDeleted = FileIO.exists(directory + "/" + softDeletedMarker)
        let retention = try RetentionFile.read(in: directory)
        let fd = try FileIO.openRegular(logPath, flags: O_RDWR)
        defer { FileIO.close(fd) }
        do {
            let size = try FileIO.size(fd, path: logPath)
            var state = StreamState(configuration: configuration, tail: StreamOffset(position: base))
            var position: UInt64 = 0
            // What retention dropped is not read again (its bytes may be released): the state starts as of
            // the retained start.
            if let retention {
                state = retention.state(configuration: configuration)
                if retention.start > base {
                    position = min(retention.start - base, size)
                } else {
                    state.tail = StreamOffset(position: base)
                }
            }
            var buffer = [UInt8](repeating: 0, count: Int(min(size, 1 << 20)))
            scanning: while position < size {
                let want = Int(min(UInt64(buffer.count), size - position))
                let got = try buffer.withMutableBytes { raw throws(FileIOError) in
                    try FileIO.read(
                        fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<want]), at: position, path: logPath)
                }
                var cursor = 0
                var needed = 0
                var invalid = false
                buffer.withUnsafeBytes { raw in
                    let window = UnsafeRawBufferPointer(rebasing: raw[0..<got])
                    while cursor < got {
                        switch LogRecord.decode(window, at: cursor, verify: true) {
                        case .record(let record):
                            apply(record, at: base + position + UInt64(cursor), to: &state)
                            cursor += record.length
                        case .incomplete(let length):
                            needed = length
                            return
                        case .invalid:
                            invalid = true
                            return
                        }
                    }
                }
                position += UInt64(cursor)
                if invalid { break scanning }
                if needed > 0 {
                    if UInt64(needed) > size - position { break scanning }
                    if cursor == 0 { buffer = [UInt8](repeating: 0, count: needed) }
                }
            }
            if position < size {
                try preserveTornTail(
                    fd: fd, logPath: logPath, directory: directory, from: position, to: size, fileMode: fileMode)
                try FileIO.truncate(fd, to: position, path: logPath)
                if syncs { try FileIO.syncData(fd, path: logPath) }
            }
            return RecoveredStream(
                path: path,
                incarnation: incarnation,
                directory: directory,
                state: state,
                fileEnd: position,
                createdAt: meta.createdAt,
                fork: meta.fork,
                isSoftDeleted: isSoftDeleted,
                retention: retention
            )
        }
    }

    /// Replays one record into the state, exactly as the append that wrote it changed it.
    static func apply(_ record: LogRecord, at position: UInt64, to state: inout StreamState) {
        if !record.payloadRange.isEmpty {
            state.tail = StreamOffset(position: position + UInt64(record.length))
            if let sequence = record.streamSequence { state.lastStreamSequence = sequence }
        }
        if let producer = record.producer {
            state.producers[producer.id] = ProducerState(epoch: producer.epoch, lastSequence: producer.sequence)
        }
        if record.closes {
            state.isClosed = true
            state.closedBy = record.producer
        }
    }

    private static func preserveTornTail(
        fd: Int32, logPath: String, directory: String, from start: UInt64, to end: UInt64, fileMode: mode_t
    ) throws(FileIOError) {
        let count = Int(min(end - start, 64 << 20))
        var bytes = [UInt8](repeating: 0, count: count)
        let got = try bytes.withMutableBytes { raw throws(FileIOError) in
            try FileIO.read(fd, into: raw, at: start, path: logPath)
        }
        try FileIO.writeWholeFile(
            "\(directory)/torn-\(start).bin", Array(bytes.prefix(got)), sync: false, mode: fileMode)
    }
}
