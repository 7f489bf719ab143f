import Foundation

@available(OS2022, *)
extension FileStreamStorage: StreamRetentionControl {
    /// Replaces the stream's retention policy (durably, in its `retention.json`) and applies it.
    public func setRetention(_ path: StreamPath, _ retention: StreamRetention) async throws(StreamStorageError)
        -> StreamInfo
    {
        let stream = try await lookup(path, touch: false)
        let start = try stream.state.withLock { state throws(StreamStorageError) -> UInt64 in
            try state.requireLive()
            state.setRetention(retention)
            return state.retainedStart
        }
        try await persistRetention(stream, start: start)
        _ = try await compact(stream, budget: RetentionRules.budgetPerPass)
        return try stream.state.withLock { state throws(StreamStorageError) in
            try state.requireLive()
            return stream.info(state)
        }
    }

    /// Applies every stream's retention, at most `budget` dropped appends per stream.
    @discardableResult
    public func compactRetained(budget: Int) async -> Int {
        let streams = catalog.withLock { Array($0.streams.values) }
        var dropped = 0
        for stream in streams {
            do {
                dropped += try await compact(stream, budget: budget)
            } catch {
                options.log?(.init(.warning, "retention pass failed", metadata: ["error": "\(error.message)"]))
            }
        }
        return dropped
    }

    /// Notes an append's time and applies the stream's retention on the way.
    func retainAfterAppend(_ stream: FileStream, result: AppendResult) async {
        guard case .appended(let tail, _) = result else { return }
        let time = options.now()
        stream.retention.withLock { $0.times.record(end: tail.position, at: time) }
        guard !stream.state.withLock({ $0.decided.configuration.retention.keepsEverything }) else { return }
        do {
            _ = try await compact(stream, budget: RetentionRules.budgetOnAppend)
        } catch {
            options.log?(.init(.warning, "retention on append failed", metadata: ["error": "\(error.message)"]))
        }
    }

    /// One pass over one stream: reads its oldest records while the policy drops them, moves the retained start
    /// past them, records the state as of it, and releases the log's bytes below it unless forks read them.
    func compact(_ stream: FileStream, budget: Int) async throws(StreamStorageError) -> Int {
        let claimed = stream.retention.withLock { retention -> Bool in
            defer { retention.isCompacting = true }
            return !retention.isCompacting
        }
        guard claimed else { return 0 }
        defer { stream.retention.withLock { $0.isCompacting = false } }
        let (policy, start, tail, initial, isLive) = stream.state.withLock { state in
            (
                state.decided.configuration.retention, state.retainedStart, state.committedTail.position,
                StreamState(configuration: state.decided.configuration, tail: StreamOffset(position: stream.base)),
                !state.isRemoved && !state.isSoftDeleted
            )
        }
        guard isLive, !policy.keepsEverything, start < tail else { return 0 }
        let (times, unknownTime, recoveredEnd, snapshot) = stream.retention.withLock {
            ($0.times, $0.unknownTime, $0.recoveredEnd, $0.snapshot)
        }
        let now = options.now()
        let base = stream.base
        guard let fd = try borrowLog(stream) else { return 0 }
        defer { stream.releaseDescriptor() }
        let logPath = stream.logPath
        let (newStart, dropped, state) = try await pool.run {
            () throws(StreamStorageError) -> (UInt64, Int, StreamState) in
            var records: [UInt64: LogRecord] = [:]
            var failure: StreamStorageError?
            let pass = RetentionRules.pass(from: start, tail: tail, policy: policy, now: now, budget: budget) {
                position in
                let end: UInt64
                if position < base {
                    end = base  // a fork's inherited range: one append
                } else {
                    do throws(StreamStorageError) {
                        let record = try Self.record(fd: fd, logPath: logPath, at: position - base)
                        records[position] = record
                        end = position + UInt64(record.length)
                    } catch {
                        failure = error
                        return nil
                    }
                }
                let unmarked = end <= recoveredEnd ? unknownTime : now
                return RetentionRules.Append(
                    start: position, end: end, appendedAt: times.latestTime(ofAppendEndingAt: end) ?? unmarked)
            }
            if let failure, pass.dropped == 0 { throw failure }
            var state = snapshot ?? initial
            for (position, record) in records.sorted(by: { $0.key < $1.key }) where position < pass.start {
                Recovery.apply(record, at: position, to: &state)
            }
            return (pass.start, pass.dropped, state)
        }
        guard dropped > 0 else { return 0 }
        stream.retention.withLock {
            $0.snapshot = state
            $0.times.forget(upTo: newStart)
        }
        let forks = stream.state.withLock { state -> Int in
            state.retainedStart = max(state.retainedStart, newStart)
            return state.forkCount
        }
        try await persistRetention(stream, start: newStart)
        if forks == 0 { await release(stream, below: newStart) }
        return dropped
    }

    /// Releases the bytes of the stream's log below `start` (on Linux, by punching a hole: offsets stay), but none
    /// that a response still sends from the file (``FileStream/pin(_:)``): those wait for its end.
    func release(_ stream: FileStream, below start: UInt64) async {
        let base = stream.base
        let target = stream.retention.withLock { retention -> UInt64? in
            var target = start
            if let lowest = retention.lowestPin, lowest < start {
                target = lowest
                retention.postponedRelease = max(retention.postponedRelease ?? 0, start)
            }
            return target > base && retention.releasedTo < target ? target : nil
        }
        guard let target else { return }
        // Whole pages only: a hole zeroes the part of a page it covers in place, and bytes that `sendfile` queued
        // on a socket still refer to the page; a whole page leaves the file and keeps its bytes for the socket.
        let page = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
        let length = Int(target - base) / page * page
        guard length > 0, let fd = try? borrowLog(stream) else { return }
        defer { stream.releaseDescriptor() }
        let released = await pool.run { () -> Bool in System.releasePrefix(fd, length: length) }
        if released { stream.retention.withLock { $0.releasedTo = max($0.releasedTo, target) } }
    }

    /// Writes the stream's `retention.json`: its policy, retained start and state as of it.
    func persistRetention(_ stream: FileStream, start: UInt64) async throws(StreamStorageError) {
        let (configuration, initialTail) = stream.state.withLock { ($0.decided.configuration, stream.base) }
        let snapshot =
            stream.retention.withLock { $0.snapshot }
            ?? StreamState(configuration: configuration, tail: StreamOffset(position: initialTail))
        let file = RetentionFile(start: start, retention: configuration.retention, state: snapshot)
        let (directory, syncs, fileMode) = (stream.directory, options.syncPolicy.syncsMetadata, options.fileMode)
        do throws(FileIOError) {
            try await pool.run { () throws(FileIOError) in
                try file.write(in: directory, syncs: syncs, fileMode: fileMode)
            }
        } catch {
            throw .storageFailure(error)
        }
    }

    /// Reads one whole record at `position` of a log.
    private static func record(fd: Int32, logPath: String, at position: UInt64) throws(StreamStorageError)
        -> LogRecord
    {
        var buffer = [UInt8](repeating: 0, count: LogRecord.headerSize)
        while true {
            let want = buffer.count
            let got: Int
            do throws(FileIOError) {
                got = try buffer.withMutableBytes { raw throws(FileIOError) in
                    try FileIO.read(fd, into: raw, at: position, path: logPath)
                }
            } catch {
                throw .storageFailure(error)
            }
            guard got == want else { throw .storageFailure("\(logPath) is shorter than its committed length") }
            let decoded = buffer.withUnsafeBytes { LogRecord.decode($0, at: 0, verify: false) }
            switch decoded {
            case .record(let record): return record
            case .incomplete(let needed): buffer = [UInt8](repeating: 0, count: needed)
            case .invalid: throw .storageFailure("\(logPath) has a corrupt record at position \(position)")
            }
        }
    }

    /// Borrows a stream's log descriptor.
    private func borrowLog(_ stream: FileStream) throws(StreamStorageError) -> Int32? {
        do throws(FileIOError) {
            return try stream.borrowDescriptor()
        } catch {
            throw .storageFailure(error)
        }
    }

    /// Runs a read; when it fails and retention has meanwhile dropped its start, reports that instead.
    func droppedWhileReading<Value>(
        _ stream: FileStream, from: StreamOffset, asSource: Bool,
        _ body: () async throws(StreamStorageError) -> Value
    ) async throws(StreamStorageError) -> Value {
        do {
            return try await body()
        } catch {
            let retained = StreamOffset(position: stream.state.withLock { $0.retainedStart })
            if !asSource, from < retained { throw .offsetDropped(earliest: retained) }
            throw error
        }
    }
}
