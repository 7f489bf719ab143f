import Foundation

@available(OS2022, *)
extension FileStreamStorage {
    /// Opens (creating if needed) a data directory, recovering every stream in it.
    ///
    /// - Parameters:
    ///   - directory: The data directory.
    ///   - options: How the store runs.
    /// - Throws: ``StreamStorageError/storageFailure(_:)`` when the directory cannot be used: another server
    ///   holds it, a stream's metadata is unreadable, or a system call fails.
    public static func open(at directory: String, options: Options = Options()) async throws(StreamStorageError)
        -> FileStreamStorage
    {
        let pool = BlockingIOPool(threads: options.ioThreads, name: "durable-streams-io")
        let notifier = StreamChangeNotifier()
        let log = StoreLog(options.log)
        let lanes = (0..<options.commitThreads).map {
            CommitLane(
                name: "durable-streams-commit-\($0)", policy: options.syncPolicy, notifier: notifier, log: log)
        }
        let root = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        let now = options.now()
        let policy = options.syncPolicy
        let (fileMode, directoryMode) = (options.fileMode, options.directoryMode)
        let descriptors = DescriptorCache(capacity: options.openLogCapacity)
        do throws(FileIOError) {
            let (lock, recovered) = try await pool.run { () throws(FileIOError) -> (Int32, [RecoveredStream]) in
                try Recovery.prepare(root: root, directoryMode: directoryMode)
                let lock = try FileIO.lockExclusively(root + "/LOCK", mode: fileMode)
                do throws(FileIOError) {
                    let recovered = try Recovery.recoverAll(
                        root: root, syncs: policy.syncsMetadata, fileMode: fileMode, log: log)
                    return (lock, recovered)
                } catch {
                    FileIO.close(lock)
                    throw error
                }
            }
            var streams: [StreamPath: FileStream] = [:]
            var byIncarnation: [String: FileStream] = [:]
            for stream in recovered {
                let lane = lanes[Int(UInt(bitPattern: stream.path.hashValue) % UInt(lanes.count))]
                var origin: FileStream.Origin?
                if let fork = stream.fork, let source = byIncarnation[fork.sourceIncarnation] {
                    origin = FileStream.Origin(
                        source: source, offset: StreamOffset(position: fork.offset), subOffset: fork.subOffset)
                }
                var state = FileStream.State(
                    decided: stream.state, fileEnd: stream.fileEnd, lastUse: now, fd: -1,
                    isSoftDeleted: stream.isSoftDeleted, forkCount: stream.forkCount)
                state.retainedStart = stream.retention?.start ?? 0
                // Appends made before the start count their age from it.
                let retention = FileRetention(
                    unknownTime: now, recoveredEnd: stream.state.tail.position,
                    snapshot: stream.retention.map { $0.state(configuration: stream.state.configuration) })
                let file = FileStream(
                    path: stream.path,
                    incarnation: stream.incarnation,
                    directory: stream.directory,
                    lane: lane,
                    descriptors: descriptors,
                    origin: origin,
                    state: state,
                    retention: retention
                )
                byIncarnation[stream.incarnation] = file
                if !stream.isDetached { streams[stream.path] = file }
            }
            return FileStreamStorage(
                root: root,
                options: options,
                lockDescriptor: lock,
                streams: streams,
                descriptors: descriptors,
                notifier: notifier,
                lanes: lanes,
                pool: pool
            )
        } catch {
            for lane in lanes { lane.stopAndWait() }
            pool.stop()
            throw .storageFailure(error)
        }
    }
}
