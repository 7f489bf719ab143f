import CourierPrimitives
public import Foundation

@available(OS2022, *)
extension FileStreamStorage {
    /// When appended records are forced to disk (`fdatasync`) relative to acknowledging them.
    public struct SyncPolicy: Sendable, Equatable, CustomStringConvertible {
        private enum Kind: Equatable {
            case everyAppend
            case periodically(Duration)
            case never
        }

        private let kind: Kind

        /// Sync before acknowledging: an acknowledged append survives a crash of the process, the operating
        /// system or the machine. Appends that arrive together share one sync (group commit). The default.
        public static let everyAppend = SyncPolicy(kind: .everyAppend)

        /// Acknowledge once written to the operating system, and sync every `interval`: an acknowledged
        /// append survives a crash of the process; a power loss may lose the last `interval` of appends.
        public static func periodically(_ interval: Duration) -> SyncPolicy {
            SyncPolicy(kind: .periodically(interval))
        }

        /// Acknowledge once written to the operating system and leave syncing to it: an acknowledged append
        /// survives a crash of the process, not necessarily a power loss.
        public static let never = SyncPolicy(kind: .never)

        /// The sync interval of ``periodically(_:)``, in seconds.
        var interval: TimeInterval? {
            if case .periodically(let interval) = kind { return max(0.001, interval.inSeconds) }
            return nil
        }

        /// Whether directory changes (create, delete) and recovery truncations are synced.
        var syncsMetadata: Bool { kind != .never }

        /// `every-append`, `periodic(<seconds>s)` or `never`.
        public var description: String {
            switch kind {
            case .everyAppend: "every-append"
            case .periodically(let interval): "periodic(\(interval))"
            case .never: "never"
            }
        }
    }

    /// How a file store runs.
    public struct Options: Sendable {
        /// When records are synced; ``SyncPolicy/everyAppend`` by default.
        public var syncPolicy: SyncPolicy
        /// How many commit threads write and sync (streams are spread over them); 2 by default.
        public var commitThreads: Int
        /// How many threads serve reads and directory operations; 2 by default.
        public var ioThreads: Int
        /// How often expired streams are removed even if nobody touches them.
        public var sweepInterval: Duration
        /// The clock for expiry (tests pass a manual one).
        public var now: @Sendable () -> Date
        /// Whether the owner's group may read and write the data directory's files: off by default, so files
        /// are created `0600` and directories `0700` whatever the umask; on, `0660` and `0770`.
        public var groupAccess: Bool
        /// How many stream logs may stay open at once; `nil` (the default) derives it from the process's
        /// open-file limit (half of `RLIMIT_NOFILE`, between 16 and 65,536). Idle logs beyond it are closed,
        /// least recently used first, and reopened on their next use.
        public var maximumOpenLogs: Int?
        /// Receives what an operator should see (``LogEntry``): recovery starting (`info`), commits postponed
        /// for lack of file descriptors (`warning`, at most once a second), background sync failures (`error`).
        /// `nil` (the default) logs nothing. Called on the store's threads: keep it quick.
        public var log: (@Sendable (LogEntry) -> Void)?

        /// Creates options.
        public init(
            syncPolicy: SyncPolicy = .everyAppend,
            commitThreads: Int = 2,
            ioThreads: Int = 2,
            sweepInterval: Duration = .seconds(60),
            now: @escaping @Sendable () -> Date = { Date() },
            groupAccess: Bool = false,
            maximumOpenLogs: Int? = nil,
            log: (@Sendable (LogEntry) -> Void)? = nil
        ) {
            self.log = log
            self.groupAccess = groupAccess
            self.maximumOpenLogs = maximumOpenLogs
            self.syncPolicy = syncPolicy
            self.commitThreads = max(1, commitThreads)
            self.ioThreads = max(1, ioThreads)
            self.sweepInterval = sweepInterval
            self.now = now
        }
    }
}

@available(OS2022, *)
extension FileStreamStorage.Options {
    /// The mode of files the store creates.
    var fileMode: mode_t { groupAccess ? 0o660 : 0o600 }
    /// The mode of directories the store creates.
    var directoryMode: mode_t { groupAccess ? 0o770 : 0o700 }
    /// How many logs stay open: ``maximumOpenLogs``, or half the open-file limit.
    var openLogCapacity: Int {
        if let maximumOpenLogs { return max(1, maximumOpenLogs) }
        let limit = System.openFiles()?.current ?? 1024
        return Int(min(max(limit / 2, 16), 65_536))
    }
}
