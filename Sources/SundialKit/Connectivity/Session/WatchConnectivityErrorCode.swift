/// The mapping from WatchConnectivity's `WCError` codes to ``ConnectivityError``, kept apart from the
/// WatchConnectivity adapter so that every case is tested on any platform.
package enum WatchConnectivityErrorCode {
    /// The typed error for a `WCError` code (`nil` when the error is not a `WCError`), with the error's
    /// description for the cases that carry one.
    package static func connectivityError(code: Int?, description: String, payloadLimit: Int) -> ConnectivityError {
        guard let code else { return .deliveryFailed }
        switch code {
        case 7002: return .sessionNotSupported
        case 7003: return .sessionMissingDelegate
        case 7004: return .sessionNotActivated
        case 7005: return .deviceNotPaired
        case 7006, 7018: return .companionAppNotInstalled
        case 7007: return .notReachable
        case 7008: return .invalidParameter(description)
        case 7009: return .payloadTooLarge(size: -1, limit: payloadLimit)
        case 7010: return .payloadUnsupportedTypes(description)
        case 7011: return .messageReplyFailed
        case 7012: return .messageReplyTimedOut
        case 7013: return .fileAccessDenied
        case 7014: return .deliveryFailed
        case 7015: return .insufficientSpace
        case 7016: return .sessionInactive
        case 7017: return .transferTimedOut
        case 7019: return .watchOnlyApp
        default: return .genericErrorCode(code)
        }
    }
}
