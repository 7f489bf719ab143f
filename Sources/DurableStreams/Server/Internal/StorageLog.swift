import DurableStreamsStorage
import Logging

extension Logger {
    /// Writes the file store's entries (recovery, descriptor warnings, background failures) to this logger.
    @available(OS2023, *)
    var storageLog: @Sendable (FileStreamStorage.LogEntry) -> Void {
        { [self] entry in
            let level: Logger.Level =
                switch entry.level {
                case .info: .info
                case .warning: .warning
                case .error: .error
                }
            log(level: level, "\(entry.message)", metadata: entry.metadata.mapValues { .string($0) })
        }
    }
}
