@available(OS2022, *)
extension FileStreamStorage {
    /// One thing the file store tells an operator: recovery starting, a resource limit reached, a failure in
    /// work no request waits for. Never stream contents, producer ids or paths' queries.
    ///
    /// The store hands entries to ``Options/log``; the server writes them to its swift-log `Logger`.
    public struct LogEntry: Sendable, CustomStringConvertible {
        /// How much an entry matters.
        public enum Level: String, Sendable {
            /// Progress worth knowing (start-up).
            case info
            /// A limit reached that the store works around (out of file descriptors).
            case warning
            /// A failure that may lose durability or fail streams (a background sync failed).
            case error
        }

        /// How much it matters.
        public let level: Level
        /// What happened, one line.
        public let message: String
        /// Details, such as `file`, `error`, `streams`, or `suppressed` (how many like it were held back).
        public let metadata: [String: String]

        /// Creates an entry.
        public init(_ level: Level, _ message: String, metadata: [String: String] = [:]) {
            self.level = level
            self.message = message
            self.metadata = metadata
        }

        /// `level: message key=value …`, keys sorted.
        public var description: String {
            let details = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return ([level.rawValue + ": " + message] + details).joined(separator: " ")
        }
    }
}

/// Where the file store's entries go: ``FileStreamStorage/Options/log`` if set, nowhere otherwise; warnings that
/// repeat (one per postponed commit) at most once a second each.
@available(OS2022, *)
final class StoreLog: Sendable {
    private let handler: (@Sendable (FileStreamStorage.LogEntry) -> Void)?
    private let descriptorThrottle = LogThrottle()

    init(_ handler: (@Sendable (FileStreamStorage.LogEntry) -> Void)?) {
        self.handler = handler
    }

    /// Logs an entry.
    func callAsFunction(_ entry: FileStreamStorage.LogEntry) {
        handler?(entry)
    }

    /// Warns that writes wait for a descriptor, at most once a second.
    func outOfDescriptors(_ error: FileIOError, waiting what: String) {
        guard handler != nil, let suppressed = descriptorThrottle.admit() else { return }
        var metadata = ["error": error.description, "retry_ms": "50"]
        if suppressed > 0 { metadata["suppressed"] = "\(suppressed)" }
        self(.init(.warning, "out of file descriptors: \(what) postponed", metadata: metadata))
    }
}
