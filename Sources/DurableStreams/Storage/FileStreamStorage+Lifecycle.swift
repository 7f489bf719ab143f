import Foundation

extension FileStreamStorage {
    /// Creates a stream's directory under `tmp/`, then renames it into `streams/` (gate held).
    func makeStream(_ path: StreamPath, _ request: CreateRequest) async throws(StreamStorageError) -> StreamInfo {
        let incarnation = Self.newIncarnation()
        let temporary = "\(root)/tmp/\(incarnation)"
        let final = "\(root)/streams/\(incarnation)"
        let streamsDirectory = "\(root)/streams"
        let meta = StreamMeta(path: path, configuration: request.configuration, createdAt: options.now())
        let records: [UInt8]
        if !request.initialPayload.isEmpty {
            records = LogRecord.encode(
                payload: request.initialPayload, closes: request.closed, producer: nil, streamSequence: nil)
        } else if request.closed {
            records = LogRecord.encode(payload: [], closes: true, producer: nil, streamSequence: nil)
        } else {
            records = []
        }
        let syncs = options.syncPolicy.syncsMetadata
        let fd: Int32
        do throws(FileIOError) {
            fd = try await pool.run { () throws(FileIOError) -> Int32 in
                try FileIO.makeDirectory(temporary)
                try FileIO.writeWholeFile(temporary + "/meta.json", try meta.encoded(), sync: syncs)
                let fd = try FileIO.open(temporary + "/log", flags: O_RDWR | O_CREAT | O_EXCL)
                do throws(FileIOError) {
                    try records.withBytes { bytes throws(FileIOError) in
                        try FileIO.write(fd, bytes, at: 0, path: temporary)
                    }
                    if syncs {
                        try FileIO.syncData(fd, path: temporary + "/log")
                        try FileIO.syncDirectory(temporary)
                    }
                    try FileIO.rename(temporary, final)
                    if syncs { try FileIO.syncDirectory(streamsDirectory) }
                } catch {
                    FileIO.close(fd)
                    FileIO.removeTree(temporary)
                    throw error
                }
                return fd
            }
        } catch {
            throw .storageFailure(error.description)
        }
        var state = StreamState(configuration: request.configuration)
        if !request.initialPayload.isEmpty { state.tail = StreamOffset(position: UInt64(records.count)) }
        state.isClosed = request.closed
        let lane = lanes[Int(UInt(bitPattern: path.hashValue) % UInt(lanes.count))]
        let stream = FileStream(
            path: path,
            incarnation: incarnation,
            directory: final,
            lane: lane,
            state: FileStream.State(
                decided: state,
                committedTail: state.tail,
                committedClosed: state.isClosed,
                fileEnd: UInt64(records.count),
                writtenEnd: UInt64(records.count),
                lastUse: options.now(),
                fd: fd
            )
        )
        catalog.withLock { $0.streams[path] = stream }
        return stream.state.withLock { stream.info($0) }
    }

    /// Removes a stream: waits for its pending writes, wakes its readers, renames it into `trash/` (synced)
    /// and deletes the files in the background (gate held).
    func removeLocked(_ stream: FileStream) async throws(StreamStorageError) {
        catalog.withLock { catalog in
            if catalog.streams[stream.path] === stream { catalog.streams[stream.path] = nil }
        }
        let ticket = stream.state.withLock { state -> UInt64 in
            state.isDeleted = true
            return state.issuedTicket
        }
        _ = await stream.waitForCommit(ticket)
        notifier.publishDeleted(stream.path)
        let trash = "\(root)/trash/\(stream.incarnation)"
        let directory = stream.directory
        let streamsDirectory = "\(root)/streams"
        let syncs = options.syncPolicy.syncsMetadata
        do throws(FileIOError) {
            try await pool.run { () throws(FileIOError) in
                try FileIO.rename(directory, trash)
                if syncs { try FileIO.syncDirectory(streamsDirectory) }
            }
        } catch {
            throw .storageFailure(error.description)
        }
        stream.closeIfUnused()
        Task { [pool] in await pool.run { FileIO.removeTree(trash) } }
    }

    static func newIncarnation() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }
}
