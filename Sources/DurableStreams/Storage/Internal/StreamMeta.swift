import Foundation

/// A stream's `meta.json`: what the log does not say.
///
/// Format 1 describes a stream; format 2, written only for forks, adds where the fork came from (so that a
/// server that does not know forks refuses the directory instead of serving a fork without its history).
@available(OS2022, *)
struct StreamMeta: Codable {
    static let plainFormat = 1
    static let forkFormat = 2

    /// Where a fork came from: its source's directory name, the fork offset, and the sub-offset as asked.
    struct Fork: Codable, Equatable {
        var sourceIncarnation: String
        var offset: UInt64
        var subOffset: UInt64
    }

    var format: Int
    var path: String
    var contentType: String
    var ttlSeconds: UInt64?
    var expiresAt: String?
    var createdAt: Double
    var fork: Fork?

    init(path: StreamPath, configuration: StreamConfiguration, createdAt: Date, fork: Fork? = nil) {
        format = fork == nil ? Self.plainFormat : Self.forkFormat
        self.fork = fork
        self.path = path.value
        contentType = configuration.contentType
        switch configuration.expiry {
        case .never: break
        case .timeToLive(let seconds): ttlSeconds = seconds
        case .expiresAt(let timestamp): expiresAt = timestamp.text
        }
        self.createdAt = createdAt.timeIntervalSince1970
    }

    func encoded() throws(FileIOError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return Array(try encoder.encode(self))
        } catch {
            throw FileIOError(message: "cannot encode stream metadata: \(error)")
        }
    }

    static func decode(_ bytes: [UInt8], at location: String) throws(FileIOError) -> (
        StreamMeta, StreamPath, StreamConfiguration
    ) {
        let meta: StreamMeta
        do {
            meta = try JSONDecoder().decode(StreamMeta.self, from: Data(bytes))
        } catch {
            throw FileIOError(message: "\(location): unreadable stream metadata (\(error))")
        }
        guard meta.format == plainFormat && meta.fork == nil || meta.format == forkFormat && meta.fork != nil else {
            throw FileIOError(message: "\(location): unknown metadata format \(meta.format)")
        }
        if let fork = meta.fork {
            guard !fork.sourceIncarnation.isEmpty, fork.sourceIncarnation.utf8.allSatisfy({ $0 != UInt8(ascii: "/") })
            else { throw FileIOError(message: "\(location): invalid fork source \(fork.sourceIncarnation)") }
        }
        let path: StreamPath
        do {
            path = try StreamPath(validating: meta.path)
        } catch {
            throw FileIOError(message: "\(location): invalid stream path \(meta.path) (\(error.message))")
        }
        var expiry = StreamExpiry.never
        if let seconds = meta.ttlSeconds {
            expiry = .timeToLive(seconds: seconds)
        } else if let text = meta.expiresAt {
            guard let timestamp = StreamTimestamp(rfc3339: text) else {
                throw FileIOError(message: "\(location): invalid expiry \(text)")
            }
            expiry = .expiresAt(timestamp)
        }
        return (meta, path, StreamConfiguration(contentType: meta.contentType, expiry: expiry))
    }
}
