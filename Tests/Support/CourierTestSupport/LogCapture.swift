import CourierPrimitives
public import Logging

/// One log record a test captured.
public struct CapturedRecord: Sendable {
    /// The record's level.
    public let level: Logger.Level
    /// The message, as text.
    public let message: String
    /// The logger's and the event's metadata (the event's wins), values as text.
    public let metadata: [String: String]
    /// `[level] message [metadata]`, as ``LogCapture/text`` joins them.
    public let line: String
}

/// Keeps every record of the loggers it makes, for tests that read the log (what it says, and that no secret is
/// in it).
public final class LogCapture: Sendable {
    private let captured = Locked<[CapturedRecord]>([])

    /// An empty capture.
    public init() {}

    /// A logger at `level` that writes here.
    public func logger(label: String = "test", level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: label) { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    /// The records so far, in order.
    public var records: [CapturedRecord] { captured.value }

    /// The records' lines, one per line.
    public var text: String { captured.value.map(\.line).joined(separator: "\n") }

    fileprivate func append(_ record: CapturedRecord) {
        captured.withLock { $0.append(record) }
    }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            capture.append(
                CapturedRecord(
                    level: event.level, message: "\(event.message)",
                    metadata: merged.mapValues { "\($0)" }, line: "[\(event.level)] \(event.message) \(merged)"))
        }
    }
}
