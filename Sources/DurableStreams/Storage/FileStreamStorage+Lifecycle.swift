import Foundation

@available(OS2022, *)
extension FileStreamStorage {
    /// The stream's status, counting as a use when `touch` is set and it is live.
    func status(of stream: FileStream, touch: Bool = false) -> StreamStatus {
        let time = options.now()
        return stream.state.withLock { state in
            if state.isSoftDeleted { return .softDeleted }
            if StreamRules.isExpired(state.decided.configuration, lastUse: state.lastUse, now: time) { return .expired }
            if touch { state.lastUse = time }
            return .live(stream.info(state))
        }
    }

    /// Removes every expired stream now, or soft-deletes it while it has forks; also removes soft-deleted
    /// streams left without forks by an interrupted deletion (the periodic sweep calls this).
    public func sweepExpired() async {
        let candidates = catalog.withLock { catalog in
            catalog.streams.values.filter { stream in
                switch status(of: stream) {
                case .expired: return true
                case .softDeleted: return stream.state.withLock { $0.forkCount <= 0 }
                case .live: return false
                }
            }
        }
        for stream in candidates {
            try? await gate.withGate { () throws(StreamStorageError) in
                guard try existingStream(stream.path) === stream else { return }
                switch status(of: stream) {
                case .expired: _ = try await expireLocked(stream)
                case .softDeleted where stream.state.withLock({ $0.forkCount <= 0 }): try await removeLocked(stream)
                case .softDeleted, .live: break
                }
            }
        }
    }

    /// Creates a stream's directory under `tmp/`, then renames it into `streams/` (gate held). A fork's log
    /// starts with the part of its source's append that its sub-offset takes, then the initial payload.
    func makeStream(
        _ path: StreamPath,
        _ request: CreateRequest,
        configuration: StreamConfiguration,
        origin: FileStream.Origin? = nil,
        prefix: [UInt8] = []
    ) async throws(StreamStorageError) -> StreamInfo {
        let incarnation = Self.newIncarnation()
        let temporary = "\(root)/tmp/\(incarnation)"
        let final = "\(root)/streams/\(incarnation)"
        let streamsDirectory = "\(root)/streams"
        let meta = StreamMeta(
            path: path,
            configuration: configuration,
            createdAt: options.now(),
            fork: origin.map {
                StreamMeta.Fork(
                    sourceIncarnation: $0.source.incarnation, offset: $0.offset.position, subOffset: $0.subOffset)
            }
        )
        var records: [UInt8] = []
        var dataEnd = 0
        if !prefix.isEmpty {
            let closes = request.closed && request.initialPayload.isEmpty
            records += LogRecord.encode(payload: prefix, closes: closes, producer: nil, streamSequence: nil)
            dataEnd = records.count
        }
        if !request.initialPayload.isEmpty {
            records += LogRecord.encode(
                payload: request.initialPayload, closes: request.closed, producer: nil, streamSequence: nil)
            dataEnd = records.count
        } else if request.closed && prefix.isEmpty {
            records += LogRecord.encode(payload: [], closes: true, producer: nil, streamSequence: nil)
        }
        let syncs = options.syncPolicy.syncsMetadata
        let (fileMode, directoryMode) = (options.fileMode, options.directoryMode)
        // A fork starts with what its source still retains.
        let retainedStart = origin?.source.state.withLock { $0.retainedStart } ?? 0
        let retentionFile =
            configuration.retention.keepsEverything && retainedStart == 0
            ? nil
            : RetentionFile(
                start: retainedStart, retention: configuration.retention,
                state: StreamState(configuration: configuration))
        let fd: Int32
        do throws(FileIOError) {
            fd = try await pool.run { [records] () throws(FileIOError) -> Int32 in
                try FileIO.makeDirectory(temporary, mode: directoryMode)
                try FileIO.writeWholeFile(temporary + "/meta.json", try meta.encoded(), sync: syncs, mode: fileMode)
                try retentionFile?.write(in: temporary, syncs: syncs, fileMode: fileMode)
                let fd = try FileIO.openRegular(temporary + "/log", flags: O_RDWR | O_CREAT | O_EXCL, mode: fileMode)
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
            throw .storageFailure(error)
        }
        let base = origin?.offset.position ?? 0
        var state = StreamState(configuration: configuration, tail: StreamOffset(position: base + UInt64(dataEnd)))
        state.isClosed = request.closed
        let lane = lanes[Int(UInt(bitPattern: path.hashValue) % UInt(lanes.count))]
        let stream = FileStream(
            path: path,
            incarnation: incarnation,
            directory: final,
            lane: lane,
            descriptors: descriptors,
            origin: origin,
            state: FileStream.State(decided: state, fileEnd: UInt64(records.count), lastUse: options.now(), fd: fd)
        )
        stream.state.withLock { $0.retainedStart = retainedStart }
        stream.retention.withLock { $0.times.record(end: base + UInt64(dataEnd), at: options.now()) }
        origin?.source.state.withLock { $0.addFork() }
        catalog.withLock { $0.streams[path] = stream }
        descriptors.touch(stream)
        return stream.state.withLock { stream.info($0) }
    }

    /// Deletes a stream (gate held): soft-deletes it while it has forks, otherwise removes it. Returns
    /// whether it was soft-deleted.
    func expireLocked(_ stream: FileStream) async throws(StreamStorageError) -> Bool {
        let (retained, removed) = stream.state.withLock { ($0.forkCount > 0 || $0.isSoftDeleted, $0.isRemoved) }
        if removed { return false }
        if retained {
            try await softDeleteLocked(stream)
        } else {
            try await removeLocked(stream)
        }
        return retained
    }

    /// Soft-deletes a stream (gate held): from now on it is gone for clients, and its data stays for its
    /// forks. Durable once this returns (a `deleted` file in its directory).
    func softDeleteLocked(_ stream: FileStream) async throws(StreamStorageError) {
        let ticket = stream.state.withLock { $0.beginSoftDelete() }
        guard let ticket else { return }
        _ = await stream.waitForCommit(ticket)
        notifier.publishGone(stream.path)
        let directory = stream.directory
        let syncs = options.syncPolicy.syncsMetadata
        let fileMode = options.fileMode
        do throws(FileIOError) {
            try await pool.run { () throws(FileIOError) in
                try Recovery.markSoftDeleted(directory: directory, syncs: syncs, fileMode: fileMode)
            }
        } catch {
            stream.state.withLock { $0.cancelSoftDelete() }
            throw .storageFailure(error)
        }
    }

    /// Removes a stream for good (gate held), then every soft-deleted ancestor it was the last fork of. The
    /// ancestors' removal is best effort: one that fails stays soft-deleted and is removed by the next sweep
    /// or start.
    func removeLocked(_ stream: FileStream) async throws(StreamStorageError) {
        try await removeOneLocked(stream)
        var fork = stream
        while let source = fork.origin?.source {
            let released = source.state.withLock { $0.removeFork() }
            guard released else { return }
            do throws(StreamStorageError) {
                try await removeOneLocked(source)
            } catch {
                return
            }
            fork = source
        }
    }

    /// Removes one stream: waits for its pending writes, wakes its readers, renames it into `trash/`
    /// (synced) and deletes the files in the background (gate held).
    private func removeOneLocked(_ stream: FileStream) async throws(StreamStorageError) {
        let trash = "\(root)/trash/\(stream.incarnation)"
        let directory = stream.directory
        let streamsDirectory = "\(root)/streams"
        let syncs = options.syncPolicy.syncsMetadata
        let ticket = stream.state.withLock { $0.beginRemoval() }
        _ = await stream.waitForCommit(ticket)
        do throws(FileIOError) {
            try await pool.run { () throws(FileIOError) in
                try FileIO.rename(directory, trash)
                if syncs { try FileIO.syncDirectory(streamsDirectory) }
            }
        } catch {
            stream.state.withLock { $0.cancelRemoval() }
            throw .storageFailure(error)
        }
        catalog.withLock { catalog in
            if catalog.streams[stream.path] === stream { catalog.streams[stream.path] = nil }
        }
        stream.finishRemoval()
        notifier.publishDeleted(stream.path)
        descriptors.forget(stream)
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
