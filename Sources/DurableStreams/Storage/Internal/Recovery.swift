import Foundation

/// A stream found in the data directory at start.
struct RecoveredStream {
    let path: StreamPath
    let incarnation: String
    let directory: String
    let state: StreamState
    let fileEnd: UInt64
    let fd: Int32
    let createdAt: Double
}

/// Reopens a data directory after a clean stop or a crash.
enum Recovery {
    /// Creates the directory layout and empties `tmp/` and `trash/` (streams half-created or half-deleted).
    static func prepare(root: String) throws(FileIOError) {
        for directory in [root, root + "/streams", root + "/tmp", root + "/trash"] {
            try FileIO.makeDirectory(directory)
        }
        for scratch in [root + "/tmp", root + "/trash"] {
            for name in try FileIO.contents(ofDirectory: scratch) {
                FileIO.removeTree(scratch + "/" + name)
            }
        }
    }

    /// Recovers every stream; when two directories claim one path, keeps the newer.
    static func recoverAll(root: String, syncs: Bool) throws(FileIOError) -> [RecoveredStream] {
        var byPath: [StreamPath: RecoveredStream] = [:]
        var opened: [Int32] = []
        do throws(FileIOError) {
            for name in try FileIO.contents(ofDirectory: root + "/streams").sorted() {
                let stream = try recover(directory: root + "/streams/" + name, incarnation: name, syncs: syncs)
                opened.append(stream.fd)
                if let other = byPath[stream.path] {
                    let (keep, drop) = other.createdAt >= stream.createdAt ? (other, stream) : (stream, other)
                    FileIO.close(drop.fd)
                    try FileIO.rename(drop.directory, root + "/trash/" + drop.incarnation)
                    FileIO.removeTree(root + "/trash/" + drop.incarnation)
                    byPath[stream.path] = keep
                } else {
                    byPath[stream.path] = stream
                }
            }
        } catch {
            for fd in opened { FileIO.close(fd) }
            throw error
        }
        return Array(byPath.values)
    }

    /// Scans one stream's log, rebuilding its state, and cuts off a torn tail.
    static func recover(directory: String, incarnation: String, syncs: Bool) throws(FileIOError) -> RecoveredStream {
        let (meta, path, configuration) = try StreamMeta.decode(
            try FileIO.readWholeFile(directory + "/meta.json"),
            at: directory
        )
        let logPath = directory + "/log"
        let fd = try FileIO.open(logPath, flags: O_RDWR)
        do throws(FileIOError) {
            let size = try FileIO.size(fd, path: logPath)
            var state = StreamState(configuration: configuration)
            var position: UInt64 = 0
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
                            apply(record, at: position + UInt64(cursor), to: &state)
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
                try preserveTornTail(fd: fd, logPath: logPath, directory: directory, from: position, to: size)
                try FileIO.truncate(fd, to: position, path: logPath)
                if syncs { try FileIO.syncData(fd, path: logPath) }
            }
            return RecoveredStream(
                path: path,
                incarnation: incarnation,
                directory: directory,
                state: state,
                fileEnd: position,
                fd: fd,
                createdAt: meta.createdAt
            )
        } catch {
            FileIO.close(fd)
            throw error
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
        fd: Int32, logPath: String, directory: String, from start: UInt64, to end: UInt64
    ) throws(FileIOError) {
        let count = Int(min(end - start, 64 << 20))
        var bytes = [UInt8](repeating: 0, count: count)
        let got = try bytes.withMutableBytes { raw throws(FileIOError) in
            try FileIO.read(fd, into: raw, at: start, path: logPath)
        }
        try FileIO.writeWholeFile("\(directory)/torn-\(start).bin", Array(bytes.prefix(got)), sync: false)
    }
}
