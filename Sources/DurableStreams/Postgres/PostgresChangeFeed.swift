import CourierPrimitives
import DurableStreamsStorage

/// What one node knows of the streams its readers wait on, fed by `NOTIFY` messages, the node's own commits
/// and the fallback poll; it wakes the readers through a ``StreamChangeNotifier``.
///
/// A stream is watched from before a reader looks it up until its wait ends, so a change committed after the
/// lookup is always merged into what the reader's wait re-checks: no wake-up is lost between the two.
@available(OS2022, *)
final class PostgresChangeFeed: Sendable {
    /// What a message says happened to a stream.
    enum Change: Sendable {
        case snapshot(StreamChangeNotifier.Snapshot)
        case deleted
        case gone
    }

    private struct Watched {
        var count = 0
        var snapshot: StreamChangeNotifier.Snapshot?
        var isDeleted = false
    }

    /// The `NOTIFY` channel (one per schema).
    let channel: String
    let notifier = StreamChangeNotifier()
    private let watched = Locked<[StreamPath: Watched]>([:])

    init(channel: String) {
        self.channel = channel
    }

    /// A message: one letter (`a` appended, `c` closed, `d` deleted, `g` soft-deleted), the tail's 16 hex
    /// digits, then the path. At most about 3 KiB, well below PostgreSQL's 8000-byte limit.
    static func message(_ change: Change, path: StreamPath) -> String {
        switch change {
        case .snapshot(let snapshot): (snapshot.isClosed ? "c" : "a") + snapshot.tail.token + path.value
        case .deleted: "d" + StreamOffset.zero.token + path.value
        case .gone: "g" + StreamOffset.zero.token + path.value
        }
    }

    /// Parses a message; `nil` for anything malformed (it is ignored: the fallback poll still catches up).
    static func parse(_ message: String) -> (Change, StreamPath)? {
        let utf8 = message.utf8
        guard utf8.count > 17, let kind = utf8.first else { return nil }
        let tailText = message.utf8.dropFirst().prefix(16)
        guard let tail = StreamOffset(token: Substring(tailText)),
            let path = try? StreamPath(validating: Substring(message.utf8.dropFirst(17)))
        else { return nil }
        switch kind {
        case UInt8(ascii: "a"): return (.snapshot(.init(tail: tail, isClosed: false)), path)
        case UInt8(ascii: "c"): return (.snapshot(.init(tail: tail, isClosed: true)), path)
        case UInt8(ascii: "d"): return (.deleted, path)
        case UInt8(ascii: "g"): return (.gone, path)
        default: return nil
        }
    }

    /// Starts watching a stream (before looking it up).
    func watch(_ path: StreamPath) {
        watched.withLock { $0[path, default: Watched()].count += 1 }
    }

    /// Stops watching a stream.
    func unwatch(_ path: StreamPath) {
        watched.withLock { watched in
            guard var entry = watched[path] else { return }
            entry.count -= 1
            watched[path] = entry.count > 0 ? entry : nil
        }
    }

    /// The streams watched now.
    var watchedPaths: [StreamPath] { watched.withLock { Array($0.keys) } }

    /// What the node knows of a watched stream: `nil` once it was deleted.
    func current(_ path: StreamPath) -> StreamChangeNotifier.Snapshot? {
        watched.withLock { watched in
            guard let entry = watched[path], !entry.isDeleted else { return nil }
            return entry.snapshot ?? StreamChangeNotifier.Snapshot(tail: .zero, isClosed: false)
        }
    }

    /// Merges a stream's state read from the database (tails only grow; closure and deletion stick).
    func merge(_ path: StreamPath, _ snapshot: StreamChangeNotifier.Snapshot) {
        watched.withLock { watched in
            guard var entry = watched[path] else { return }
            entry.isDeleted = false
            entry.snapshot = Self.combine(entry.snapshot, snapshot)
            watched[path] = entry
        }
    }

    /// Applies a change and wakes the readers it concerns.
    func receive(_ change: Change, for path: StreamPath) {
        switch change {
        case .snapshot(let snapshot):
            merge(path, snapshot)
            notifier.publish(path, tail: snapshot.tail, closed: snapshot.isClosed)
        case .deleted:
            watched.withLock { watched in watched[path]?.isDeleted = true }
            notifier.publishDeleted(path)
        case .gone:
            merge(path, StreamChangeNotifier.Snapshot(tail: .zero, isClosed: false, isGone: true))
            notifier.publishGone(path)
        }
    }

    /// Applies a `NOTIFY` payload.
    func receive(message: String) {
        guard let (change, path) = Self.parse(message) else { return }
        receive(change, for: path)
    }

    /// Applies the changes a transaction of this node committed.
    func publish(_ changes: StreamChanges) {
        for (path, snapshot) in changes.snapshots { receive(.snapshot(snapshot), for: path) }
        for path in changes.gone { receive(.gone, for: path) }
        for path in changes.deleted { receive(.deleted, for: path) }
    }

    private static func combine(
        _ old: StreamChangeNotifier.Snapshot?, _ new: StreamChangeNotifier.Snapshot
    ) -> StreamChangeNotifier.Snapshot {
        guard let old else { return new }
        return StreamChangeNotifier.Snapshot(
            tail: max(old.tail, new.tail), isClosed: old.isClosed || new.isClosed, isGone: old.isGone || new.isGone)
    }
}
