public import Foundation

/// The errors the built-in strategies, serializers and notifiers throw, with their standard messages. Custom
/// strategies and serializers may throw them too.
@available(OS2021, *)
extension WormholeError {
    /// The identifier cannot be used.
    public static func invalidIdentifier(_ identifier: String, reason: String) -> WormholeError {
        WormholeError(
            .invalidIdentifier, "invalid identifier \"\(identifier)\": \(reason)", reason: reason,
            context: Context(identifier: MessageIdentifier(identifier)))
    }

    /// The app group's shared container is unavailable.
    public static func containerUnavailable(appGroup: String, reason: String) -> WormholeError {
        WormholeError(
            .containerUnavailable, "the shared container for app group \"\(appGroup)\" is unavailable: \(reason)",
            reason: reason, context: Context(appGroup: appGroup))
    }

    /// The message directory is unavailable.
    public static func directoryUnavailable(
        path: String, reason: String, underlying: (any Error & Sendable)? = nil
    ) -> WormholeError {
        WormholeError(
            .directoryUnavailable, "the message directory \(path) is unavailable: \(reason)", reason: reason,
            underlying: underlying, context: Context(path: path))
    }

    /// A message is larger than the limit.
    public static func messageTooLarge(_ identifier: MessageIdentifier, size: Int, limit: Int) -> WormholeError {
        WormholeError(
            .messageTooLarge, "the message for \"\(identifier)\" is \(size) bytes, over the limit of \(limit) bytes",
            reason: "\(size) bytes, over the limit of \(limit)",
            context: Context(identifier: identifier, size: size, limit: limit))
    }

    /// A queue used its last sequence number.
    public static func sequenceExhausted(_ identifier: MessageIdentifier) -> WormholeError {
        WormholeError(
            .sequenceExhausted,
            "the queue \"\(identifier)\" used its last sequence number (\(UInt64.max)); clear it to start again at 1",
            context: Context(identifier: identifier, sequence: .max))
    }

    /// The serializer could not encode a value.
    public static func encodingFailed(
        _ identifier: MessageIdentifier, type: String, reason: String, underlying: (any Error & Sendable)? = nil
    ) -> WormholeError {
        WormholeError(
            .encodingFailed, "cannot encode \(type) for \"\(identifier)\": \(reason)", reason: reason,
            underlying: underlying, context: Context(identifier: identifier, type: type))
    }

    /// A stored payload does not decode as the requested type.
    public static func decodingFailed(
        _ identifier: MessageIdentifier, type: String, sequence: UInt64?, reason: String,
        underlying: (any Error & Sendable)? = nil
    ) -> WormholeError {
        WormholeError(
            .decodingFailed, "cannot decode message\(numbered(sequence)) for \"\(identifier)\" as \(type): \(reason)",
            reason: reason, underlying: underlying,
            context: Context(identifier: identifier, type: type, sequence: sequence))
    }

    /// A stored file is not a complete wormhole message.
    public static func corruptMessage(_ identifier: MessageIdentifier, sequence: UInt64?, reason: String)
        -> WormholeError
    {
        WormholeError(
            .corruptMessage, "the stored message\(numbered(sequence)) for \"\(identifier)\" is unreadable: \(reason)",
            reason: reason, context: Context(identifier: identifier, sequence: sequence))
    }

    /// A file-system operation failed.
    public static func fileSystem(
        operation: String, path: String, reason: String, underlying: (any Error & Sendable)? = nil
    ) -> WormholeError {
        WormholeError(
            .fileSystem, "\(operation) \(path) failed: \(reason)", reason: reason, underlying: underlying,
            context: Context(path: path, operation: operation))
    }

    /// Posting or observing a notification failed.
    public static func notificationFailed(name: String, reason: String) -> WormholeError {
        WormholeError(
            .notificationFailed, "notification \"\(name)\" failed: \(reason)", reason: reason,
            context: Context(notification: name))
    }

    /// The strategy does not support the operation.
    public static func unsupported(_ what: String) -> WormholeError {
        WormholeError(.unsupported, "unsupported: \(what)", reason: what)
    }

    /// The same error about the message numbered `sequence` (decoding and corruption errors; others unchanged).
    public func numbered(_ sequence: UInt64?) -> WormholeError {
        guard let identifier = context.identifier else { return self }
        var renumbered: WormholeError
        switch code {
        case .decodingFailed:
            renumbered = .decodingFailed(
                identifier, type: context.type ?? "?", sequence: sequence, reason: reason, underlying: underlying)
        case .corruptMessage:
            renumbered = .corruptMessage(identifier, sequence: sequence, reason: reason)
        default:
            return self
        }
        renumbered.underlying = underlying
        return renumbered
    }

    private static func numbered(_ sequence: UInt64?) -> String {
        sequence.map { " #\($0)" } ?? ""
    }
}

@available(OS2021, *)
extension WormholeError: LocalizedError {
    /// The same as ``message``.
    public var errorDescription: String? { message }
}

@available(OS2021, *)
extension WormholeError {
    /// A request got no answer in time.
    @available(OS2022, *)
    public static func requestTimedOut(_ identifier: MessageIdentifier, after timeout: Duration) -> WormholeError {
        WormholeError(
            .requestTimedOut, "the request to \"\(identifier)\" got no answer within \(timeout)",
            reason: "no answer within \(timeout)", context: Context(identifier: identifier))
    }

    /// Nobody answers requests to the identifier (none responds, or the responder stopped before answering).
    public static func noResponder(_ identifier: MessageIdentifier, reason: String) -> WormholeError {
        WormholeError(
            .noResponder, "no process answers requests to \"\(identifier)\": \(reason)", reason: reason,
            context: Context(identifier: identifier))
    }

    /// The responder could not handle the request.
    public static func requestFailed(_ identifier: MessageIdentifier, reason: String) -> WormholeError {
        WormholeError(
            .requestFailed, "the responder of \"\(identifier)\" failed: \(reason)", reason: reason,
            context: Context(identifier: identifier))
    }

    /// Another responder already answers requests to the identifier.
    public static func alreadyResponding(_ identifier: MessageIdentifier) -> WormholeError {
        WormholeError(
            .alreadyResponding, "another responder already answers requests to \"\(identifier)\"",
            reason: "another responder is running", context: Context(identifier: identifier))
    }
}
