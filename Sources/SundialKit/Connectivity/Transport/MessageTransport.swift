/// The WatchConnectivity transport a payload travels by.
public enum MessageTransport: String, Sendable, Hashable, CaseIterable {
    /// `sendMessage`: a live dictionary message with a reply; needs reachability.
    case message
    /// `sendMessageData`: live bytes with a reply; needs reachability.
    case data
    /// `transferUserInfo`: queued, delivered in order, even when the counterpart is not running.
    case userInfo
    /// `transferCurrentComplicationUserInfo` (iPhone only): a user-info transfer for the watch
    /// complication, sent ahead of the queue while the daily budget lasts.
    case currentUserInfo
    /// `updateApplicationContext`: the latest state; each update replaces the previous one.
    case applicationContext
    /// `transferFile`: a file and its metadata, queued.
    case file

    /// Whether the transport delivers while the counterpart is not reachable.
    public var isQueued: Bool {
        switch self {
        case .message, .data: false
        case .userInfo, .currentUserInfo, .applicationContext, .file: true
        }
    }

    /// Whether WatchConnectivity's 65,536-byte payload limit applies to this transport.
    public var hasPayloadLimit: Bool {
        switch self {
        case .message, .data, .applicationContext: true
        case .userInfo, .currentUserInfo, .file: false
        }
    }
}
