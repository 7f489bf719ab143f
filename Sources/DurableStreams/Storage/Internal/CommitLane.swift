import Foundation

/// A thread that writes the streams' pending records, syncs them as the policy says, and acknowledges them.
///
/// Appends that arrive while the lane is writing or syncing wait for the next round, so one sync covers
/// every append of a round: group commit. Each stream belongs to one lane, which keeps its writes in order.
///
/// `@unchecked Sendable`: the queue and flags are only touched with `condition` locked.
@available(OS2022, *)
final class CommitLane: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [FileStream] = []
    /// Streams whose log could not be reopened for lack of descriptors: their records stay pending and are
    /// written in a later round, once descriptors are free again.
    private var postponed: [FileStream] = []
    /// When the postponed streams are tried again.
    private var retryAt = Date.distantFuture
    private var dirty: [ObjectIdentifier: FileStream] = [:]
    private var isStopping = false
    private var hasExited = false
    private let policy: FileStreamStorage.SyncPolicy
    private let notifier: StreamChangeNotifier
    private let log: StoreLog

    init(name: String, policy: FileStreamStorage.SyncPolicy, notifier: StreamChangeNotifier, log: StoreLog) {
        self.policy = policy
        self.notifier = notifier
        self.log = log
        let thread = Thread { [self] in self.run() }
        thread.name = name
        thread.start()
    }

    /// Queues a stream that has pending records.
    func schedule(_ stream: FileStream) {
        condition.lock()
        queue.append(stream)
        condition.signal()
        condition.unlock()
    }

    /// Writes what is queued, syncs everything dirty, and ends the thread; returns when it has ended.
    func stopAndWait() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        while !hasExited { condition.wait() }
        condition.unlock()
    }

    private func run() {
        var nextPeriodicSync: Date? = policy.interval.map { Date().addingTimeInterval($0) }
        while true {
            condition.lock()
            while queue.isEmpty && !isStopping {
                let deadline = [nextPeriodicSync, postponed.isEmpty ? nil : retryAt].compactMap { $0 }.min()
                if let deadline {
                    if Date() >= deadline || !condition.wait(until: deadline) { break }
                } else {
                    condition.wait()
                }
            }
            if !postponed.isEmpty && (isStopping || Date() >= retryAt) {
                queue += postponed
                postponed = []
            }
            let batch = queue
            queue = []
            let stopping = isStopping
            condition.unlock()

            process(batch, stopping: stopping)
            if let interval = policy.interval, let deadline = nextPeriodicSync, Date() >= deadline {
                syncDirty()
                nextPeriodicSync = Date().addingTimeInterval(interval)
            }
            if stopping {
                condition.lock()
                let drained = queue.isEmpty && postponed.isEmpty
                condition.unlock()
                if drained {
                    syncDirty()
                    condition.lock()
                    hasExited = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
            }
        }
    }

    private func process(_ batch: [FileStream], stopping: Bool) {
        var written: [(FileStream, FileStream.Flush)] = []
        for stream in batch {
            let taken: FileStream.Flush?
            do throws(FileStream.ReopenFailure) {
                taken = try Self.takePending(stream)
            } catch {
                if error.error.isOutOfDescriptors && !stopping {
                    log.outOfDescriptors(error.error, waiting: "appends")
                    postpone(stream)
                } else {
                    stream.fail(error.error, releasing: false)
                }
                continue
            }
            guard let flush = taken else { continue }
            do throws(FileIOError) {
                if flush.bytes.count == 1 {
                    try flush.bytes[0].withBytes { bytes throws(FileIOError) in
                        try FileIO.write(flush.fd, bytes, at: flush.position, path: stream.logPath)
                    }
                } else {
                    let joined = Array(flush.bytes.joined())
                    try joined.withBytes { bytes throws(FileIOError) in
                        try FileIO.write(flush.fd, bytes, at: flush.position, path: stream.logPath)
                    }
                }
                written.append((stream, flush))
            } catch {
                stream.fail(error, releasing: true)
            }
        }
        if policy == .everyAppend {
            written.removeAll { stream, flush in
                do throws(FileIOError) {
                    try FileIO.syncData(flush.fd, path: stream.logPath)
                    return false
                } catch {
                    stream.fail(error, releasing: true)
                    return true
                }
            }
        } else if policy.interval != nil {
            condition.lock()
            for (stream, _) in written { dirty[ObjectIdentifier(stream)] = stream }
            condition.unlock()
        }
        for (stream, flush) in written {
            stream.commit(flush, notifier: notifier)
        }
    }

    /// Takes a stream's pending records; when the process is out of descriptors, closes idle logs and tries once
    /// more.
    private static func takePending(_ stream: FileStream) throws(FileStream.ReopenFailure) -> FileStream.Flush? {
        do throws(FileStream.ReopenFailure) {
            return try stream.takePending()
        } catch {
            guard error.error.isOutOfDescriptors, stream.descriptors.shed() > 0 else { throw error }
            return try stream.takePending()
        }
    }

    /// Syncs a stream's log, reopening it if it was closed (syncing any descriptor of a file syncs it); out of
    /// descriptors, closes idle logs and tries once more.
    private static func sync(_ stream: FileStream) throws(FileIOError) {
        func attempt() throws(FileIOError) {
            guard let fd = try stream.borrowDescriptor() else { return }
            defer { stream.releaseDescriptor() }
            try FileIO.syncData(fd, path: stream.logPath)
        }
        do throws(FileIOError) {
            try attempt()
        } catch {
            guard error.isOutOfDescriptors, stream.descriptors.shed() > 0 else { throw error }
            try attempt()
        }
    }

    /// Keeps a stream's records pending and tries again in 50 ms (no descriptor could be had for its log).
    private func postpone(_ stream: FileStream) {
        stream.markScheduled()
        condition.lock()
        if postponed.isEmpty { retryAt = Date().addingTimeInterval(0.05) }
        postponed.append(stream)
        condition.unlock()
    }

    private func syncDirty() {
        condition.lock()
        let streams = Array(dirty.values)
        dirty = [:]
        condition.unlock()
        for stream in streams {
            do throws(FileIOError) {
                try Self.sync(stream)
            } catch  where error.isOutOfDescriptors {
                // Written but not yet synced: tried again at the next periodic sync, once descriptors are free.
                log.outOfDescriptors(error, waiting: "syncs")
                condition.lock()
                dirty[ObjectIdentifier(stream)] = stream
                condition.unlock()
            } catch {
                // Acknowledged appends may not be on disk: the stream fails until a restart recovers it.
                log(.init(.error, "background sync failed", metadata: Self.details(of: error, stream)))
                stream.fail(error, releasing: false)
            }
        }
    }

    /// The file and the system's error, for a log entry (never the stream's contents).
    private static func details(of error: FileIOError, _ stream: FileStream) -> [String: String] {
        ["file": error.path ?? stream.logPath, "error": error.description]
    }
}
