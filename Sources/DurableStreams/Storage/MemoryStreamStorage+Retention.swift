import Foundation

@available(OS2022, *)
extension MemoryStreamStorage: StreamRetentionControl {
    /// Replaces the stream's retention policy and applies it.
    public func setRetention(_ path: StreamPath, _ retention: StreamRetention) async throws(StreamStorageError)
        -> StreamInfo
    {
        let stream = try lookup(path, touch: false)
        let time = now()
        return try stream.contents.withLock { contents throws(StreamStorageError) -> StreamInfo in
            try StreamStorageError.requireLive(deleted: contents.isDeleted, softDeleted: contents.isSoftDeleted)
            contents.state.configuration.retention = retention
            Self.applyRetention(to: &contents, of: stream, at: time, budget: RetentionRules.budgetPerPass)
            return stream.info(contents)
        }
    }

    /// Applies every stream's retention, at most `budget` dropped appends per stream.
    @discardableResult
    public func compactRetained(budget: Int) async -> Int {
        compactPass(budget: budget)
    }

    /// The background pass (also run by the periodic sweep).
    @discardableResult
    func compactPass(budget: Int = RetentionRules.budgetPerPass) -> Int {
        let time = now()
        let streams = catalog.withLock { Array($0.streams.values) }
        var dropped = 0
        for stream in streams {
            dropped += stream.contents.withLock { contents in
                Self.applyRetention(to: &contents, of: stream, at: time, budget: budget)
            }
        }
        return dropped
    }

    /// Moves the stream's retained start past the appends its policy drops (at most `budget`), and releases
    /// their bytes unless forks still read them. Returns how many appends were dropped.
    @discardableResult
    static func applyRetention(to contents: inout Contents, of stream: Stream, at time: Date, budget: Int) -> Int {
        guard !contents.isDeleted else { return 0 }
        let policy = contents.state.configuration.retention
        let log = contents.log
        let times = contents.times
        let (start, dropped) = RetentionRules.pass(
            from: contents.retainedStart, tail: contents.state.tail.position, policy: policy, now: time,
            budget: budget
        ) { start in
            // A fork's inherited range is one append, made when the fork was created.
            guard let end = start < log.base ? log.base : log.end(ofAppendAt: start) else { return nil }
            return RetentionRules.Append(
                start: start, end: end, appendedAt: times.latestTime(ofAppendEndingAt: end) ?? time)
        }
        contents.retainedStart = start
        if contents.forkCount == 0, start > log.floor, start >= log.base {
            contents.log.drop(upTo: start)
            contents.times.forget(upTo: start)
        }
        return dropped
    }

}
