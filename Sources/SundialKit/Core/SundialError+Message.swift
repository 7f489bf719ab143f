public import Foundation

extension SundialError: LocalizedError {
    /// What went wrong, in one sentence (``message``).
    public var errorDescription: String? { message }

    /// What to do about it, where there is something to do.
    public var recoverySuggestion: String? {
        switch code {
        case .sessionNotActivated, .sessionInactive: "Activate the session and wait for it to complete."
        case .notReachable: "Send with application context or a user-info transfer, or wait for reachability."
        case .payloadTooLarge: "Send large payloads as a file transfer, or split them."
        case .payloadUnsupportedTypes: "Use only String, numbers, Bool, Data, Date, arrays and [String: …]."
        case .companionAppNotInstalled, .deviceNotPaired: "Install the counterpart app on the paired device."
        case .sessionInUse: "Share one ConnectivityManager (or observer) for the whole app."
        default: nil
        }
    }

    /// The sentence for a code and its context.
    static func message(_ code: Code, _ context: Context) -> String {
        let detail = context.detail ?? ""
        let key = context.key ?? ""
        let expected = context.expected ?? "?"
        let actual = context.actual ?? "?"
        let size = context.size.map(String.init) ?? "?"
        let limit = context.limit.map(String.init) ?? "?"
        let watchConnectivityCode = context.watchConnectivityCode.map(String.init) ?? "?"
        return switch code.base {
        case .sessionNotSupported: "WatchConnectivity is not supported on this device."
        case .sessionNotActivated: "The connectivity session has not been activated."
        case .sessionInactive: "The connectivity session is inactive."
        case .activationTimedOut: "The connectivity session did not finish activating in time."
        case .activationFailed: "The connectivity session failed to activate: \(detail)"
        case .sessionMissingDelegate: "The connectivity session has no delegate."
        case .sessionInUse: "Another connectivity manager already drives this device's session."
        case .deviceNotPaired: "No Apple Watch is paired with this iPhone."
        case .companionAppNotInstalled: "The counterpart app is not installed."
        case .notReachable: "The counterpart app is not reachable."
        case .watchOnlyApp: "This watch-only app has no iPhone counterpart."
        case .messageReplyTimedOut: "The counterpart did not reply in time."
        case .messageReplyFailed: "The counterpart's reply failed."
        case .replyAlreadySent: "A reply was already sent for this message."
        case .invalidParameter: "Invalid parameter: \(detail)"
        case .payloadTooLarge: "The payload is \(size) bytes; the limit is \(limit) bytes."
        case .payloadUnsupportedTypes: "The payload holds a non-property-list value: \(detail)"
        case .deliveryFailed: "The message could not be delivered."
        case .cancelled: "The operation was cancelled."
        case .transferTimedOut: "The transfer timed out."
        case .insufficientSpace: "There is not enough space for the transfer."
        case .fileNotAccessible: "The file cannot be read."
        case .fileAccessDenied: "Access to the file was denied."
        case .genericErrorCode: "WatchConnectivity error \(watchConnectivityCode)."
        case .monitoringUnavailable: "Network monitoring is unavailable: \(detail)"
        case .monitoringFailed: "Network monitoring failed: \(detail)"
        case .pingTimeout: "The network ping timed out."
        case .pingFailed: "The network ping failed: \(detail)"
        case .invalidConfiguration: "Invalid network configuration: \(detail)"
        case .platformUnsupported: "Network monitoring is not supported on this platform."
        case .missingTypeKey: "The message has no \"__type\" key."
        case .unknownMessageType: "No message type is registered for key \"\(key)\"."
        case .duplicateMessageKey: "More than one message type is registered for key \"\(key)\"."
        case .typeMismatch: "\"\(key)\" should be \(expected) but is \(actual)."
        case .missingField: "The required field \"\(key)\" is missing."
        case .missingBinaryData: "The binary message has no \"__data\"."
        case .notBinaryMessagable: "The type registered for \"\(key)\" cannot decode binary messages."
        case .invalidFormat: "The binary message is malformed: \(detail)"
        case .invalidTypeKey: "The binary message's type key is not valid UTF-8."
        case .invalidDataSize: "Expected \(size) bytes of data, got \(limit)."
        case .encodingFailed: "The message could not be encoded: \(detail)"
        case .decodingFailed: "The message could not be decoded as \(key): \(detail)"
        case .unsupportedValue: "Not a property-list value: \(detail)"
        }
    }
}
