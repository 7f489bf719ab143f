import Foundation

extension ConnectivityError: LocalizedError {
    /// What went wrong, in one sentence.
    public var errorDescription: String? {
        switch self {
        case .sessionNotSupported: "WatchConnectivity is not supported on this device."
        case .sessionNotActivated: "The connectivity session has not been activated."
        case .sessionInactive: "The connectivity session is inactive."
        case .activationTimedOut: "The connectivity session did not finish activating in time."
        case .activationFailed(let reason): "The connectivity session failed to activate: \(reason)"
        case .sessionMissingDelegate: "The connectivity session has no delegate."
        case .sessionInUse: "Another connectivity manager already drives this device's session."
        case .deviceNotPaired: "No Apple Watch is paired with this iPhone."
        case .companionAppNotInstalled: "The counterpart app is not installed."
        case .notReachable: "The counterpart app is not reachable."
        case .watchOnlyApp: "This watch-only app has no iPhone counterpart."
        case .messageReplyTimedOut: "The counterpart did not reply in time."
        case .messageReplyFailed: "The counterpart's reply failed."
        case .replyAlreadySent: "A reply was already sent for this message."
        case .invalidParameter(let reason): "Invalid parameter: \(reason)"
        case .payloadTooLarge(let size, let limit): "The payload is \(size) bytes; the limit is \(limit) bytes."
        case .payloadUnsupportedTypes(let detail): "The payload holds a non-property-list value: \(detail)"
        case .serialization(let error): error.errorDescription
        case .deliveryFailed: "The message could not be delivered."
        case .cancelled: "The operation was cancelled."
        case .transferTimedOut: "The transfer timed out."
        case .insufficientSpace: "There is not enough space for the transfer."
        case .fileNotAccessible: "The file cannot be read."
        case .fileAccessDenied: "Access to the file was denied."
        case .genericErrorCode(let code): "WatchConnectivity error \(code)."
        }
    }

    /// What to do about it, where there is something to do.
    public var recoverySuggestion: String? {
        switch self {
        case .sessionNotActivated, .sessionInactive: "Activate the session and wait for it to complete."
        case .notReachable: "Send with application context or a user-info transfer, or wait for reachability."
        case .payloadTooLarge: "Send large payloads as a file transfer, or split them."
        case .payloadUnsupportedTypes: "Use only String, numbers, Bool, Data, Date, arrays and [String: …]."
        case .companionAppNotInstalled, .deviceNotPaired: "Install the counterpart app on the paired device."
        case .sessionInUse: "Share one ConnectivityManager (or observer) for the whole app."
        default: nil
        }
    }
}
