import Foundation
import Logging

/// Collects every log line (message and metadata) of one logger, for tests that read the log.
@available(OS2023, *)
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    /// A logger at `level` that writes here.
    func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "clerk.test") { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    var text: String { lock.withLock { lines.joined(separator: "\n") } }

    fileprivate func append(_ line: String) {
        lock.withLock { lines.append(line) }
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
            capture.append("[\(event.level)] \(event.message) \(merged)")
        }
    }
}
