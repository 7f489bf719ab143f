import Foundation

@available(OS2022, *)
extension MemoryStreamStorage {
    /// The stream's status at `time`, counting as a use when `touch` is set and it is live.
    static func status(of stream: Stream, at time: Date, touch: Bool = false) -> StreamStatus {
        stream.contents.withLock { contents in
            if contents.isSoftDeleted { return .softDeleted }
            if StreamRules.isExpired(contents.state.configuration, lastUse: contents.lastUse, now: time) {
                return .expired
            }
            if touch { contents.lastUse = time }
            return .live(stream.info(contents))
        }
    }

    /// Deletes a stream (catalog locked): soft-deletes it while it has forks, otherwise removes it and
    /// releases its source. Returns whether it was soft-deleted.
    static func expire(_ stream: Stream, in catalog: inout Catalog, wakeups: inout Wakeups) -> Bool {
        let retained = stream.contents.withLock { contents -> Bool in
            guard contents.forkCount > 0 else { return false }
            contents.isSoftDeleted = true
            return true
        }
        if retained {
            wakeups.gone.append(stream.path)
        } else {
            purge(stream, from: &catalog, wakeups: &wakeups)
        }
        return retained
    }

    /// Removes a stream for good (catalog locked), then every soft-deleted ancestor it was the last fork of.
    static func purge(_ stream: Stream, from catalog: inout Catalog, wakeups: inout Wakeups) {
        var next: Stream? = stream
        while let current = next {
            next = nil
            current.contents.withLock { $0.isDeleted = true }
            if catalog.streams[current.path] === current {
                catalog.streams[current.path] = nil
                wakeups.deleted.append(current.path)
            }
            guard let origin = current.origin else { continue }
            let released = origin.source.contents.withLock { contents -> Bool in
                contents.forkCount -= 1
                return contents.forkCount <= 0 && contents.isSoftDeleted
            }
            if released { next = origin.source }
        }
    }
}
