import Foundation

/// Everything that can go wrong in a wormhole, as one typed error.
///
/// Every public throwing API throws this type (`throws(WormholeError)`), and streams deliver it as a value
/// (``Delivery/Content/failure(_:)``) rather than ending. Cases carry enough context to act on: the identifier,
/// the path, the reason.
public enum WormholeError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The identifier cannot be used (empty, or too long once escaped).
    case invalidIdentifier(String, reason: String)
    /// The app group's shared container does not exist or is not accessible to this process. On Apple
    /// platforms this usually means the App Groups capability or the group identifier is wrong.
    case containerUnavailable(appGroup: String, reason: String)
    /// The message directory is missing and cannot be created, is not a directory, or is not writable.
    case directoryUnavailable(path: String, reason: String)
    /// A message is larger than ``Configuration/maximumMessageSize``.
    case messageTooLarge(MessageIdentifier, size: Int, limit: Int)
    /// A queue's sequence numbers reached `UInt64.max`: nothing more can be appended until the queue is cleared
    /// (``Wormhole/clearMessage(for:notify:)``), which restarts its numbering at 1. (Latest-value identifiers
    /// never fail this way: their numbering restarts at 1 after `UInt64.max`, as after a clear.)
    case sequenceExhausted(MessageIdentifier)
    /// The serializer could not encode a value.
    case encodingFailed(MessageIdentifier, type: String, reason: String)
    /// A stored message is intact but its payload does not decode as the requested type.
    case decodingFailed(MessageIdentifier, type: String, sequence: UInt64?, reason: String)
    /// A stored file is not a complete wormhole message: truncated, corrupt, or written by something else.
    case corruptMessage(MessageIdentifier, sequence: UInt64?, reason: String)
    /// A file-system operation failed.
    case fileSystem(operation: String, path: String, reason: String)
    /// Posting or observing a cross-process notification failed.
    case notificationFailed(name: String, reason: String)
    /// The strategy does not support the requested operation (for example, queue mode on user defaults).
    case unsupported(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidIdentifier(let identifier, let reason):
            return "invalid identifier \"\(identifier)\": \(reason)"
        case .containerUnavailable(let group, let reason):
            return "the shared container for app group \"\(group)\" is unavailable: \(reason)"
        case .directoryUnavailable(let path, let reason):
            return "the message directory \(path) is unavailable: \(reason)"
        case .messageTooLarge(let identifier, let size, let limit):
            return "the message for \"\(identifier)\" is \(size) bytes, over the limit of \(limit) bytes"
        case .sequenceExhausted(let identifier):
            return
                "the queue \"\(identifier)\" used its last sequence number (\(UInt64.max)); clear it to start again at 1"
        case .encodingFailed(let identifier, let type, let reason):
            return "cannot encode \(type) for \"\(identifier)\": \(reason)"
        case .decodingFailed(let identifier, let type, let sequence, let reason):
            return "cannot decode message\(Self.numbered(sequence)) for \"\(identifier)\" as \(type): \(reason)"
        case .corruptMessage(let identifier, let sequence, let reason):
            return "the stored message\(Self.numbered(sequence)) for \"\(identifier)\" is unreadable: \(reason)"
        case .fileSystem(let operation, let path, let reason):
            return "\(operation) \(path) failed: \(reason)"
        case .notificationFailed(let name, let reason):
            return "notification \"\(name)\" failed: \(reason)"
        case .unsupported(let what):
            return "unsupported: \(what)"
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    private static func numbered(_ sequence: UInt64?) -> String {
        sequence.map { " #\($0)" } ?? ""
    }
}
