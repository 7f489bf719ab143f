import Foundation

/// A stream's `meta.json`: what the log does not say.
struct StreamMeta: Codable {
    static let currentFormat = 1

    var format: Int
    var path: String
    var contentType: String
    var ttlSeconds: UInt64?
    var expiresAt: String?
    var createdAt: Double

    init(path: StreamPath, configuration: StreamConfiguration, createdAt: Date) {
        format = Self.currentFormat
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
        guard meta.format == currentFormat else {
            throw FileIOError(message: "\(location): unknown metadata format \(meta.format)")
        }
        let path: StreamPath
        do {
            path = try StreamPath(validating: meta.path)
        } catch {
            throw FileIOError(message: "\(location): invalid stream path \(meta.path) (\(error))")
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
