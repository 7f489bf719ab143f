import Foundation

/// A thread that writes the streams' pending records, syncs them as the policy says, and acknowledges them.
///
/// Appends that arrive while the lane is writing or syncing wait for the next round, so one sync covers
/// every append of a round: group commit. Each stream belongs to one lane, which keeps its writes in order.
///
/// `@unchecked Sendable`: the queue and flags are only touched with `condition` locked.
final class CommitLane: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [FileStream] = []
    private var dirty: [ObjectIdentifier: FileStream] = [:]
    private var isStopping = false
    private var hasExited = false
    private let policy: FileStreamStorage.SyncPolicy
    private let notifier: StreamChangeNotifier

    init(name: String, policy: FileStreamStorage.SyncPolicy, notifier: StreamChangeNotifier) {
        self.policy = policy
        self.notifier = notifier
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
                if let deadline = nextPeriodicSync {
                    if Date() >= deadline || !condition.wait(until: deadline) { break }
                } else {
                    condition.wait()
                }
            }
            let batch = queue
            queue = []
            let stopping = isStopping
            condition.unlock()

            process(batch)
            if let interval = policy.interval, let deadline = nextPeriodicSync, Date() >= deadline {
                syncDirty()
                nextPeriodicSync = Date().addingTimeInterval(interval)
            }
            if stopping {
                condition.lock()
                let drained = queue.isEmpty
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

    private func process(_ batch: [FileStream]) {
        var written: [(FileStream, FileStream.Flush)] = []
        for stream in batch {
            let taken: FileStream.Flush?
            do throws(FileStream.ReopenFailure) {
                taken = try stream.takePending()
            } catch {
                stream.fail(error.error, releasing: false)
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

    private func syncDirty() {
        condition.lock()
        let streams = Array(dirty.values)
        dirty = [:]
        condition.unlock()
        for stream in streams {
            do throws(FileIOError) {
                // A log closed since its last write is reopened: syncing any descriptor of a file syncs it.
                guard let fd = try stream.borrowDescriptor() else { continue }
                defer { stream.releaseDescriptor() }
                try FileIO.syncData(fd, path: stream.logPath)
            } catch {
                stream.fail(error, releasing: false)
            }
        }
    }
}
